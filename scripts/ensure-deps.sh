#!/bin/sh
# Makes sure the C libraries the build links against are present, found
# through pkg-config: libcmark (Markdown), libyaml (front matter),
# libmicrohttpd (`sitegen serve`) and tcmalloc (the allocator). See
# scripts/apt-install.sh for how they are installed.
set -eu
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark yaml-0.1 libmicrohttpd libtcmalloc_minimal; then
    exit 0
fi
sh "$(dirname "$0")/apt-install.sh" sitegen libcmark-dev libyaml-dev libmicrohttpd-dev libgoogle-perftools-dev pkg-config
