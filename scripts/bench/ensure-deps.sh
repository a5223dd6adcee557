#!/bin/sh
# Makes sure the tools the benchmark measures with are present:
#   /usr/bin/time (package time) for peak RSS, gcc to compile the cmark
#   floor program, hugo to compare against, and wrk and nginx for the static
#   file figures of serve.py. Only /usr/bin/time and gcc are required:
#   without the others their comparison lines are left out.
set -eu
missing=""
[ -x /usr/bin/time ] || missing="$missing time"
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v hugo >/dev/null 2>&1 || missing="$missing hugo"
command -v wrk >/dev/null 2>&1 || missing="$missing wrk"
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="$missing nginx"
[ -z "$missing" ] && exit 0
# shellcheck disable=SC2086
sh "$(dirname "$0")/../apt-install.sh" "the benchmark" $missing && exit 0
# hugo, wrk and nginx are optional; the others are not.
[ -x /usr/bin/time ] && command -v gcc >/dev/null 2>&1
