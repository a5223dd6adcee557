#!/usr/bin/env python3
"""Feeds: feedparser reads feed.xml, every category's feed.xml and every
tag's tags/<slug>/feed.xml from the server; each must parse as Atom 1.0
without a `bozo` error and hold the newest posts (20, or fewer in a smaller
category or tag) with the titles and links that the site's JSON API gives
(api/lists/ for a category, api/tags/ for a tag): link = <baseURL>posts/<id>/.

Usage: feeds.py SITE_URL BASE_URL [SITE_URL BASE_URL ...]
SITE_URL is where a site is served, BASE_URL the baseURL it was built with.
"""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

import feedparser

FEED_SIZE = 20


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def read_feed(url, problems):
    feed = feedparser.parse(fetch(url))
    if feed.bozo:
        problems.append(f"{url}: not well-formed: {feed.bozo_exception}")
    if feed.version != "atom10":
        problems.append(f"{url}: read as {feed.version or 'nothing'}, not Atom 1.0")
    return [(entry.get("title"), entry.get("link")) for entry in feed.entries]


def category_posts(site_url, slug, page_count, folder="lists"):
    """The category's (or tag's) posts in list order, as api/<folder>/<slug>/<page>.json give them."""
    posts = []
    for page in range(page_count):
        posts += json.loads(fetch(f"{site_url}api/{folder}/{urllib.parse.quote(slug)}/{page}.json"))
    return posts


def check_tag_feeds(site_url, base_url, problems):
    """Every tag's feed lists the tag's first posts, in list order; returns (feeds, entries, names)."""
    try:
        tags = json.loads(fetch(site_url + "api/tags/index.json"))["tags"]
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return 0, 0, []  # a site without tags
        raise
    entries = 0
    for tag in tags:
        posts = category_posts(site_url, tag["slug"], tag["pageCount"], folder="tags")
        if len(posts) != tag["postCount"]:
            problems.append(f"tag {tag['slug']}: {len(posts)} posts listed, postCount says {tag['postCount']}")
        url = f"{site_url}tags/{urllib.parse.quote(tag['slug'])}/feed.xml"
        entries += check_category_feed(url, base_url, posts, problems)
    return len(tags), entries, [tag["name"] for tag in tags]


def check_category_feed(url, base_url, posts, problems):
    """The feed lists the category's first posts, in list order."""
    got = read_feed(url, problems)
    want = [(post["title"], f"{base_url}posts/{post['id']}/") for post in posts[:FEED_SIZE]]
    if got != want:
        problems.append(f"{url}: {len(got)} entries, expected {len(want)}")
        diff = next(((g, w) for g, w in zip(got, want) if g != w), None)
        if diff:
            problems.append(f"{url}: first difference: {diff[0]}, expected {diff[1]}")
    return len(got)


def check_site_feed(url, base_url, posts, problems):
    """The feed lists the newest posts of the whole site, newest first.
    Posts of the same date may come in either order, so it is checked by
    dates: each entry is a post with its own title, and their dates are the
    newest ones, in order."""
    got = read_feed(url, problems)
    by_link = {f"{base_url}posts/{post['id']}/": post for post in posts}
    dates = []
    for title, link in got:
        post = by_link.get(link)
        if post is None or post["title"] != title:
            problems.append(f"{url}: entry {title!r} {link} is no post of the site")
        else:
            dates.append(post.get("date") or "")
    newest = sorted((post.get("date") or "" for post in posts), reverse=True)[:FEED_SIZE]
    if dates != newest:
        problems.append(f"{url}: entries are not the {len(newest)} newest posts, newest first")
    return len(got)


def check_site(site_url, base_url, problems):
    categories = json.loads(fetch(site_url + "api/index.json"))["categories"]
    entries = 0
    everything = []
    for category in categories:
        posts = category_posts(site_url, category["slug"], category["pageCount"])
        everything += posts
        url = f"{site_url}{category['slug']}/feed.xml"
        entries += check_category_feed(url, base_url, posts, problems)
    entries += check_site_feed(site_url + "feed.xml", base_url, everything, problems)
    tag_feeds, tag_entries, names = check_tag_feeds(site_url, base_url, problems)
    feeds = len(categories) + 1 + tag_feeds
    entries += tag_entries
    slugs = ", ".join(category["slug"] for category in categories)
    tagged = f", tags {', '.join(names)}" if names else ""
    print(f"  {site_url}: {feeds} feeds (feed.xml and {slugs}{tagged}), {entries} entries")
    return feeds, entries


def main():
    args = sys.argv[1:]
    if not args or len(args) % 2:
        sys.exit(__doc__)
    problems = []
    feeds = entries = 0
    for site_url, base_url in zip(args[0::2], args[1::2]):
        f, e = check_site(site_url, base_url, problems)
        feeds, entries = feeds + f, entries + e
    for problem in problems:
        print("  " + problem)
    word = "FAILED" if problems else "ok"
    print(f"acceptance: feeds {word} — {feeds} feeds, {entries} entries, "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
