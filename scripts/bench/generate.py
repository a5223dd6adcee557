#!/usr/bin/env python3
"""Writes the benchmark's content/ folder: N posts in sitegen's format.

    python3 scripts/bench/generate.py --posts 10000 --out .build/bench/10000
    python3 scripts/bench/generate.py --posts 10000 --out .build/bench/10000 --format markdown

`--format json` (the default) writes each post as <id>.json into content/;
`--format markdown` writes the same posts as <id>.md (YAML front matter,
then the body) into content-md/, so the two formats can be timed against
each other on identical posts.

Eight categories of uneven size, every post dated (newest first by number:
post 0 is the newest), about five tags a post from 300, 20 posts a list page. Each post is a function of its
number alone, so the posts are written by one process per core, each post
as soon as it is made: 100,000 posts need no more memory than one, and take
seconds rather than a minute.

The folder is written beside its final place and renamed into it, with a
stamp naming the generator's inputs; a second run with the same inputs
finds the stamp and keeps the folder, so repeated benchmarks skip the work.
"""
import argparse
import datetime
import hashlib
import json
import multiprocessing
import os
import random

import trash
from markdown_body import BodyWriter

SEED = 20240601

CATEGORIES = [
    ("swift", "Swift", "The language, its standard library and its compiler."),
    ("networking", "Networking", "HTTP, caching, sockets and the JSON in between."),
    ("testing", "Testing", "Unit tests, snapshots and the CI that runs them."),
    ("tooling", "Tooling", "Editors, build systems and the command line."),
    ("design", "Design", "Layout, type and the interfaces people touch."),
    ("performance", "Performance", "Measuring first, then making it fast."),
    ("databases", "Databases", "SQLite, migrations and queries that scale."),
    ("security", "Security", "Keys, sandboxes and the threats that matter."),
]
# Real blogs are lopsided: some categories hold many more posts than others.
WEIGHTS = [22, 18, 15, 12, 11, 9, 8, 5]
NEWEST = datetime.datetime(2024, 6, 1, 9, 0, tzinfo=datetime.timezone.utc)


def post_id(i):
    return f"post-{i:06d}"


def category_of(i):
    return random.Random(SEED * 31 + i).choices(CATEGORIES, weights=WEIGHTS)[0][0]


def date_of(i):
    # About one post every five hours, at irregular times.
    jitter = random.Random(SEED * 37 + i).randrange(0, 3 * 3600)
    return NEWEST - datetime.timedelta(seconds=i * 5 * 3600 + jitter)


FORMATS = {"json": ("content", ".json"), "markdown": ("content-md", ".md")}


def stamp_text(posts, fmt="json"):
    """What the content depends on: the post count, the seed, the format and this code."""
    digest = hashlib.sha256()
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ("generate.py", "markdown_body.py"):
        with open(os.path.join(here, name), "rb") as f:
            digest.update(f.read())
    return f"posts={posts} seed={SEED} code={digest.hexdigest()}\n" + ("" if fmt == "json" else f"format={fmt}\n")


def write_content(posts, content, fmt="json"):
    """Writes site.json and every post into the folder `content`."""
    os.makedirs(os.path.join(content, "posts"))
    site = {
        "title": "Field Notes",
        "baseURL": "https://notes.example.org/",
        "description": "A benchmark blog: long posts about building software.",
        "language": "en",
        "pageSize": 20,
        "categories": [{"slug": s, "title": t, "description": d} for s, t, d in CATEGORIES],
    }
    with open(os.path.join(content, "site.json"), "w", encoding="utf-8") as f:
        json.dump(site, f, indent=2)
    for slug, _, _ in CATEGORIES:
        os.mkdir(os.path.join(content, "posts", slug))
    chunks = [(content, start, min(posts, start + CHUNK), fmt) for start in range(0, posts, CHUNK)]
    with multiprocessing.get_context("fork").Pool(len(os.sched_getaffinity(0))) as pool:
        for _ in pool.imap_unordered(_write_posts, chunks):
            pass


CHUNK = 500
_writer = None


def _write_posts(chunk):
    """Writes posts start..<stop, in a worker process that keeps one BodyWriter."""
    global _writer
    if _writer is None:
        _writer = BodyWriter(SEED)
    content, start, stop, fmt = chunk
    for i in range(start, stop):
        write_post(content, _writer, i, fmt=fmt)


def post_path(content, i, fmt="json"):
    return os.path.join(content, "posts", category_of(i), post_id(i) + FORMATS[fmt][1])


# A few hundred tags, a few of them Chinese, as an iOS blog would have.
TAG_POOL = [f"{word} {n}" if n else word
            for n in range(0, 40)
            for word in ("Swift", "UIKit", "SwiftUI", "Testing", "性能", "Concurrency", "Xcode", "Networking")][:300]


def tags_of(i):
    """About five tags, drawn unevenly (some tags are far more common)."""
    rng = random.Random(SEED * 41 + i)
    picked = {TAG_POOL[min(int(rng.expovariate(1 / 40)), len(TAG_POOL) - 1)] for _ in range(rng.randint(4, 6))}
    return sorted(picked)


def post_record(writer, i):
    """Post i as sitegen reads it (without the optional id and category)."""
    title, summary, body = writer.post(i)
    return {
        "title": title,
        "desc": summary,
        "date": date_of(i).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tags": tags_of(i),
        "body": body,
    }


def markdown_text(post):
    """A post as a Markdown file: its keys as YAML front matter (JSON's
    double-quoted strings are YAML's too), then the body."""
    return ("---\n"
            f"title: {json.dumps(post['title'], ensure_ascii=False)}\n"
            f"desc: {json.dumps(post['desc'], ensure_ascii=False)}\n"
            f"date: {post['date']}\n"
            "---\n" + post["body"])


def write_post(content, writer, i, body=None, fmt="json"):
    """Writes post i; `body` replaces the generated one (for the edit benchmark)."""
    post = post_record(writer, i)
    if body is not None:
        post["body"] = body
    with open(post_path(content, i, fmt), "w", encoding="utf-8") as f:
        f.write(json.dumps(post, ensure_ascii=False, indent=2) if fmt == "json" else markdown_text(post))


def ensure_content(posts, out, fmt="json"):
    """Makes `out`/content (content-md for Markdown) hold the site of `posts` posts; returns its path."""
    folder = FORMATS[fmt][0]
    content = os.path.join(out, folder)
    stamp = os.path.join(out, folder + ".stamp")
    return trash.ensure_tree(content, stamp, stamp_text(posts, fmt), lambda into: write_content(posts, into, fmt), out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=10000)
    parser.add_argument("--out", required=True, help="folder that receives content/ (content-md/ for Markdown)")
    parser.add_argument("--format", choices=sorted(FORMATS), default="json", help="write posts as JSON or as Markdown")
    args = parser.parse_args()
    print(ensure_content(args.posts, args.out, args.format))
    trash.empty(args.out)  # nothing is being timed here


if __name__ == "__main__":
    main()
