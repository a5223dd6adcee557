#!/bin/sh
# Makes sure the C library the build links against is present: libcmark,
# found through pkg-config (see scripts/apt-install.sh for how it installs).
set -eu
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark; then
    exit 0
fi
sh "$(dirname "$0")/apt-install.sh" sitegen libcmark-dev pkg-config
