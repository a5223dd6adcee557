#!/bin/sh
# Builds libFuzzer targets and runs each for the given number of seconds:
#   sh fuzz/run.sh [SECONDS] [TARGET...]    (default 60 s, every target)
# Targets: mustache-fuzz (the template engine), post-fuzz (post and
# site.json reading: JSON, and Markdown with YAML front matter through libyaml). Corpora grow under .build/fuzz/, seeded from the
# shipped templates and content and the bad-content corpus; a crash or
# hang leaves its input in .build/fuzz/<target>-crash-* (or -timeout-*),
# replayed with .build/fuzz/<target> <file>, and stops the run.
set -eu
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-mustache-fuzz post-fuzz}
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out"
swiftc=${SWIFTC:-swiftc}

sources() {
    case $1 in
        mustache-fuzz) echo fuzz/MustacheFuzz.swift Sources/Mustache/*.swift ;;
        post-fuzz) echo fuzz/PostFuzz.swift Sources/SiteModel/*.swift -I Sources/CYAML -lyaml ;;
        *) echo "unknown fuzz target '$1'" >&2; exit 2 ;;
    esac
}

seeds() {
    case $1 in
        mustache-fuzz) echo templates ;;
        post-fuzz) echo content/posts/ui Tests/SiteBuildTests/BadContent ;;
    esac
}

for target in $targets; do
    files=$(sources "$target")
    echo "building $target"
    "$swiftc" -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -use-ld=lld \
        -module-name "$(echo "$target" | tr -d -)" -o "$out/$target" $files
done

for target in $targets; do
    mkdir -p "$out/$target-corpus"
    echo "running $target for $seconds s"
    "$out/$target" -max_total_time="$seconds" -timeout=10 -print_final_stats=1 \
        -dict="fuzz/$target.dict" -artifact_prefix="$out/$target-" "$out/$target-corpus" $(seeds "$target")
done
