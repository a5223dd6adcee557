#!/bin/sh
# Installs Debian packages for one of the project's tools, the one way all
# of them do it: with apt-get when running as root, else by saying what to run.
#   usage: sh scripts/apt-install.sh "what needs them" PACKAGE...
# Exits non-zero when the packages could not be installed.
set -eu
purpose=$1
shift
[ $# -gt 0 ] || exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "$purpose needs: sudo apt-get install --no-install-recommends $*" >&2
    exit 1
fi
echo "installing $* with apt-get" >&2
log=$(mktemp)
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"; } >"$log" 2>&1; then
    tail -20 "$log" >&2
    rm -f "$log"
    exit 1
fi
rm -f "$log"
