#!/usr/bin/env python3
"""`make bench`: generate a site of N posts, build it with sitegen (and Hugo
when installed) several times each way, and print the table.

    python3 scripts/bench/run.py --posts 10000 --runs 5 --sitegen .build/release/sitegen

Everything lives in <root>/<N>/ (root .build/bench unless --root says
otherwise): content/, public/, hugo/, hugo-public/ and results.json, the
figures behind the table. Old outputs go to <root>/<N>/trash/ while timing
(see trash.py) and are deleted at the end.

Runs of sitegen and Hugo alternate, so that a machine whose speed drifts
(another job starts, the CPU throttles) weighs on both alike. One untimed
build comes first, so that every timed one finds the binary and the posts
in the page cache: these are warm builds, as on a developer's machine.
Each timed build starts after a sync, so none competes with the writeback
of the files the build before it wrote (at 100k posts that is 2 GB).
"""
import argparse
import json
import os
import shutil
import sys
import time

import floors
import generate
import hugo_site
import measure
import report
import trash
from targets import Hugo, Sitegen


def log(text):
    print(text, file=sys.stderr, flush=True)


def filesystem(path):
    """The type of the file system holding `path` (file creation cost differs a lot)."""
    best, kind = "", "?"
    with open("/proc/mounts", encoding="utf-8") as mounts:
        for line in mounts:
            point, fstype = line.split()[1:3]
            if (path == point or path.startswith(point.rstrip("/") + "/")) and len(point) > len(best):
                best, kind = point, fstype
    return kind


def timed(targets, runs, label, before_each):
    """Runs every target's build `runs` times, `before_each(target, run)` first;
    returns target name -> Summary."""
    samples = {t.name: [] for t in targets}
    for run in range(runs):
        for target in targets:
            before_each(target, run)
            # The previous build's files are still going to disk; let them land
            # first, so that no run pays for the writeback of the one before.
            os.sync()
            sample = measure.run(target.command())
            samples[target.name].append(sample)
            log(f"  {label} {run + 1}/{runs}: {target.name} {sample.seconds:.2f} s, {sample.peak_kib / 1024:.0f} MiB")
    return {name: measure.Summary.of(s) for name, s in samples.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--templates", default="templates")
    parser.add_argument("--root", default=".build/bench", help="where each site size gets its folder")
    parser.add_argument("--no-hugo", action="store_true", help="leave Hugo out even when installed")
    args = parser.parse_args()
    if args.posts < 1 or args.runs < 1:
        parser.error("--posts and --runs must be at least 1")
    if not measure.available():
        sys.exit(f"the benchmark needs {measure.TIME} (Debian package time)")

    out = os.path.abspath(os.path.join(args.root, str(args.posts)))
    if os.path.isdir(os.path.join(out, "trash")):
        log("emptying the trash an interrupted run left (the first timings may suffer)")
        trash.empty(out)
    start = time.perf_counter()
    log(f"content: {generate.ensure_content(args.posts, out)} ({time.perf_counter() - start:.1f} s)")
    targets = [Sitegen(out, args.posts, os.path.abspath(args.sitegen), os.path.abspath(args.templates))]
    if not args.no_hugo and shutil.which("hugo"):
        start = time.perf_counter()
        log(f"hugo site: {hugo_site.ensure_site(out)} ({time.perf_counter() - start:.1f} s)")
        targets.append(Hugo(out, args.posts))
    for target in targets:
        target.edit(None)  # undoes an edit an interrupted run may have left

    log("warm-up build")
    for target in targets:
        target.clean()
        measure.run(target.command())

    def clean(target, run):
        target.clean()

    def edit(target, run):
        target.edit(run + 1)

    def nothing(target, run):
        pass

    results = {t.name: {} for t in targets}
    for key, label, before in [("full", "full build", clean), ("noop", "no-op rebuild", nothing),
                               ("edit", "one-post edit", edit)]:
        try:
            for name, summary in timed(targets, args.runs, label, before).items():
                results[name][key] = summary
        finally:
            for target in targets:
                target.edit(None)

    sitegen = targets[0]
    pages = {sitegen.pages(s) for summary in results["sitegen"].values() for s in summary.samples}
    if len(pages) != 1:
        raise RuntimeError(f"sitegen's page count changed between builds: {sorted(pages)}")
    facts = {"posts": args.posts, "runs": args.runs, "pages": pages.pop(), "files": sitegen.files(),
             "cores": len(os.sched_getaffinity(0)), "fs": filesystem(out)}
    hugo = results.get("hugo")
    if hugo:
        facts["hugo_pages"] = targets[1].pages(None)
        facts["hugo_files"] = targets[1].files()

    log("floors: cmark, then writing the files")
    floor = {"cmark": floors.cmark_seconds(sitegen.content, out, args.runs),
             "write": floors.write_seconds(sitegen.output, out, args.runs)}

    log("emptying the trash")
    trash.empty(out)

    lines = report.table(facts, results["sitegen"], hugo, floor)
    lines.append("sitegen's summary, last run of each:")
    for key, label in report.SCENARIOS:
        lines.append(f"  {label:15} {Sitegen.summary_line(results['sitegen'][key].samples[-1])}")
    print("\n".join(lines))

    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as f:
        json.dump({"facts": facts, "floors": floor,
                   "runs": {name: {key: [{"seconds": s.seconds, "peak_kib": s.peak_kib, "user": s.user,
                                          "system": s.system} for s in summary.samples]
                                   for key, summary in by_key.items()}
                            for name, by_key in results.items()}}, f, indent=2)


if __name__ == "__main__":
    main()
