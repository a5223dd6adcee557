#!/usr/bin/env python3
"""Search: headless Chromium types queries into the search page, one
character at a time, and checks what the page shows against the answer
search_reference.py works out from the site's API files alone: the same
posts in the same order (the first page of results), the count, snippets
with the query's words in <mark> (in every snippet of a post whose text,
description or tags hold one, not only its title). Also checks that no request leaves the
site, and reports how long the results took after the last keystroke and
how many bytes a query downloads on a fresh load of search/?q=… (script
included, cache off); over BUDGET_KB on a site of this size fails. On the
seed sites, with the keyboard alone: the arrow keys move between the box
and the results, and Enter on "More results" shows the next ten, in order,
with snippets, and moves to the first of them.

Sites: the ones given (the seed site at the root and under /blog/), and a
small site of Chinese, Japanese and accented posts that this script builds
with sitegen in a temporary folder and serves itself on loopback.

Usage: search.py SITEGEN LOG_DIR SITE_URL...
"""
import functools
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from browser import Chromium, is_local
from search_reference import Site, fold, parts

BUDGET_KB = 50
PAGE = 10
QUERIES = {
    "seed": ["swi", "view model", "title ui 1", "simple things", "commonmark spec", "nothingmatchesthis"],
    "cjk": ["静态网站", "态网", "网站", "swi", "cafe", "don't", "東京", "搜索 二元", "代码块"],
}
# Posts of the generated site: (category, id, date, title, desc, body).
CJK_POSTS = [
    ("zh", "static-sites", "2024-03-01", "静态网站生成器入门", "用 Swift 写一个静态网站生成器",
     "## 为什么要静态网站\n\n静态网站又快又安全。\n\n```\n代码块里的网站不算\n```\n"),
    ("zh", "cache", "2024-04-01", "缓存与增量构建", "只重写变化的文件",
     "构建静态网站时，缓存让第二次构建更快。Swift 的 Café 字符串。\n"),
    ("zh", "search", "2024-05-01", "全文搜索", "中文分词与二元组",
     "搜索引擎把网站的文字切成二元组，所以任何两个字都能找到。\n"),
    ("en", "hello", "2024-02-01", "Hello, world", "The first post",
     "Static sites in **Swift**. Don't panic! 🎉 A naïve café.\n"),
    ("en", "code-only", "2024-01-01", "Only code", "A post with a code block",
     "```\n静态网站 swift 代码块\n```\n"),
    ("ja", "tokyo", "2024-01-15", "日本語のテキスト", "東京のブログ", "東京で静的サイトを作る。\n"),
]


def write_cjk_content(folder):
    os.makedirs(folder)
    site = {"title": "多语言博客", "baseURL": "https://example.org/", "language": "zh",
            "categories": [{"slug": "zh", "title": "中文"}, {"slug": "en", "title": "English"},
                           {"slug": "ja", "title": "日本語"}]}
    with open(os.path.join(folder, "site.json"), "w", encoding="utf-8") as f:
        json.dump(site, f, ensure_ascii=False)
    for category, post_id, date, title, desc, body in CJK_POSTS:
        os.makedirs(os.path.join(folder, "posts", category), exist_ok=True)
        with open(os.path.join(folder, "posts", category, post_id + ".json"), "w", encoding="utf-8") as f:
            json.dump({"title": title, "desc": desc, "date": date, "body": body}, f, ensure_ascii=False)


def serve(folder):
    """A loopback HTTP server for folder, on a free port; returns (server, url)."""
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    class Server(http.server.ThreadingHTTPServer):
        def handle_error(self, request, client_address):
            # The page cancels the snippet fetches of results a later keystroke replaced.
            if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
                super().handle_error(request, client_address)
    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


# Records when the results of the last keystroke are shown (the list's
# aria-busy turns false after the last input event).
INSTRUMENT = """(() => {
  window.__search = {input: 0, shown: 0};
  document.addEventListener('input', () => { window.__search = {input: performance.now(), shown: 0}; }, true);
  const list = document.getElementById('search-results');
  new MutationObserver(() => {
    if (list.getAttribute('aria-busy') === 'false' && window.__search.input && !window.__search.shown)
      window.__search.shown = performance.now();
  }).observe(list, {attributes: true, attributeFilter: ['aria-busy']});
  const box = document.getElementById('search-query');
  box.value = '';
  box.focus();
  return true;
})()"""

STATE = """JSON.stringify({
  busy: document.getElementById('search-results').getAttribute('aria-busy'),
  status: document.getElementById('search-status').textContent,
  url: location.search,
  timing: window.__search,
  items: [...document.querySelectorAll('#search-results li')].map(li => ({
    href: li.querySelector('h2 a').getAttribute('href'),
    snippet: (li.querySelector('p.snippet') || {}).textContent || null,
    marks: [...li.querySelectorAll('p.snippet mark')].map(m => m.textContent),
  })),
})"""


