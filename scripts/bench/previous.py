#!/usr/bin/env python3
"""What the post page's features cost: full builds of the same posts by this
sitegen and by the version before them, taking turns.

    python3 scripts/bench/previous.py --posts 10000 --runs 15 --sitegen .build/release/sitegen

The version before tags, heading ids, reading time, highlighting and search
is 8c7b99c (`--revision`). Its source is taken from this clone's history
(`git archive`), built in release under ROOT/previous/REVISION/ once, and run
with its own templates. Both read the posts generate.py writes under
ROOT/POSTS; the older one ignores the keys it does not know (`tags`, and
`search` or `markdown` in site.json, with a warning).

Four builds of this version take turns with it, each into an empty folder:
as generated (search and highlighting on), with `"search": false`, with
highlighting off too (the post page's features alone), and the same posts
without their tags. Each round runs every build once, starting one build
later than the round before (so no build always follows the same one); a build's ratio is the
median of its rounds' ratios to the previous version's time in the same
round, so that a machine that slows down during the run moves both alike.

Outputs go to a tmpfs folder (`--output-root`, /dev/shm when there is one):
on ext4, a build right after a large delete waits on the file system, and
that is not what is compared here.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

import generate
import measure

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
REVISION = "8c7b99c"


def log(text):
    print(text, file=sys.stderr, flush=True)


def previous_binary(root, revision):
    """The previous version's release binary and templates, built once from this clone's history."""
    folder = os.path.join(root, "previous", revision)
    source = os.path.join(folder, "src")
    binary = os.path.join(source, ".build", "release", "sitegen")
    if not os.path.exists(binary):
        if os.path.exists(source):
            shutil.rmtree(source)
        os.makedirs(source)
        log(f"previous version: {revision}, from git history into {source}")
        archive = subprocess.run(["git", "-C", REPOSITORY, "archive", revision], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", source], input=archive, check=True)
        log("previous version: swift build -c release")
        subprocess.run(["swift", "build", "-c", "release", "--package-path", source, "--product", "sitegen"],
                       check=True, stdout=subprocess.DEVNULL)
    return binary, os.path.join(source, "templates")


def variant(content, folder, change_site=None, drop_tags=False):
    """A content folder beside `content` holding the same posts, its
    site.json changed by `change_site`; `drop_tags` writes the posts again
    without their tags, else they are shared through a symbolic link. Made
    again when the posts are (its stamp, beside it, is a copy of theirs)."""
    stamp = folder + ".stamp"
    with open(content + ".stamp", encoding="utf-8") as f:
        posts_stamp = f.read()
    if not os.path.exists(stamp) or open(stamp, encoding="utf-8").read() != posts_stamp:
        if os.path.exists(folder):
            shutil.rmtree(folder)
        os.makedirs(folder)
        with open(os.path.join(content, "site.json"), encoding="utf-8") as f:
            site = json.load(f)
        if change_site:
            change_site(site)
        with open(os.path.join(folder, "site.json"), "w", encoding="utf-8") as f:
            json.dump(site, f, indent=2)
        if drop_tags:
            copy_without_tags(os.path.join(content, "posts"), os.path.join(folder, "posts"))
        else:
            os.symlink(os.path.abspath(os.path.join(content, "posts")), os.path.join(folder, "posts"))
        with open(stamp, "w", encoding="utf-8") as f:
            f.write(posts_stamp)
    return folder


def copy_without_tags(posts, target):
    for directory, _, names in os.walk(posts):
        into = os.path.join(target, os.path.relpath(directory, posts))
        os.makedirs(into, exist_ok=True)
        for name in names:
            with open(os.path.join(directory, name), encoding="utf-8") as f:
                post = json.load(f)
            post.pop("tags", None)
            with open(os.path.join(into, name), "w", encoding="utf-8") as f:
                json.dump(post, f, ensure_ascii=False, indent=2)


def output_root(requested):
    if requested:
        return requested
    return "/dev/shm" if os.path.isdir("/dev/shm") and shutil.disk_usage("/dev/shm").free > 4 << 30 else None


def run_build(build, outputs):
    """One full build of `build` into an empty folder; returns its measure.Sample."""
    folder = tempfile.mkdtemp(prefix="sitegen-previous-", dir=outputs)
    try:
        return measure.run([*build["command"], "--quiet", "--output", os.path.join(folder, "public")])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=15, help="rounds; every build runs once a round")
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--templates", default="templates")
    parser.add_argument("--root", default=".build/bench", help="where the sites and the previous version go")
    parser.add_argument("--revision", default=REVISION, help="the version to compare with")
    parser.add_argument("--output-root", help="where each build writes (default /dev/shm when it exists)")
    args = parser.parse_args()
    if args.posts < 1 or args.runs < 1:
        parser.error("--posts and --runs must be at least 1")
    if not measure.available():
        sys.exit(f"the benchmark needs {measure.TIME} (Debian package time)")

    if subprocess.run(["git", "-C", REPOSITORY, "cat-file", "-e", f"{args.revision}^{{commit}}"],
                      stderr=subprocess.DEVNULL).returncode != 0:
        print(f"against the previous version: {args.revision} is not in this clone's history "
              "(a shallow clone?); comparison skipped")
        return
    root = os.path.abspath(args.root)
    out = os.path.join(root, str(args.posts))
    log(f"content: {generate.ensure_content(args.posts, out)}")
    content = os.path.join(out, "content")
    old_binary, old_templates = previous_binary(root, args.revision)
    sitegen = os.path.abspath(args.sitegen)
    templates = os.path.abspath(args.templates)

    def current(name, folder):
        return {"name": name, "command": [sitegen, "build", "--content", folder, "--templates", templates]}

    no_search = variant(content, os.path.join(out, "content-no-search"), lambda site: site.update(search=False))
    plain = variant(content, os.path.join(out, "content-post-page"),
                    lambda site: (site.update(search=False), site.setdefault("markdown", {}).update(highlight=False)))
    untagged = variant(content, os.path.join(out, "content-untagged"), lambda site: site.update(search=False),
                       drop_tags=True)
    builds = [
        {"name": f"previous version ({args.revision})",
         "command": [old_binary, "build", "--content", content, "--templates", old_templates]},
        current("search and highlighting on (the default)", content),
        current("search off", no_search),
        current("search and highlighting off", plain),
        current("search off, posts without tags", untagged),
    ]
    outputs = output_root(args.output_root)
    log(f"outputs: {outputs or 'the system temporary folder'}; a warm-up build each")
    for build in builds:
        run_build(build, outputs)
    samples = {build["name"]: [] for build in builds}
    for round_number in range(args.runs):
        # Each round starts one build later than the last: a build that always
        # ran right after the same other one (and its output's removal) would
        # carry whatever that costs into every one of its ratios.
        start = round_number % len(builds)
        for build in builds[start:] + builds[:start]:
            samples[build["name"]].append(run_build(build, outputs))
        log(f"  round {round_number + 1}/{args.runs}: " +
            ", ".join(f"{samples[b['name']][-1].seconds:.2f} s" for b in builds))
    print(report(args.posts, args.runs, builds, samples))


def report(posts, runs, builds, samples):
    """Wall and CPU time, each as the median of the rounds' ratios. CPU time
    (user and system) leaves out the time a virtual machine's cores were
    lent to others, which wall time counts: on a busy host it moves less.
    User and system time are also given apart: system time is the kernel's
    (files created and written, pages first touched), which an instruction
    count of the program leaves out."""
    previous = samples[builds[0]["name"]]

    def cpu(sample):
        return sample.user + sample.system

    lines = [f"against the previous version, {posts} posts, {runs} rounds "
             "(times: medians; ratios: medians of the rounds' ratios, wall and CPU)"]
    for build in builds:
        mine = samples[build["name"]]
        wall = statistics.median(s.seconds for s in mine)
        cpu_time = statistics.median(cpu(s) for s in mine)
        peak = max(s.peak_kib for s in mine) / 1024
        ratio = statistics.median(m.seconds / p.seconds for m, p in zip(mine, previous))
        cpu_ratio = statistics.median(cpu(m) / cpu(p) for m, p in zip(mine, previous))
        user_ratio = statistics.median(m.user / p.user for m, p in zip(mine, previous))
        system_ratio = statistics.median(m.system / p.system for m, p in zip(mine, previous))
        lines.append(f"  {build['name']:42} {wall:6.2f} s  cpu {cpu_time:5.2f} s  peak {peak:4.0f} MiB  "
                     f"{ratio:5.3f}  cpu {cpu_ratio:5.3f} (user {user_ratio:5.3f}, system {system_ratio:5.3f})")
    on, off = samples[builds[1]["name"]], samples[builds[2]["name"]]
    share = statistics.median(a.seconds / b.seconds for a, b in zip(on, off))
    cpu_share = statistics.median(cpu(a) / cpu(b) for a, b in zip(on, off))
    lines.append(f"  search on / search off: {share:.3f} (the index takes {100 * (1 - 1 / share):.1f} % of the build); "
                 f"CPU {cpu_share:.3f} ({100 * (1 - 1 / cpu_share):.1f} %)")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
