"""Two floors under any build of the benchmark site, to read its times against.

- cmark: the time libcmark alone takes to render every body on one core
  (cmark_floor.c, compiled here with gcc against the system's libcmark).
- writing: the time one process takes to create the same files, measured
  as a tar extract of sitegen's output into a fresh folder (the archive is
  made first, untimed).
"""
import json
import os
import statistics
import subprocess

import measure
import trash

HERE = os.path.dirname(os.path.abspath(__file__))


def extract_bodies(content, path):
    """Writes every post body, NUL-terminated, into one file, one post at a time."""
    posts = os.path.join(content, "posts")
    with open(path, "wb") as out:
        for category in sorted(os.listdir(posts)):
            for name in sorted(os.listdir(os.path.join(posts, category))):
                with open(os.path.join(posts, category, name), encoding="utf-8") as f:
                    out.write(json.load(f)["body"].encode("utf-8") + b"\0")


def compile_floor(workdir):
    source = os.path.join(HERE, "cmark_floor.c")
    binary = os.path.join(workdir, "cmark_floor")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "libcmark"],
                                check=True, stdout=subprocess.PIPE, text=True).stdout.split()
        subprocess.run(["gcc", "-O2", "-o", binary, source, *cflags], check=True)
    return binary


def cmark_seconds(content, workdir, repeats):
    """Median seconds of `repeats` passes of cmark over every body, one core."""
    bodies = os.path.join(workdir, "bodies.md0")
    extract_bodies(content, bodies)
    binary = compile_floor(workdir)
    line = subprocess.run([binary, bodies, str(repeats)], check=True, stdout=subprocess.PIPE, text=True).stdout
    os.remove(bodies)
    fields = dict(item.split("=") for item in line.split())
    return float(fields["seconds"])


def write_seconds(site, workdir, repeats):
    """Median seconds of `repeats` tar extracts of `site` into an empty folder."""
    archive = os.path.join(workdir, "site.tar")
    target = os.path.join(workdir, "extracted")
    subprocess.run(["tar", "-cf", archive, "-C", site, "."], check=True)
    samples = []
    try:
        for _ in range(repeats):
            trash.discard(target, workdir)
            os.mkdir(target)
            os.sync()  # as before every timed build: no writeback left from the last one
            # Only what a generator does: no owners, modes or times restored.
            samples.append(measure.run(["tar", "--no-same-owner", "--no-same-permissions", "--touch",
                                        "-xf", archive, "-C", target]).seconds)
    finally:
        trash.discard(target, workdir)
        os.remove(archive)  # gigabytes at 100,000 posts
    return statistics.median(samples)
