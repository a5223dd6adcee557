#!/usr/bin/env python3
"""Turns the benchmark's content/ into the equivalent Hugo site.

    python3 scripts/bench/hugo_site.py --out .build/bench/10000

Reads the very posts sitegen reads (content/posts/<category>/<id>.json) and
writes <out>/hugo/: one Markdown file per post with JSON front matter
(title, date, summary, categories), a section per category, and minimal
layouts shaped like sitegen's templates: home, list pages paged 20 at a
time with `.Paginate`, a post page, a JSON file per post (sitegen's API),
404, Atom-like RSS of the newest 20 and a sitemap.

To keep the comparison fair, Hugo is asked for no more than sitegen does:
no taxonomy pages, no syntax highlighting, no typographer (cmark runs
without smart punctuation), and feeds limited to 20 entries.
"""
import argparse
import hashlib
import json
import multiprocessing
import os
import shutil

import trash

CONFIG = """\
baseURL = "https://notes.example.org/"
title = {title}
languageCode = "en"
paginate = 20
rssLimit = 20
enableRobotsTXT = true
disableKinds = ["taxonomy", "term"]

[outputs]
home = ["HTML", "RSS"]
section = ["HTML", "RSS"]
page = ["HTML", "JSON"]

[markup.highlight]
codeFences = false

[markup.goldmark.extensions]
typographer = false
linkify = false
footnote = false
definitionList = false
"""

LAYOUTS = {
    "_default/baseof.html": """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }}</title>
<meta name="description" content="{{ with .Params.summary }}{{ . }}{{ else }}{{ .Site.Params.description }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<link rel="stylesheet" href="{{ "assets/style.css" | relURL }}">
{{ block "head" . }}{{ end }}
</head>
<body>
<header class="site-header">
<a class="site-title" href="{{ .Site.Home.RelPermalink }}">{{ .Site.Title }}</a>
<nav aria-label="Categories">
<ul>
{{ $current := .Section }}{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}"{{ if eq .Section $current }} aria-current="page"{{ end }}>{{ .Title }}</a></li>
{{ end }}</ul>
</nav>
</header>
<main id="main">
{{ block "main" . }}{{ end }}
</main>
<footer class="site-footer"><p>{{ .Site.Title }}</p></footer>
</body>
</html>
""",
    "partials/summary.html": """\
<li class="post-summary">
<h3><a href="{{ .RelPermalink }}">{{ .Title }}</a></h3>
<p>{{ .Params.summary }}</p>
<p class="meta"><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2 January 2006" }}</time></p>
</li>
""",
    "index.html": """\
{{ define "main" }}
<h1>{{ .Site.Title }}</h1>
<h2>Categories</h2>
<ul class="categories">
{{ range .Site.Sections }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span class="count">{{ len .Pages }} posts</span></li>
{{ end }}</ul>
<h2>Latest posts</h2>
<ul class="posts">
{{ range first 10 .Site.RegularPages.ByDate.Reverse }}{{ partial "summary.html" . }}{{ end }}
</ul>
{{ end }}
""",
    "_default/list.html": """\
{{ define "main" }}
{{ $pager := .Paginate .Pages.ByDate.Reverse }}
<h1>{{ .Title }}</h1>
<ul class="posts">
{{ range $pager.Pages }}{{ partial "summary.html" . }}{{ end }}
</ul>
<nav class="pagination" aria-label="Pages">
<p>Page {{ $pager.PageNumber }} of {{ $pager.TotalPages }}</p>
<ul>
{{ if $pager.HasPrev }}<li><a href="{{ $pager.Prev.URL }}" rel="prev">← Newer</a></li>{{ end }}
{{ $n := $pager.PageNumber }}{{ $total := $pager.TotalPages }}
{{ $lo := sub $n 2 }}{{ if lt $lo 1 }}{{ $lo = 1 }}{{ end }}
{{ $hi := add $n 2 }}{{ if gt $hi $total }}{{ $hi = $total }}{{ end }}
{{ if gt $lo 1 }}<li><a href="{{ $pager.First.URL }}">1</a></li><li>…</li>{{ end }}
{{ range seq $lo $hi }}{{ $p := index $pager.Pagers (sub . 1) }}<li><a href="{{ $p.URL }}"{{ if eq . $n }} aria-current="page"{{ end }}>{{ . }}</a></li>
{{ end }}
{{ if lt $hi $total }}<li>…</li><li><a href="{{ $pager.Last.URL }}">{{ $total }}</a></li>{{ end }}
{{ if $pager.HasNext }}<li><a href="{{ $pager.Next.URL }}" rel="next">Older →</a></li>{{ end }}
</ul>
</nav>
{{ end }}
""",
    "_default/single.html": """\
{{ define "main" }}
<article>
<header>
<h1>{{ .Title }}</h1>
<p class="meta"><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2 January 2006" }}</time> · in <a href="{{ .CurrentSection.RelPermalink }}">{{ .CurrentSection.Title }}</a></p>
</header>
<div class="body">
{{ .Content }}
</div>
</article>
<nav class="post-nav" aria-label="More posts">
<ul>
{{ with .NextInSection }}<li><a href="{{ .RelPermalink }}" rel="prev">← {{ .Title }}</a></li>{{ end }}
{{ with .PrevInSection }}<li><a href="{{ .RelPermalink }}" rel="next">{{ .Title }} →</a></li>{{ end }}
</ul>
</nav>
{{ end }}
""",
    "_default/single.json": """\
{{ dict "id" .File.BaseFileName "title" .Title "desc" .Params.summary "category" .Section "date" (.Date.Format "2006-01-02T15:04:05Z07:00") "body" .Content | jsonify }}
""",
    "404.html": """\
{{ define "main" }}<h1>Page not found</h1><p>Try the <a href="{{ .Site.Home.RelPermalink }}">home page</a>.</p>{{ end }}
""",
}