def evaluate(browser, session, expression):
    return browser.send("Runtime.evaluate", session, expression=expression, returnByValue=True)["result"].get("value")


def wait_for_results(browser, session, expected_count, timeout=15):
    deadline = time.monotonic() + timeout
    while True:
        state = json.loads(evaluate(browser, session, STATE))
        # Typed queries wait for the last keystroke's results; a fresh load for its first.
        done = state["busy"] == "false" and (state.get("timing") or {"shown": 1})["shown"]
        items = state["items"]
        if done and len(items) == min(PAGE, expected_count) and all(i["snippet"] is not None for i in items):
            return state
        if time.monotonic() > deadline:
            return state
        time.sleep(0.02)


def open_page(browser, url, cache=True):
    target = browser.send("Target.createTarget", url="about:blank")["targetId"]
    session = browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    for domain in ("Page", "Runtime", "Network"):
        browser.send(f"{domain}.enable", session)
    browser.send("Network.setCacheDisabled", session, cacheDisabled=not cache)
    first_event = len(browser.events)
    browser.send("Page.navigate", session, url=url)
    browser.wait_for("Page.loadEventFired", session)
    return target, session, first_event


def requests_of(browser, session, first_event):
    """{request id: [url, bytes received]} and the exceptions thrown, since first_event."""
    requests, problems = {}, []
    for event in browser.events[first_event:]:
        if event.get("sessionId") != session:
            continue
        method, params = event["method"], event.get("params", {})
        if method == "Network.requestWillBeSent":
            requests[params["requestId"]] = [params["request"]["url"], 0]
        elif method == "Network.loadingFinished" and params["requestId"] in requests:
            requests[params["requestId"]][1] = params["encodedDataLength"]
        elif method == "Network.responseReceived" and params["response"]["status"] >= 400:
            problems.append(f"HTTP {params['response']['status']} for {params['response']['url']}")
        elif method == "Runtime.exceptionThrown":
            problems.append("exception: " + params["exceptionDetails"].get("text", "?"))
    return requests, problems


def check_marks(query, items):
    """Problems with the snippets: every mark must be a word of the query (or begin with the last one)."""
    needles = [text for _, text in parts(query)]
    problems = []
    for item in items:
        for mark in item["marks"]:
            folded = fold(mark).replace("'", "").replace("\u2019", "")
            if not any(folded.startswith(n) or n in folded for n in needles):
                problems.append(f"<mark>{mark}</mark> is not a word of the query")
    if items and not any(item["marks"] for item in items):
        problems.append("no snippet marks a word of the query")
    return problems


def check_site(browser, name, site, queries, budget_kb, timings=None):
    """Types each query and checks what the page shows; the milliseconds from
    the last keystroke to the results are appended to timings when given."""
    reference = Site(site)
    failures = 0
    for query in queries:
        expected = reference.search(query)
        # Typed, one character at a time, into the page.
        target, session, first_event = open_page(browser, site + "search/")
        evaluate(browser, session, INSTRUMENT)
        for character in query:
            browser.send("Input.insertText", session, text=character)
        state = wait_for_results(browser, session, len(expected))
        shown = [urllib.parse.urlsplit(item["href"]).path.rstrip("/").rsplit("/", 1)[-1] for item in state["items"]]
        requests, problems = requests_of(browser, session, first_event)
        browser.send("Target.closeTarget", targetId=target)
        if shown != expected[:PAGE]:
            problems.append(f"shows {shown}, expected {expected[:PAGE]}")
        if str(len(expected)) not in state["status"] and expected:
            problems.append(f"status says {state['status']!r}, expected {len(expected)} posts")
        if not expected and "No posts" not in state["status"]:
            problems.append(f"status says {state['status']!r} for no match")
        if urllib.parse.parse_qs(state["url"][1:]).get("q") != [query]:
            problems.append(f"the URL keeps {state['url']!r}, not the query")
        problems += check_marks(query, state["items"])
        # A post found through its tags alone shows the tags that match, marked.
        problems += [f"the snippet of {post_id} marks nothing" for post_id, item in zip(shown, state["items"])
                     if not item["marks"] and reference.markable(post_id, query)]
        outside = [url for url, _ in requests.values() if not is_local(url, site) and not url.startswith("data:")]
        problems += [f"request leaves the site: {url}" for url in outside]
        timing = state["timing"]
        after = timing["shown"] - timing["input"] if timing["shown"] else float("nan")
        if timings is not None:
            timings.append(after)

        # Loaded afresh, cache off: what this query downloads.
        target, session, first_event = open_page(browser, site + "search/?q=" + urllib.parse.quote(query), cache=False)
        wait_for_results(browser, session, len(expected))
        requests, more = requests_of(browser, session, first_event)
        browser.send("Target.closeTarget", targetId=target)
        problems += more
        page = urllib.parse.urlsplit(site + "search/").path
        search_bytes = sum(size for url, size in requests.values()
                           if urllib.parse.urlsplit(url).path not in (page, page + "index.html")
                           and not url.endswith((".css", ".svg")))
        if search_bytes > budget_kb * 1024:
            problems.append(f"downloads {search_bytes / 1024:.1f} KB, over {budget_kb} KB")
        failures += len(problems)
        state_text = "ok" if not problems else "; ".join(problems)
        print(f"  {name} {query!r}: {len(expected)} found, {len(shown)} shown, results {after:.0f} ms after the last "
              f"keystroke, {search_bytes / 1024:.1f} KB downloaded: {state_text}")
    return failures


