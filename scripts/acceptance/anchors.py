#!/usr/bin/env python3
"""Anchors: the fixture site in anchor-site/ holds links that are broken on
purpose (fragments naming no heading, in English and in Chinese, and a
missing post) besides good ones. sitegen builds it and warns about each
broken link; the site is then served on loopback and linkchecker crawls it
with its AnchorCheck plugin, as links.py does the real sites. Both must
name the same links, and at least one fragment: so the crawl of links.py
is known to check anchors, and sitegen's own check to agree with it.

Usage: anchors.py SITEGEN LOG_DIR
"""
import csv
import functools
import http.server
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
CONTENT = os.path.join(HERE, "anchor-site", "content")
CONFIG = "[checking]\nthreads=2\n[AnchorCheck]\n"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def sitegen_warnings(sitegen, site_url, output):
    """(post id, destination) of each link sitegen warns about."""
    run = subprocess.run([sitegen, "build", "--no-sync", "--content", CONTENT, "--base-url", site_url,
                          "--output", output], capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        sys.exit(f"acceptance: anchors FAILED — sitegen build: {run.stderr}")
    found = set()
    for line in run.stderr.splitlines():
        match = re.match(r".*/posts/notes/([^/]+)\.md:\d+:\d+: warning: '([^']*)'", line)
        if match:
            found.add((match.group(1), urllib.parse.unquote(match.group(2))))
    return found, run.stderr


def linkchecker_problems(site_url, tmp, log_path):
    """(post id, destination) of each link linkchecker finds broken or warns about."""
    config = os.path.join(tmp, "linkcheckerrc")
    with open(config, "w") as f:
        f.write(CONFIG)
    os.chmod(config, 0o644)  # linkchecker runs as nobody when started by root
    with open(log_path, "w") as out:
        subprocess.run(["linkchecker", "--config", config, "--no-status", "--output", "csv", site_url],
                       stdout=out, stderr=subprocess.DEVNULL, timeout=300)
    with open(log_path, newline="") as f:
        rows = [row for row in csv.reader(f, delimiter=";")]
    start = next(i for i, row in enumerate(rows) if row[:1] == ["urlname"])
    header = rows[start]
    found = set()
    for row in rows[start + 1:]:
        if len(row) != len(header):
            continue
        entry = dict(zip(header, row))
        if entry["valid"] == "True" and not entry["warningstring"]:
            continue
        post = re.search(r"/posts/([^/]+)/$", entry["parentname"])
        found.add((post.group(1) if post else entry["parentname"], urllib.parse.unquote(entry["urlname"])))
    return found


def main():
    sitegen, log_dir = sys.argv[1:3]
    port = free_port()
    site_url = f"http://127.0.0.1:{port}/"
    with tempfile.TemporaryDirectory() as tmp:
        os.chmod(tmp, 0o755)
        output = os.path.join(tmp, "site")
        warned, stderr = sitegen_warnings(sitegen, site_url, output)
        handler = functools.partial(QuietHandler, directory=output)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            crawled = linkchecker_problems(site_url, tmp, os.path.join(log_dir, "anchors.csv"))
        finally:
            server.shutdown()
    fragments = {link for link in warned if "#" in link[1]}
    ok = warned == crawled and len(fragments) >= 3
    for post, destination in sorted(warned - crawled):
        print(f"  sitegen warns, linkchecker does not: {destination} in {post}")
    for post, destination in sorted(crawled - warned):
        print(f"  linkchecker finds, sitegen does not warn: {destination} in {post}")
    if not warned:
        print("  sitegen warned about nothing:\n" + stderr)
    names = ", ".join(f"{destination} in {post}" for post, destination in sorted(warned & crawled))
    print(f"  both find: {names}")
    word = "ok" if ok else "FAILED"
    print(f"acceptance: anchors {word} — sitegen warns about {len(warned)} links ({len(fragments)} fragments), "
          f"linkchecker with AnchorCheck finds {len(crawled)}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
