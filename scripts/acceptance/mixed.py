#!/usr/bin/env python3
"""Mixed site: what a reader of the fixture site in mixed-site/ would look
at, once it is built and served. Every category page links each of its
posts, whether written as JSON, as Markdown or as a post folder; the
Chinese title shows on its post and category pages; the post folder's image
is served as image/png beside its post page, byte for byte, and the page's
<img> points at it; the files of content/static/ (.nojekyll, CNAME) are at
the top of the output and served there.

Usage: mixed.py SITE_URL OUTPUT_DIR CONTENT_DIR
"""
import html.parser
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

CHINESE_TITLE = "你好，世界"  # the title of posts/notes/markdown-note.md
BUNDLE = ("notes", "first-light", "shot.png")


class Images(html.parser.HTMLParser):
    """The src of every <img>."""

    def __init__(self):
        super().__init__()
        self.sources = []

    def handle_starttag(self, tag, attrs):
        if tag == "img":
            self.sources.append(dict(attrs).get("src"))


def fetch(url):
    """(content type, body); a 404 or other HTTP error is ("HTTP <code>", b"")."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.headers.get_content_type(), response.read()
    except urllib.error.HTTPError as error:
        return f"HTTP {error.code}", b""


def posts_by_category(content):
    """{category: {id: format}} from the files under content/posts/."""
    found = {}
    root = os.path.join(content, "posts")
    for category in sorted(os.listdir(root)):
        for name in sorted(os.listdir(os.path.join(root, category))):
            if os.path.isdir(os.path.join(root, category, name)):
                found.setdefault(category, {})[name] = "folder"
            else:
                post_id, extension = os.path.splitext(name)
                found.setdefault(category, {})[post_id] = extension[1:]
    return found


def check(site, output, content, problems):
    checked = 0
    for category, posts in posts_by_category(content).items():
        page = fetch(f"{site}{category}/")[1].decode()
        formats = set()
        for post_id, form in posts.items():
            checked += 1
            if f'href="{urllib.parse.urlsplit(site).path}posts/{post_id}/"' not in page:
                problems.append(f"{site}{category}/ does not link the {form} post {post_id}")
            formats.add(form)
        if not {"json", "md"} <= formats:
            problems.append(f"fixture: category {category} lacks a JSON or a Markdown post")

    for path in ("posts/markdown-note/", "notes/"):
        if CHINESE_TITLE not in fetch(site + path)[1].decode():
            problems.append(f"{site}{path}: the title {CHINESE_TITLE} does not show")

    category, post_id, image = BUNDLE
    page_url = f"{site}posts/{post_id}/"
    parser = Images()
    parser.feed(fetch(page_url)[1].decode())
    want = page_url + image
    sources = [urllib.parse.urljoin(page_url, src or "") for src in parser.sources]
    if want not in sources:
        problems.append(f"{page_url}: no <img> points at {want} (found {sources})")
    kind, body = fetch(want)
    with open(os.path.join(content, "posts", category, post_id, image), "rb") as f:
        original = f.read()
    if kind != "image/png":
        problems.append(f"{want}: served as {kind}, not image/png")
    if body != original:
        problems.append(f"{want}: {len(body)} bytes served, not the {len(original)} of the post folder's file")

    for name in (".nojekyll", "CNAME", "robots-extra.txt"):
        with open(os.path.join(content, "static", name), "rb") as f:
            original = f.read()
        if not os.path.isfile(os.path.join(output, name)):
            problems.append(f"{output}/{name}: missing at the top of the output")
        elif fetch(site + name)[1] != original:
            problems.append(f"{site}{name}: not the file of content/static/")
    return checked


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    site, output, content = sys.argv[1:]
    problems = []
    posts = check(site, output, content, problems)
    for problem in problems:
        print("  " + problem)
    word = "FAILED" if problems else "ok"
    print(f"acceptance: mixed {word} — {posts} posts of three formats, 1 image, "
          f"3 static files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