def press(browser, session, key, code):
    """A key pressed and released, as a keyboard gives it."""
    text = "\r" if key == "Enter" else ""
    browser.send("Input.dispatchKeyEvent", session, type="keyDown", key=key, code=key,
                 windowsVirtualKeyCode=code, nativeVirtualKeyCode=code, text=text)
    browser.send("Input.dispatchKeyEvent", session, type="keyUp", key=key, code=key,
                 windowsVirtualKeyCode=code, nativeVirtualKeyCode=code)


FOCUSED = """(() => {
  const element = document.activeElement;
  if (element === document.getElementById('search-query')) return 'box';
  if (element === document.getElementById('search-more')) return 'more';
  const links = [...document.querySelectorAll('#search-results li h2 a')];
  return links.includes(element) ? 'result ' + links.indexOf(element) : 'other';
})()"""


def check_more_and_keys(browser, name, site, query):
    """With the keyboard alone: the arrow keys move from the box through the
    results and back; Enter on "More results" adds the next ten, in order,
    with their snippets, and moves to the first of them."""
    expected = Site(site).search(query)
    problems = []
    if len(expected) <= PAGE:
        problems.append(f"finds {len(expected)} posts, too few to need more")
    target, session, _ = open_page(browser, site + "search/?q=" + urllib.parse.quote(query))
    try:
        wait_for_results(browser, session, len(expected))
        evaluate(browser, session, "document.getElementById('search-query').focus()")
        steps = [("ArrowDown", 40, "result 0"), ("ArrowDown", 40, "result 1"), ("ArrowUp", 38, "result 0"),
                 ("ArrowUp", 38, "box")]
        for key, code, wanted in steps:
            press(browser, session, key, code)
            focused = evaluate(browser, session, FOCUSED)
            if focused != wanted:
                problems.append(f"{key} moved to {focused}, not {wanted}")
        evaluate(browser, session, "document.getElementById('search-more').focus()")
        press(browser, session, "Enter", 13)
        want = min(2 * PAGE, len(expected))
        deadline = time.monotonic() + 15
        while True:
            state = json.loads(evaluate(browser, session, STATE))
            items = state["items"]
            if len(items) >= want and all(item["snippet"] is not None for item in items) or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        shown = [urllib.parse.urlsplit(item["href"]).path.rstrip("/").rsplit("/", 1)[-1] for item in items]
        if shown != expected[:want]:
            problems.append(f"after More results shows {shown}, expected {expected[:want]}")
        if any(item["snippet"] is None for item in items):
            problems.append("a result added by More results has no snippet")
        focused = evaluate(browser, session, FOCUSED)
        if focused != f"result {PAGE}":
            problems.append(f"after More results the focus is on {focused}, not the first new result")
    finally:
        browser.send("Target.closeTarget", targetId=target)
    print(f"  {name} {query!r}: arrow keys and More results: " + ("ok" if not problems else "; ".join(problems)))
    return len(problems)


def main():
    sitegen, logs, *sites = sys.argv[1:]
    failures = 0
    with tempfile.TemporaryDirectory() as temporary:
        content = os.path.join(temporary, "content")
        write_cjk_content(content)
        output = os.path.join(temporary, "site")
        templates = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "templates")
        subprocess.run([sitegen, "build", "--quiet", "--content", content, "--templates", templates, "--output", output],
                       check=True)
        server, cjk_url = serve(output)
        browser = Chromium(os.path.join(temporary, "profile"), os.path.join(logs, "chromium-search.log"))
        try:
            for site in sites:
                failures += check_site(browser, urllib.parse.urlsplit(site).path, site, QUERIES["seed"], BUDGET_KB)
                failures += check_more_and_keys(browser, urllib.parse.urlsplit(site).path, site, "swi")
            failures += check_site(browser, "cjk", cjk_url, QUERIES["cjk"], BUDGET_KB)
        finally:
            browser.close()
            server.shutdown()
    word = "ok" if failures == 0 else "FAILED"
    print(f"acceptance: search {word} — {len(sites)} seed sites and one CJK site, "
          f"{len(QUERIES['seed']) * len(sites) + len(QUERIES['cjk'])} queries typed, "
          f"keyboard and More results on {len(sites)}, {failures} problems")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
