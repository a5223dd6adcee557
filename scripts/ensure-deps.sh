#!/bin/sh
# Makes sure the C library the build links against is present: libcmark,
# found through pkg-config. Installs it with apt-get when running as root;
# otherwise prints the command to run.
set -eu
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcmark; then
    exit 0
fi
packages="libcmark-dev pkg-config"
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing $packages with apt-get" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
    exit 0
fi
echo "sitegen needs libcmark; install it with: sudo apt-get install $packages" >&2
exit 1
