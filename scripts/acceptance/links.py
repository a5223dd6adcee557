#!/usr/bin/env python3
"""Links over a real server: linkchecker crawls each served site from its
root (and its sitemap) and must find no broken link, no warning, and every
post page that the site's JSON API lists.

Usage: links.py LOG_DIR SITE_URL [SITE_URL ...]

The server must send a `LinkChecker` header, which lets linkchecker lift its
politeness limit of a few requests per second. Only URLs on the site's own
host and port are fetched; everything else is checked for syntax alone.
"""
import csv
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

CONFIG = """\
[checking]
maxrequestspersecond=1000
threads=4
[AnchorCheck]
"""


def fetch_json(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def post_ids(site_url):
    """Every post id, from api/index.json and the api/lists pages."""
    ids = []
    for category in fetch_json(site_url + "api/index.json")["categories"]:
        for page in range(category["pageCount"]):
            listing = fetch_json(f"{site_url}api/lists/{category['slug']}/{page}.json")
            ids += [post["id"] for post in listing]
    return ids


def crawl(site_url, config_path, csv_path):
    """Runs linkchecker; returns its exit code and the rows of its CSV output."""
    parts = urllib.parse.urlsplit(site_url)
    own_host = re.escape(f"{parts.scheme}://{parts.netloc}/")
    command = [
        "linkchecker", "--config", config_path, "--verbose", "--no-status",
        "--output", "csv", "--ignore-url", f"^(?!{own_host})",
        site_url, site_url + "sitemap.xml",
    ]
    with open(csv_path, "w") as out:
        # linkchecker drops root rights to nobody, so it writes to stdout,
        # which this process opened.
        code = subprocess.run(command, stdout=out, stderr=subprocess.DEVNULL,
                              timeout=300).returncode
    with open(csv_path, newline="") as f:
        rows = list(csv.reader(f, delimiter=";"))
    # Comment lines ("# created by ...") come before the header and after the
    # last row; a row's first cell may itself start with "#" (a fragment).
    start = next(i for i, row in enumerate(rows) if row[:1] == ["urlname"])
    header = rows[start]
    return code, [dict(zip(header, row)) for row in rows[start + 1:] if len(row) == len(header)]


def check_site(site_url, log_dir, index):
    expected = [f"{site_url}posts/{id}/" for id in post_ids(site_url)]
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)  # readable by nobody
        config_path = os.path.join(tmp, "linkcheckerrc")
        with open(config_path, "w") as f:
            f.write(CONFIG)
        csv_path = os.path.join(log_dir, f"links-{index}.csv")
        code, rows = crawl(site_url, config_path, csv_path)

    checked = {row["url"] for row in rows if row["result"] != "filtered"}
    outside = {row["url"] for row in rows if row["result"] == "filtered"}
    broken = [row for row in rows if row["valid"] != "True"]
    warned = [row for row in rows if row["warningstring"]]
    reached = {row["url"] for row in rows if row["valid"] == "True"} & set(expected)
    missing = [url for url in expected if url not in reached]

    for row in broken + warned:
        print(f"  {row['url']} (on {row['parentname'] or 'start'}): "
              f"{row['result']} {row['warningstring']}".rstrip())
    for url in missing[:10]:
        print(f"  post page not reached: {url}")
    print(f"  {site_url}: {len(checked)} URLs checked, {len(outside)} outside not fetched, "
          f"{len(broken)} broken, {len(warned)} warnings, "
          f"{len(reached)}/{len(expected)} post pages (linkchecker exit {code}, {csv_path})")
    ok = code == 0 and not broken and not warned and not missing and expected
    return ok, len(checked), len(broken), len(reached)


def main():
    log_dir, site_urls = sys.argv[1], sys.argv[2:]
    results = [check_site(url, log_dir, i) for i, url in enumerate(site_urls, 1)]
    ok = all(r[0] for r in results)
    urls, broken, posts = (sum(r[i] for r in results) for i in (1, 2, 3))
    word = "ok" if ok else "FAILED"
    print(f"acceptance: links {word} — {urls} URLs, {broken} broken, {posts} post pages")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
