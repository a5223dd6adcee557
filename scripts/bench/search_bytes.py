#!/usr/bin/env python3
"""What the search page downloads for a query, worked out from a built site's
files: the fetches search.js makes to show the first page of results.

    python3 scripts/bench/search_bytes.py public "swi" "网站"

Fetched for one query on a first visit: assets/search.js, search/index.json,
the term chunks its words can be in (TermChunker.swift: the longest key that
begins a word; for a prefix, also every key that begins with it), the
document chunks of the first ten results, and their API files (snippets).
Sizes are the files' bytes, without HTTP headers or compression.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "acceptance"))
from search_reference import requirements  # noqa: E402  the query rules, shared with the acceptance check

PAGE = 10
DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def postings(text):
    """{post number: strong} from PostingsCoding's text."""
    found = {}

    def gaps(part, only_strong):
        previous, value = -1, 0
        for character in part:
            digit = DIGITS.index(character)
            value = value * 32 + (digit & 31)
            if digit < 32:
                number = previous + 1 + value // 2
                if not only_strong:
                    found[number] = found.get(number, False) or value % 2 == 1
                elif value % 2 == 1:
                    found[number] = True
                previous, value = number, 0

    if not text.startswith("~"):
        gaps(text, False)
        return found
    end = text.index("~", 1)
    for offset, character in enumerate(text[1:end]):
        bits = DIGITS.index(character)
        for bit in range(6):
            if bits & (1 << bit):
                found.setdefault(offset * 6 + bit, False)
    gaps(text[end + 1:], True)
    return found


def chunk_keys(keys, term, prefix):
    longest = max((k for k in keys if term.startswith(k)), key=len, default=None)
    chosen = [longest] if longest is not None else []
    if prefix:
        chosen += [k for k in keys if k.startswith(term) and k != longest]
    return chosen


def fetched(site, query):
    """(results found, {path: bytes}) for a first visit's query."""
    def read(path):
        with open(os.path.join(site, path), "rb") as f:
            return f.read()
    files = {"assets/search.js": len(read("assets/search.js"))}
    manifest_bytes = read("search/index.json")
    files["search/index.json"] = len(manifest_bytes)
    manifest = json.loads(manifest_bytes)
    scores = None
    for term, prefix in requirements(query):
        matches = {}
        for key in chunk_keys(manifest["k"], term, prefix):
            path = "search/t/" + key.encode().hex() + ".json"
            data = read(path)
            files[path] = len(data)
            for candidate, text in json.loads(data).items():
                if candidate == term or (prefix and candidate.startswith(term)):
                    for number, strong in postings(text).items():
                        matches[number] = matches.get(number, False) or strong
        step = {n: (1 if s else 0) for n, s in matches.items()}
        scores = step if scores is None else {n: v + step[n] for n, v in scores.items() if n in step}
    ranked = sorted((scores or {}).items(), key=lambda item: (-item[1], -item[0]))
    api = manifest["a"]
    for number, _ in ranked[:PAGE]:
        chunk = f"search/d/{number // manifest['s']}.json"
        data = read(chunk)
        files[chunk] = len(data)
        post_id = json.loads(data)[number % manifest["s"]][0]
        # The API URL carries the base path; the file sits at the same path under the output.
        path = (api + post_id + ".json")[len(api) - len("api/posts/"):]
        files[path] = len(read(path))
    return len(ranked), files


def index_size(site):
    count = size = 0
    for folder, _, names in os.walk(os.path.join(site, "search")):
        for name in names:
            count += 1
            size += os.path.getsize(os.path.join(folder, name))
    return count, size


def report(site, queries):
    lines = []
    for query in queries:
        found, files = fetched(site, query)
        total = sum(files.values())
        chunks = sum(1 for path in files if path.startswith("search/t/"))
        lines.append(f"{query!r:32} {found:6} found  {total / 1024:6.1f} KB in {len(files):2} files "
                     f"({chunks} term chunks, script {files['assets/search.js'] / 1024:.1f} KB)")
    return lines


if __name__ == "__main__":
    for line in report(sys.argv[1], sys.argv[2:]):
        print(line)
