#!/usr/bin/env python3
"""Checks that the files of content/static/ are served from the top of each
site as they are, dot-files included: every file under the static folder
given is fetched from each site URL and compared byte for byte."""
import os
import sys
import urllib.parse
import urllib.request


def main():
    static, site_urls = sys.argv[1], sys.argv[2:]
    files = sorted(os.path.relpath(os.path.join(folder, name), static)
                   for folder, _, names in os.walk(static) for name in names)
    problems = []
    for site_url in site_urls:
        for relative in files:
            url = site_url + urllib.parse.quote(relative)
            with open(os.path.join(static, relative), "rb") as source:
                expected = source.read()
            try:
                with urllib.request.urlopen(url, timeout=10) as response:
                    if response.read() != expected:
                        problems.append(f"{url}: not the bytes of {relative}")
            except OSError as error:
                problems.append(f"{url}: {error}")
    for problem in problems:
        print("  " + problem)
    word = "FAILED" if problems or not files else "ok"
    print(f"acceptance: static {word} — {len(files)} file{'' if len(files) == 1 else 's'} of {static} on {len(site_urls)} sites, {len(problems)} problems")
    sys.exit(1 if problems or not files else 0)


main()
