#!/bin/sh
# Builds libFuzzer targets and runs each for the given number of seconds:
#   sh fuzz/run.sh [SECONDS] [TARGET...]    (default 60 s, every target)
# Targets: mustache-fuzz (the template engine), post-fuzz (post and
# site.json reading: JSON, and Markdown with YAML front matter through
# libyaml), highlight-fuzz (code highlighting and its HTML). Corpora grow
# under .build/fuzz/, seeded from the shipped templates and content, the
# bad-content corpus and the highlighting corpus; a crash or
# hang leaves its input in .build/fuzz/<target>-crash-* (or -timeout-*),
# replayed with .build/fuzz/<target> <file>, and stops the run.
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-mustache-fuzz post-fuzz highlight-fuzz}
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out"
swiftc=${SWIFTC:-swiftc}

sources() {
    case $1 in
        mustache-fuzz) echo fuzz/MustacheFuzz.swift Sources/Mustache/*.swift ;;
        post-fuzz) echo fuzz/PostFuzz.swift Sources/SiteModel/*.swift -I Sources/CYAML -lyaml ;;
        highlight-fuzz) echo fuzz/HighlightFuzz.swift Sources/SitePresentation/CodeBlock*.swift ;;
        *) echo "unknown fuzz target '$1'" >&2; exit 2 ;;
    esac
}

seeds() {
    case $1 in
        mustache-fuzz) echo templates ;;
        post-fuzz) echo content/posts/ui Tests/SiteBuildTests/BadContent ;;
        highlight-fuzz) echo scripts/acceptance/highlight-corpus/swift scripts/acceptance/highlight-corpus/objective-c ;;
    esac
}

# Targets that import a library module get it built first, with the same
# sanitizers, as a static library beside them.
modules() {
    case $1 in
        highlight-fuzz) echo Highlight ;;
    esac
}

for target in $targets; do
    files=$(sources "$target")
    echo "building $target"
    libraries=
    for module in $(modules "$target"); do
        "$swiftc" -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g \
            -emit-library -static -emit-module -module-name "$module" -emit-module-path "$out/$module.swiftmodule" \
            -o "$out/lib$module.a" Sources/"$module"/*.swift
        libraries="$libraries -I $out -L $out -l$module"
    done
    # shellcheck disable=SC2086
    "$swiftc" -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -use-ld=lld \
        -module-name "$(echo "$target" | tr -d -)" -o "$out/$target" $files $libraries
done

for target in $targets; do
    mkdir -p "$out/$target-corpus"
    echo "running $target for $seconds s"
    "$out/$target" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -dict="fuzz/$target.dict" -artifact_prefix="$out/$target-" "$out/$target-corpus" $(seeds "$target")
done
