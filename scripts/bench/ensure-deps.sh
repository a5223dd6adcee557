#!/bin/sh
# Makes sure the tools the benchmark measures with are present:
#   /usr/bin/time (package time) for peak RSS, gcc to compile the cmark
#   floor program, and hugo to compare against. Only /usr/bin/time and gcc
#   are required: without hugo the comparison columns are left out.
set -eu
missing=""
[ -x /usr/bin/time ] || missing="$missing time"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v hugo >/dev/null 2>&1 || missing="$missing hugo"
[ -z "$missing" ] && exit 0
# shellcheck disable=SC2086
sh "$(dirname "$0")/../apt-install.sh" "the benchmark" $missing && exit 0
# hugo alone is optional; the others are not.
[ -x /usr/bin/time ] && command -v gcc >/dev/null 2>&1