def front_matter(post, category):
    return json.dumps({
        "title": post["title"],
        "date": post["date"],
        "summary": post["desc"],
        "categories": [category],
    }, ensure_ascii=False, indent=2)


def write_post(hugo, category, post_id, post, body=None):
    """Writes one post as Hugo content; `body` replaces the post's own (for the edit benchmark)."""
    path = os.path.join(hugo, "content", category, post_id + ".md")
    with open(path, "w", encoding="utf-8") as f:
        f.write(front_matter(post, category) + "\n\n" + (post["body"] if body is None else body))


def write_site(content, hugo):
    with open(os.path.join(content, "site.json"), encoding="utf-8") as f:
        site = json.load(f)
    os.makedirs(hugo)
    with open(os.path.join(hugo, "hugo.toml"), "w", encoding="utf-8") as f:
        f.write(CONFIG.format(title=json.dumps(site["title"])))
        # Posts at /posts/<id>/ as sitegen puts them, whatever their category.
        f.write("\n[permalinks]\n")
        for category in site["categories"]:
            f.write(f'{category["slug"]} = "/posts/:filename/"\n')
    for name, text in LAYOUTS.items():
        path = os.path.join(hugo, "layouts", name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    # sitegen copies templates/assets/; Hugo copies static/.
    shutil.copytree(os.path.join(os.path.dirname(__file__), "..", "..", "templates", "assets"),
                    os.path.join(hugo, "static", "assets"))
    chunks = []
    for category in site["categories"]:
        slug = category["slug"]
        folder = os.path.join(hugo, "content", slug)
        os.makedirs(folder)
        with open(os.path.join(folder, "_index.md"), "w", encoding="utf-8") as f:
            f.write(json.dumps({"title": category["title"], "summary": category.get("description", "")}) + "\n")
        names = sorted(os.listdir(os.path.join(content, "posts", slug)))
        chunks += [(content, hugo, slug, names[i:i + 500]) for i in range(0, len(names), 500)]
    # One process per core, one post in memory at a time in each.
    with multiprocessing.get_context("fork").Pool(len(os.sched_getaffinity(0))) as pool:
        for _ in pool.imap_unordered(_mirror_posts, chunks):
            pass


def _mirror_posts(chunk):
    content, hugo, slug, names = chunk
    for name in names:
        with open(os.path.join(content, "posts", slug, name), encoding="utf-8") as f:
            post = json.load(f)
        write_post(hugo, slug, name[:-len(".json")], post)


def ensure_site(out):
    """Makes <out>/hugo mirror <out>/content, unless it already mirrors this content stamp."""
    content = os.path.join(out, "content")
    hugo = os.path.join(out, "hugo")
    source_stamp = os.path.join(out, "content.stamp")
    stamp = os.path.join(out, "hugo.stamp")
    with open(source_stamp, encoding="utf-8") as f, open(__file__, "rb") as code:
        expected = f.read() + "hugo_site=" + hashlib.sha256(code.read()).hexdigest() + "\n"
    return trash.ensure_tree(hugo, stamp, expected, lambda folder: write_site(content, folder), out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder holding content/ from generate.py")
    args = parser.parse_args()
    print(ensure_site(args.out))
    trash.empty(args.out)  # nothing is being timed here


if __name__ == "__main__":
    main()
