#!/usr/bin/env python3
"""`make bench`: generate a site of N posts, build it with sitegen (and Hugo
when installed) several times each way, and print the table.

    python3 scripts/bench/run.py --posts 10000 --runs 5 --sitegen .build/release/sitegen
    python3 scripts/bench/run.py --posts 10000 100000 --runs 3

Everything lives in <root>/<N>/ (root .build/bench unless --root says
otherwise): content/, public/, public-no-sync/ (the same builds with
--no-sync, to show what waiting for the disk costs), content-md/ and
public-md/ (the same posts as Markdown files, built by sitegen too, unless
--no-markdown), hugo/, hugo-public/ and results.json, the figures behind
the table. Old outputs go to <root>/<N>/trash/ while timing
(see trash.py) and are deleted once every size has been timed.

Given several sizes, one run times them all on the same machine in the same
state: every site is generated first, and the report ends with how the
time per post grows with the size.

Runs take turns: in each round every size, and at each size sitegen and
Hugo, builds once, so that a machine whose speed drifts (another job
starts, the CPU throttles, the host gets busy) weighs on every figure
alike instead of on whichever size happened to be timed then. One untimed
build comes first, so that every timed one finds the binary and the posts
in the page cache: these are warm builds, as on a developer's machine.
Each timed build starts after a sync, so none competes with the writeback
of the files the build before it wrote (at 100k posts that is 2 GB); and
no full build starts with the outputs of the ones before it filling memory
(memory.py).

Last, full builds with code highlighting on and off take turns at each
size (highlighting.py), and the report ends with what highlighting costs.
"""
import argparse
import json
import os
import shutil
import sys
import time

import floors
import generate
import highlighting
import hugo_site
import measure
import report
import trash
from targets import Hugo, Sitegen, SitegenMarkdown, SitegenNoSync


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
    """Runs every target's build `runs` times, `before_each(target, run)` first,
    one turn each per round; returns target key -> Summary."""
    samples = {t.key: [] for t in targets}
    for run in range(runs):
        for target in targets:
            before_each(target, run)
            # The previous build's files are still going to disk; let them land
            # first, so that no run pays for the writeback of the one before.
            os.sync()
            sample = measure.run(target.command())
            samples[target.key].append(sample)
            log(f"  {label} {run + 1}/{runs}: {target.name} {target.posts} posts "
                f"{sample.seconds:.2f} s, {sample.peak_kib / 1024:.0f} MiB")
    return {key: measure.Summary.of(s) for key, s in samples.items()}


def prepare(posts, args):
    """Generates the site of `posts` posts (and its Hugo mirror when Hugo
    takes part at that size); returns the generators to time."""
    out = os.path.abspath(os.path.join(args.root, str(posts)))
    if os.path.isdir(os.path.join(out, "trash")):
        log(f"{posts} posts: emptying the trash an interrupted run left")
        trash.empty(out)
    start = time.perf_counter()
    log(f"content: {generate.ensure_content(posts, out)} ({time.perf_counter() - start:.1f} s)")
    targets = [Sitegen(out, posts, os.path.abspath(args.sitegen), os.path.abspath(args.templates)),
               SitegenNoSync(out, posts, os.path.abspath(args.sitegen), os.path.abspath(args.templates))]
    if not args.no_hugo and posts <= args.hugo_up_to and shutil.which("hugo"):
        start = time.perf_counter()
        log(f"hugo site: {hugo_site.ensure_site(out)} ({time.perf_counter() - start:.1f} s)")
        targets.append(Hugo(out, posts))
    if not args.no_markdown:
        start = time.perf_counter()
        log(f"markdown content: {generate.ensure_content(posts, out, 'markdown')} ({time.perf_counter() - start:.1f} s)")
        targets.append(SitegenMarkdown(out, posts, os.path.abspath(args.sitegen), os.path.abspath(args.templates)))
    for target in targets:
        target.edit(None)  # undoes an edit an interrupted run may have left
    return targets


def measure_builds(sizes, runs, before_timing):
    """Times full, no-op and edit builds of every target of every size, the
    sizes taking turns; returns target key -> scenario -> Summary.
    `before_timing()` runs between the warm-up builds and the first timed one."""
    everyone = [target for targets in sizes for target in targets]
    log("warm-up builds")
    for target in everyone:
        target.clean()
        measure.run(target.command())
    before_timing()

    def clean(target, run):
        target.clean()

    def edit(target, run):
        target.edit(run + 1)

    def nothing(target, run):
        pass

    results = {t.key: {} for t in everyone}
    for key, label, before in [("full", "full build", clean), ("noop", "no-op rebuild", nothing),
                               ("edit", "one-post edit", edit)]:
        try:
            for target_key, summary in timed(everyone, runs, label, before).items():
                results[target_key][key] = summary
        finally:
            for target in everyone:
                target.edit(None)
    return results


