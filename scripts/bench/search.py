#!/usr/bin/env python3
"""The search index at benchmark size: what it adds to a full build, how
big it is, and how many bytes the search page downloads per query.

    python3 scripts/bench/search.py --posts 10000 --runs 5 --sitegen .build/release/sitegen

- Build time: full builds of the same posts into an empty folder, with
  search (the default) and with `"search": false` in site.json, taking
  turns; the medians, their difference and its share of the full build.
- Size: the files under search/ of the build with search.
- First results: the same queries typed into the search page in headless
  Chromium, twice, by the checks of scripts/acceptance/search.py; the
  time from the last keystroke to the results shown (skipped without
  Chromium).
- Bytes per query: what search.js fetches to show the first page of
  results, worked out from the built files (search_bytes.py): the script,
  the manifest, the term chunks, the document chunks and the API files the
  snippets come from. The budget is 150 KB a query at 10,000 posts.

Uses the site generate.py writes under ROOT/POSTS (generated when missing).
"""
import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import search_bytes

QUERIES = ["cache", "render template", "swi", "mem", "naïve café", "网站", "静态网站", "throughput budget latency"]


def timed_build(sitegen, content, output):
    os.makedirs(os.path.dirname(output), exist_ok=True)
    if os.path.exists(output):
        shutil.rmtree(output)
    state = os.path.join(os.path.dirname(output), ".sitegen")
    if os.path.exists(state):
        shutil.rmtree(state)
    start = time.monotonic()
    subprocess.run([sitegen, "build", "--quiet", "--content", content, "--output", output], check=True)
    return time.monotonic() - start


def content_without_search(content, folder):
    """A copy of content (hard links) whose site.json turns search off."""
    if os.path.exists(folder):
        shutil.rmtree(folder)
    # Hard links where the file system allows them, a copy otherwise.
    if subprocess.run(["cp", "-al", content, folder], stderr=subprocess.DEVNULL).returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(content, folder)
    site_path = os.path.join(folder, "site.json")
    with open(site_path, encoding="utf-8") as f:
        site = json.load(f)
    os.unlink(site_path)  # a hard link to the original: replaced, never written through
    site["search"] = False
    with open(site_path, "w", encoding="utf-8") as f:
        json.dump(site, f, indent=2)
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--posts", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--root", default=".build/bench")
    args = parser.parse_args()
    if args.posts > 20000:
        print(f"search index at {args.posts} posts: skipped (measured up to 20,000 posts)")
        return
    sitegen = os.path.abspath(args.sitegen)
    here = os.path.dirname(os.path.abspath(__file__))
    site_root = os.path.join(args.root, str(args.posts))
    content = os.path.join(site_root, "content")
    if not os.path.exists(content):
        subprocess.run([sys.executable, os.path.join(here, "generate.py"), "--posts", str(args.posts),
                        "--out", site_root], check=True)
    work = os.path.join(args.root, f"search-{args.posts}")
    os.makedirs(work, exist_ok=True)
    off = content_without_search(content, os.path.join(work, "content-no-search"))

    with_search, without = [], []
    timed_build(sitegen, content, os.path.join(work, "on", "public"))  # warm: binary and posts in memory
    for _ in range(args.runs):
        without.append(timed_build(sitegen, off, os.path.join(work, "off", "public")))
        with_search.append(timed_build(sitegen, content, os.path.join(work, "on", "public")))
    on, plain = statistics.median(with_search), statistics.median(without)
    print(f"search index at {args.posts} posts, {args.runs} full builds each, taking turns:")
    print(f"  full build without search {plain:.2f} s, with search {on:.2f} s (medians): "
          f"search adds {on - plain:+.2f} s, {100 * (on - plain) / on:.0f}% of the full build")
    print(f"  rounds, with / without: " + " ".join(f"{a / b:.2f}" for a, b in zip(with_search, without)))

    site = os.path.join(work, "on", "public")
    files, size = search_bytes.index_size(site)
    print(f"  index: {files} files, {size / 1024:.0f} KB under search/")
    for line in search_bytes.report(site, QUERIES):
        print("  " + line)
    first_results(site, here)


def first_results(site, here):
    """Types each query into the search page of the built site in headless Chromium, twice."""
    path = os.path.join(here, "..", "acceptance", "search.py")
    spec = importlib.util.spec_from_file_location("acceptance_search", path)
    checks = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(path))
    try:
        spec.loader.exec_module(checks)
        server, url = checks.serve(site)
    except Exception as error:  # no Chromium driver or no port: the rest of the report stands
        print(f"  first results in Chromium: skipped ({error})")
        return
    with tempfile.TemporaryDirectory() as profile:
        try:
            browser = checks.Chromium(os.path.join(profile, "profile"), os.path.join(profile, "chromium.log"))
        except Exception as error:
            server.shutdown()
            print(f"  first results in Chromium: skipped ({error})")
            return
        timings = []
        try:
            for round_number in range(2):
                checks.check_site(browser, f"round {round_number + 1}", url, QUERIES, 150, timings)
        finally:
            browser.close()
            server.shutdown()
        if timings:
            print(f"  first results after the last keystroke: {min(timings):.0f}-{max(timings):.0f} ms, "
                  f"median {statistics.median(timings):.0f} ms over {len(timings)} queries "
                  f"(the first, in a fresh browser: {timings[0]:.0f} ms; target 100 ms)")


if __name__ == "__main__":
    main()
