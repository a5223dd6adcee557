#!/usr/bin/env python3
"""Writes content/ for the seed blog: 4 categories x 100 posts.

Ids, titles and descs are those of the original blog API
(`<category>_<j>`, `title_<category>_<j>`, `desc_<category>_<j>`), and
`<category>_0` is the newest post of its category, so list page 1 of a
category shows the same posts as the API's page 0. Bodies are the seed's
greeting in Markdown, varied so that lists, code, links and emphasis occur;
every tenth post is a longer one with sections (a table of contents), in
English or, for the first of each category, in Chinese. Posts carry two or
three tags from a small pool (one of them Chinese, and `Swift` sometimes
spelled `swift`), and some name an author or an update.
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


SECTIONS = (
    "\n## Why view models\n\nA view model turns a `Post` into the strings a screen shows, "
    "so the view only binds. It knows no `UIViewController`.\n"
    "\n### What it holds\n\nTitles, dates already formatted, and the URL of the next page.\n"
    "\n### What it leaves out\n\nLayout, colours and anything the view decides.\n"
    "\n## Testing it\n\nA view model is a value: build one from a post and compare the strings. "
    "See [the first section](#why-view-models).\n"
)

SECTIONS_ZH = (
    "\n## 为什么需要视图模型\n\n视图模型把 `Post` 变成界面要显示的字符串，"
    "视图只负责绑定，它不认识 `UIViewController`。\n"
    "\n### 它保存什么\n\n标题、格式化好的日期，以及下一页的地址。\n"
    "\n### 它不管什么\n\n布局、颜色，以及视图自己决定的一切。\n"
    "\n## 如何测试\n\n视图模型是一个值：用一篇文章构造它，再比较字符串。"
    "参见[第一节](#为什么需要视图模型)。\n"
)

TAGS = ["Swift", "UIKit", "Xcode", "架构", "Auto Layout", "Networking", "Testing"]
AUTHORS = ["Lin Feng", "Ana Souza"]


def post(slug, index, category_index):
    date = NEWEST - datetime.timedelta(days=index, hours=category_index)
    body = GREETING + EXTRAS[index % len(EXTRAS)]
    if index % 10 == 0:
        body += SECTIONS_ZH if index == 0 else SECTIONS
    tags = [TAGS[(index + category_index) % len(TAGS)], TAGS[(index * 3 + 1) % len(TAGS)]]
    if index % 4 == 0:
        tags.append("swift" if index % 8 == 0 else "Swift")
    record = {
        "id": f"{slug}_{index}",
        "category": slug,
        "title": f"title_{slug}_{index}",
        "desc": f"desc_{slug}_{index}",
        "date": date.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "tags": list(dict.fromkeys(tags)),
    }
    if index % 3 == 0:
        record["author"] = AUTHORS[index % 2]
    if index % 5 == 0:
        record["updated"] = (date + datetime.timedelta(days=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    record["body"] = body
    return record


def main():
    site = {
        "title": "iOS122",
        "baseURL": "https://ios122.example.org/",
        "description": "Notes on building iOS apps, one category at a time.",
        "language": "en",
        "pageSize": 20,
        "author": "iOS122",
        "license": {"text": "CC BY 4.0", "url": "https://creativecommons.org/licenses/by/4.0/"},
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
