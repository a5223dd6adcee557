#!/usr/bin/env python3
"""Writes content/ for the seed blog: 4 categories x 100 posts.

Ids, titles and descs are those of the original blog API
(`<category>_<j>`, `title_<category>_<j>`, `desc_<category>_<j>`), and
`<category>_0` is the newest post of its category, so list page 1 of a
category shows the same posts as the API's page 0. Bodies are the seed's
greeting in Markdown, varied so that lists, code, links and emphasis occur.
Run from the repository root: python3 scripts/make-seed-content.py
"""
import datetime
import json
import os

CATEGORIES = [
    ("ui", "UI", "Views, controls and the things people touch."),
    ("network", "Network", "Talking to servers: requests, caching and JSON."),
    ("tool", "Tools", "Xcode, the command line and everything that saves time."),
    ("autolayout", "Auto Layout", "Constraints, stack views and adaptive layout."),
]
POSTS_PER_CATEGORY = 100
NEWEST = datetime.datetime(2015, 10, 14, 8, 30, tzinfo=datetime.timezone.utc)

GREETING = (
    "## Hello iOS122\n\n"
    "Scann To Join Us  \n"
    "![qq](https://raw.githubusercontent.com/ios122/ios122/master/1443002712802.png)\n"
)

EXTRAS = [
    "\nWhat this post covers:\n\n- the *model* that knows no screen\n- the **view model** that prepares values\n- the view that only binds\n",
    "\nA first step in Swift:\n\n```swift\nlet posts = try loader.load()\nprint(posts.count)\n```\n",
    "\nRead the [CommonMark spec](https://spec.commonmark.org/) and the "
    "[Swift book](https://docs.swift.org/swift-book/) for more.\n",
    "\n> Simple things should be simple, complex things should be possible.\n\n"
    "Steps, in order:\n\n1. read the JSON\n2. page the list\n3. render the detail\n",
    "\nInline `code`, _emphasis_ and **strong** text in one paragraph.\n",
]


def post(slug, index, category_index):
    date = NEWEST - datetime.timedelta(days=index, hours=category_index)
    return {
        "id": f"{slug}_{index}",
        "category": slug,
        "title": f"title_{slug}_{index}",
        "desc": f"desc_{slug}_{index}",
        "date": date.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "body": GREETING + EXTRAS[index % len(EXTRAS)],
    }


def main():
    site = {
        "title": "iOS122",
        "baseURL": "https://ios122.example.org/",
        "description": "Notes on building iOS apps, one category at a time.",
        "language": "en",
        "pageSize": 20,
        "categories": [{"slug": s, "title": t, "description": d} for s, t, d in CATEGORIES],
    }
    os.makedirs("content/posts", exist_ok=True)
    with open("content/site.json", "w") as out:
        json.dump(site, out, indent=2, ensure_ascii=False)
        out.write("\n")
    for category_index, (slug, _, _) in enumerate(CATEGORIES):
        os.makedirs(f"content/posts/{slug}", exist_ok=True)
        for index in range(POSTS_PER_CATEGORY):
            with open(f"content/posts/{slug}/{slug}_{index}.json", "w") as out:
                json.dump(post(slug, index, category_index), out, indent=2, ensure_ascii=False)
                out.write("\n")


if __name__ == "__main__":
    main()
