#!/bin/sh
# Makes sure the tools the benchmark measures with are present:
#   /usr/bin/time (package time) for peak RSS, gcc to compile the cmark
#   floor program, and hugo to compare against. Installs what is missing
#   with apt-get when running as root; otherwise says what to run. Only
#   /usr/bin/time and gcc are required: without hugo the comparison columns
#   are left out.
set -eu
missing=""
[ -x /usr/bin/time ] || missing="$missing time"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v hugo >/dev/null 2>&1 || missing="$missing hugo"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing$missing with apt-get" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    exit 0
fi
echo "the benchmark wants:$missing; install with: sudo apt-get install$missing" >&2
# hugo alone is optional; the others are not.
[ -x /usr/bin/time ] && command -v gcc >/dev/null 2>&1
