#!/usr/bin/env bash
# The acceptance checks, once their tools are installed (run.sh): builds the
# site a second time for a sub-path, builds the small fixture site in
# mixed-site/ (JSON and Markdown posts, a post folder, static files), serves
# the three builds with nginx on loopback, runs one script per check and
# prints "N passed, M failed".
# Writes only under .build/acceptance/ and a temporary folder, and stops
# nginx on any exit.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=scripts/acceptance
out=.build/acceptance
python=$out/venv/bin/python
sitegen=${SITEGEN:-.build/release/sitegen}
rm -rf "$out/logs" "$out/screenshots"
mkdir -p "$out/logs/mixed" "$out/screenshots/mixed"

tmp=$(mktemp -d)
chmod 755 "$tmp"  # linkchecker runs as nobody when started by root
nginx_pid=
cleanup() {
    if [ -n "$nginx_pid" ]; then
        kill "$nginx_pid" 2>/dev/null || true
        wait "$nginx_pid" 2>/dev/null || true
    fi
    cp "$tmp/error.log" "$out/logs/nginx-error.log" 2>/dev/null || true
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Three free loopback ports: the site at the root of one, and the same
# content built for a sub-path, alone under /blog/ on the other, so that a
# link missing the base path lands on a 404 instead of on the root site; the
# mixed fixture site at the root of the third.
read -r root_port blog_port mixed_port < <("$python" "$here/free-ports.py" 3)
root_url=http://127.0.0.1:$root_port/
blog_url=http://127.0.0.1:$blog_port/blog/
mixed_url=http://127.0.0.1:$mixed_port/
base_url=$("$python" "$here/base-url.py" content/site.json)
mixed_content=$here/mixed-site/content

"$sitegen" build --quiet --base-url "$blog_url" --output "$tmp/blog-site"
"$sitegen" build --quiet --content "$mixed_content" --base-url "$mixed_url" --output "$tmp/mixed-site"

sed -e "s|@TMP@|$tmp|g" -e "s|@PUBLIC@|$PWD/public|g" -e "s|@BLOG_SITE@|$tmp/blog-site|g" \
    -e "s|@MIXED_SITE@|$tmp/mixed-site|g" -e "s|@MIXED_PORT@|$mixed_port|g" \
    -e "s|@ROOT_PORT@|$root_port|g" -e "s|@BLOG_PORT@|$blog_port|g" \
    "$here/nginx.conf.in" >"$tmp/nginx.conf"
nginx=$(command -v nginx || echo /usr/sbin/nginx)
"$nginx" -e "$tmp/error.log" -p "$tmp" -c "$tmp/nginx.conf" &
nginx_pid=$!
"$python" "$here/wait-for-http.py" "$root_url" "$blog_url" "$mixed_url" || { cat "$tmp/error.log" >&2; exit 1; }

passed=0 failed=0
check() {  # check NAME COMMAND...: the command prints the check's summary line
    local name=$1 status=0
    shift
    timeout 300 "$@" || status=$?
    if [ "$status" -eq 0 ]; then
        passed=$((passed + 1))
    else
        [ "$status" -ne 124 ] || echo "acceptance: $name FAILED — timed out after 300 s"
        failed=$((failed + 1))
    fi
}
check html5 bash "$here/html5.sh" "$python" "$out/logs/vnu.log" public "$tmp/blog-site" "$tmp/mixed-site"
check links "$python" "$here/links.py" "$out/logs" "$root_url" "$blog_url" "$mixed_url"
check anchors "$python" "$here/anchors.py" "$sitegen" "$out/logs"
check feeds "$python" "$here/feeds.py" "$root_url" "$base_url" "$blog_url" "$blog_url" "$mixed_url" "$mixed_url"
check browser "$python" "$here/browser.py" "$root_url" "$out/screenshots" "$out/logs" --tagged-posts
check browser-mixed "$python" "$here/browser.py" "$mixed_url" "$out/screenshots/mixed" "$out/logs/mixed"
check mixed "$python" "$here/mixed.py" "$mixed_url" "$tmp/mixed-site" "$mixed_content"
check durable-swap "$python" "$here/durable-swap.py" "$sitegen" content templates "$tmp/durable" "$out/logs/strace.log"
check static "$python" "$here/static.py" content/static "$root_url" "$blog_url"
check search "$python" "$here/search.py" "$sitegen" "$out/logs" "$root_url" "$blog_url"
check serve "$python" "$here/serve-browser.py" "$sitegen" "$out/logs"
bash "$here/highlight_corpus.sh" "$tmp/highlight-corpus"
check highlighting "$python" "$here/highlight_agreement.py" "$sitegen" "$tmp/highlight-corpus" "$tmp/highlight-site"
check highlight-copy "$python" "$here/highlight_copy.py" "$sitegen" "$tmp/highlight-copy"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
