#!/usr/bin/env bash
# Gathers the code that highlight_agreement.py compares with Pygments into
# OUT/<language>/, from this repository and from what the machine has, so
# nothing of others is committed: the Swift toolchain's module interfaces
# (Apache 2.0), the C headers of libc and of the libraries sitegen builds
# with, this project's Swift, C, shell and JSON, and the hand-written
# samples in highlight-corpus/.
#   highlight_corpus.sh OUT
set -euo pipefail
cd "$(dirname "$0")/../.."
out=$1
rm -rf "$out"
mkdir -p "$out/swift" "$out/objective-c" "$out/c" "$out/shell" "$out/json"

add() {  # add LANGUAGE FILE...: copies each readable file, named after its path
    local language=$1 file
    shift
    for file in "$@"; do
        [ -f "$file" ] && [ -r "$file" ] || continue
        cp "$file" "$out/$language/$(echo "$file" | tr '/' '_' | sed 's/^_//')"
    done
}

toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
# The interfaces under 100 KB: Swift.swiftinterface alone is 2 MB of declarations.
add swift $(find "$toolchain/lib/swift/linux" -name '*-gnu.swiftinterface' ! -name '*.private.*' -size -100k | sort)
add swift $(find Sources -name '*.swift' | sort)
add swift scripts/acceptance/highlight-corpus/swift/*
add objective-c scripts/acceptance/highlight-corpus/objective-c/*
add c $(find Sources scripts -name '*.c' -o -name '*.h' | grep -v highlight-corpus | sort)
add c /usr/include/stdio.h /usr/include/string.h /usr/include/stdlib.h /usr/include/cmark.h \
    /usr/include/yaml.h /usr/include/microhttpd.h
add shell $(find scripts fuzz .ci -name '*.sh' 2>/dev/null | sort) .ci/run
# gzip's and debianutils' shell scripts, on every Debian.
add shell $(grep -l '^#! \?/bin/\(ba\)\?sh' /usr/bin/z* /usr/bin/gunzip /usr/bin/which /usr/sbin/add-shell 2>/dev/null | sort)
add json "$toolchain/share/swift/features.json" $(find content -name '*.json' | sort)
for language in "$out"/*; do
    echo "highlighting corpus: $(ls "$language" | wc -l) files, $(cat "$language"/* | wc -c) bytes of $(basename "$language")"
done