def describe(targets, results, runs):
    """Gathers the facts of one size and times its floors; returns (facts,
    target name -> scenario -> Summary, floors)."""
    sitegen = targets[0]
    mine = {t.name: results[t.key] for t in targets}
    pages = {sitegen.pages(s) for summary in mine["sitegen"].values() for s in summary.samples}
    if len(pages) != 1:
        raise RuntimeError(f"sitegen's page count changed between builds: {sorted(pages)}")
    facts = {"posts": sitegen.posts, "runs": runs, "pages": pages.pop(), "files": sitegen.files(),
             "cores": len(os.sched_getaffinity(0)), "fs": filesystem(sitegen.out)}
    hugo = [t for t in targets if t.name == "hugo"]
    if hugo:
        facts["hugo_pages"] = hugo[0].pages(None)
        facts["hugo_files"] = hugo[0].files()

    log(f"{sitegen.posts} posts: floors: cmark, then writing the files")
    floor = {"cmark": floors.cmark_seconds(sitegen.content, sitegen.out, runs),
             "write": floors.write_seconds(sitegen.output, sitegen.out, runs)}
    return facts, mine, floor


def save(out, facts, floor, results):
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as f:
        json.dump({"facts": facts, "floors": floor,
                   "runs": {name: {key: [{"seconds": s.seconds, "peak_kib": s.peak_kib, "user": s.user,
                                          "system": s.system} for s in summary.samples]
                                   for key, summary in by_key.items()}
                            for name, by_key in results.items()}}, f, indent=2)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, nargs="+", default=[10000],
                        help="one or more site sizes, timed in one run, taking turns in every round")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--templates", default="templates")
    parser.add_argument("--root", default=".build/bench", help="where each site size gets its folder")
    parser.add_argument("--no-hugo", action="store_true", help="leave Hugo out even when installed")
    parser.add_argument("--no-markdown", action="store_true",
                        help="leave out the build of the same posts written as Markdown files")
    parser.add_argument("--hugo-up-to", type=int, default=20000, metavar="POSTS",
                        help="compare with Hugo only at sizes up to this many posts "
                             "(at 100,000 posts Hugo needs 12 GB and minutes a build)")
    parser.add_argument("--settle", type=float, default=trash.SETTLE, metavar="SECONDS",
                        help="time the file system gets after the last run deleted its old outputs, "
                             "before anything is timed")
    args = parser.parse_args()
    if min(args.posts) < 1 or args.runs < 1:
        parser.error("--posts and --runs must be at least 1")
    if len(set(args.posts)) != len(args.posts):
        parser.error("--posts names a size twice")
    if not measure.available():
        sys.exit(f"the benchmark needs {measure.TIME} (Debian package time)")

    # Every site is written before anything is timed, and nothing is deleted
    # until everything is: both leave the file system slower for minutes.
    sizes = [prepare(posts, args) for posts in args.posts]
    measured = []
    try:
        results = measure_builds(sizes, args.runs, lambda: trash.settle(args.root, args.settle, log))
        for targets in sizes:
            facts, mine, floor = describe(targets, results, args.runs)
            save(targets[0].out, facts, floor, mine)
            measured.append((facts, mine, floor))
        costs = [highlighting.report(targets[0].posts, *highlighting.measure(targets[0], args.runs, timed))
                 for targets in sizes]
        # The figures first: emptying the trash takes minutes at 100k posts.
        print(report_text(measured), flush=True)
        print("\n".join(costs), flush=True)
    finally:
        log("emptying the trash")
        for targets in sizes:
            trash.empty(targets[0].out)


def report_text(measured):
    lines = []
    for facts, results, floor in measured:
        lines += report.table(facts, results["sitegen"], results.get("hugo"), floor)
        lines += report.durability(results["sitegen"], results["sitegen --no-sync"])
        lines.append("sitegen's summary, last run of each:")
        for key, label in report.SCENARIOS:
            lines.append(f"  {label:15} {Sitegen.summary_line(results['sitegen'][key].samples[-1])}")
        if "sitegen-md" in results:
            lines += report.markdown(results["sitegen"], results["sitegen-md"])
        lines.append("")
    if len(measured) > 1:
        lines += report.scaling([(facts, results["sitegen"]) for facts, results, _ in measured])
    return "\n".join(lines).rstrip()


if __name__ == "__main__":
    main()
