#!/usr/bin/env python3
"""Browser: headless Chromium loads the home page, a list page, the post
page with the longest body, and a post with tags and a table of contents in
English and one in Chinese, from the server at desktop (1280x900) and phone
(390x844) size, and saves a screenshot of each (the first screen, and the
whole page). A page fails on any console error, JavaScript exception or
failed request to the site, a missing <h1> or stylesheet, or a page wider
than the window. On the two tagged posts, the table of contents (#toc) and
the tags (#post-tags) must be shown inside the window; on the Chinese one,
the fonts Chromium reports it drew a Chinese heading with
(CSS.getPlatformFontsForNode) must include one that fontconfig lists for
Chinese, so its characters are glyphs, not boxes.

Chromium is driven over the DevTools protocol on a pipe
(--remote-debugging-pipe), with the standard library alone. It is kept on
loopback (run.sh also puts the checks in a loopback-only network namespace
where it can): every other host name resolves to nothing and every other
request goes to a closed local proxy port. Such requests (images that posts
embed from elsewhere) are listed, not failed.

Usage: browser.py SITE_URL SCREENSHOT_DIR LOG_DIR [--tagged-posts]
--tagged-posts: the site must have both tagged posts (the shipped content does).
"""
import base64
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

SIZES = {"desktop": (1280, 900, False), "phone": (390, 844, True)}

# Measured in the page once it has loaded.
PAGE_FACTS = """JSON.stringify({
  h1: (document.querySelector('h1') || {}).textContent || null,
  stylesheets: [...document.styleSheets].filter(s => { try { return s.cssRules.length > 0 } catch (e) { return false } }).length,
  scrollWidth: document.documentElement.scrollWidth,
})"""

# Where the table of contents and the tags are drawn; marks the first heading
# written in Chinese, for the font check.
POST_FACTS = """JSON.stringify({
  boxes: Object.fromEntries(['toc', 'post-tags'].map(id => {
    const element = document.getElementById(id)
    if (!element) return [id, null]
    const box = element.getBoundingClientRect(), style = getComputedStyle(element)
    return [id, {left: box.left, right: box.right, width: box.width, height: box.height,
                 shown: style.display !== 'none' && style.visibility !== 'hidden', links: element.querySelectorAll('a').length}]
  })),
  chinese: (() => {
    const heading = [...document.querySelectorAll('main h2[id], main h3[id]')].find(h => /[\u4e00-\u9fff]/.test(h.textContent))
    if (!heading) return null
    heading.setAttribute('data-font-probe', '')
    return heading.textContent.trim()
  })(),
})"""


def chinese_families():
    """The font families fontconfig says have Chinese glyphs."""
    listed = subprocess.run(["fc-list", ":lang=zh", "family"], capture_output=True, text=True).stdout
    return {name.strip() for line in listed.splitlines() for name in line.split(",") if name.strip()}


class Chromium:
    """One headless Chromium, spoken to in NUL-separated JSON on fds 3 and 4."""

    def __init__(self, profile_dir, log_path):
        to_chromium_r, self.to_chromium = os.pipe()
        self.from_chromium, from_chromium_w = os.pipe()
        binary = shutil.which("chromium") or "/usr/bin/chromium"
        flags = [
            "--headless", "--no-sandbox", "--remote-debugging-pipe",
            f"--user-data-dir={profile_dir}", "--no-first-run", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--disable-default-apps", "--disable-extensions",
            "--hide-scrollbars", "--mute-audio",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "--proxy-server=127.0.0.1:9", "about:blank",
        ]
        # The shell puts the two pipes on the fds Chromium expects.
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            ["sh", "-c", 'exec "$@" 3<&0 4>&1 </dev/null >&2', "sh", binary, *flags],
            stdin=to_chromium_r, stdout=from_chromium_w, stderr=self.log)
        os.close(to_chromium_r)
        os.close(from_chromium_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def _receive(self, deadline):
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.from_chromium], [], [], max(0, deadline - time.monotonic()))
            if not ready:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self.from_chromium, 1 << 20)
            if not chunk:
                raise EOFError("Chromium exited")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method, session=None, timeout=30, **params):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.to_chromium, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, method, session, timeout=20):
        deadline = time.monotonic() + timeout
        seen = 0
        while True:
            for event in self.events[seen:]:
                if event.get("method") == method and event.get("sessionId") == session:
                    return event
            seen = len(self.events)
            self.events.append(self._receive(deadline))

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_chromium)
        os.close(self.from_chromium)
        self.log.close()


def is_local(url, site):
    return urllib.parse.urlsplit(url).netloc == urllib.parse.urlsplit(site).netloc


def check_post(browser, session, width, want_chinese):
    """The table of contents and the tags shown inside the window; on a
    Chinese post, a Chinese heading drawn with a font that has its glyphs."""
    problems, notes = [], []
    facts = json.loads(browser.send("Runtime.evaluate", session, expression=POST_FACTS,
                                    returnByValue=True)["result"]["value"])
    for name, box in facts["boxes"].items():
        if box is None:
            problems.append(f"no #{name}")
        elif not box["shown"] or box["width"] <= 0 or box["height"] <= 0 or box["links"] == 0:
            problems.append(f"#{name} is not shown ({box})")
        elif box["left"] < 0 or box["right"] > width:
            problems.append(f"#{name} spans {box['left']:.0f}-{box['right']:.0f} px of a {width} px window")
    if want_chinese:
        if not facts["chinese"]:
            problems.append("no heading in Chinese")
        else:
            browser.send("DOM.enable", session)
            browser.send("CSS.enable", session)
            root = browser.send("DOM.getDocument", session)["root"]["nodeId"]
            node = browser.send("DOM.querySelector", session, nodeId=root, selector="[data-font-probe]")["nodeId"]
            fonts = browser.send("CSS.getPlatformFontsForNode", session, nodeId=node)["fonts"]
            used = {font["familyName"] for font in fonts if font["glyphCount"] > 0}
            chinese = used & chinese_families()
            notes.append(f"'{facts['chinese']}' drawn with {', '.join(sorted(used))}")
            if not chinese:
                problems.append(f"the heading '{facts['chinese']}' is drawn with {sorted(used)}, none of which has Chinese "
                                "glyphs (install fonts-noto-cjk)")
    return problems, notes


def visit(browser, site, url, size, screenshot_base, checks=()):
    """Loads url at size; returns (problems, external requests blocked, notes)."""
    width, height, mobile = SIZES[size]
    target = browser.send("Target.createTarget", url="about:blank")["targetId"]
    session = browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
    for domain in ("Page", "Runtime", "Log", "Network"):
        browser.send(f"{domain}.enable", session)
    browser.send("Emulation.setDeviceMetricsOverride", session, width=width, height=height,
                 deviceScaleFactor=1, mobile=mobile)
    first_event = len(browser.events)
    browser.send("Page.navigate", session, url=url)
    browser.wait_for("Page.loadEventFired", session)
    time.sleep(0.3)  # let late console messages arrive
    facts = json.loads(browser.send("Runtime.evaluate", session, expression=PAGE_FACTS,
                                    returnByValue=True)["result"]["value"])

    problems, blocked = [], set()
    requests = {}
    for event in browser.events[first_event:]:
        if event.get("sessionId") != session:
            continue
        method, params = event["method"], event.get("params", {})
        if method == "Network.requestWillBeSent":
            requests[params["requestId"]] = params["request"]["url"]
        elif method == "Network.responseReceived" and params["response"]["status"] >= 400:
            problems.append(f"HTTP {params['response']['status']} for {params['response']['url']}")
        elif method == "Network.loadingFailed":
            failed = requests.get(params["requestId"], "?")
            if is_local(failed, site):
                problems.append(f"request failed: {failed}: {params.get('errorText')}")
            else:
                blocked.add(failed)
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            thrown = details.get("exception", {}).get("description") or details.get("text")
            problems.append(f"exception: {thrown.splitlines()[0]}")
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params["args"])
            problems.append(f"console.{params['type']}: {text}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            entry = params["entry"]
            # A request that the loopback-only setup blocked, reported above.
            if entry.get("source") == "network" and not is_local(entry.get("url", ""), site):
                continue
            problems.append(f"console: {entry.get('text')} {entry.get('url', '')}".rstrip())
    if not facts["h1"]:
        problems.append("no <h1>")
    if facts["stylesheets"] < 1:
        problems.append("stylesheet not applied")
    if facts["scrollWidth"] > width:
        problems.append(f"page is {facts['scrollWidth']} px wide in a {width} px window")
    notes = []
    if "post" in checks:
        found, notes = check_post(browser, session, width, "chinese" in checks)
        problems += found

    shot = browser.send("Page.captureScreenshot", session, format="png")
    with open(f"{screenshot_base}.png", "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    content = browser.send("Page.getLayoutMetrics", session)["cssContentSize"]
    shot = browser.send("Page.captureScreenshot", session, format="png", captureBeyondViewport=True,
                        clip={"x": 0, "y": 0, "width": width, "height": content["height"], "scale": 1})
    with open(f"{screenshot_base}-full.png", "wb") as f:
        f.write(base64.b64decode(shot["data"]))
    browser.send("Target.closeTarget", targetId=target)
    return problems, blocked, notes


def tagged_post(posts, chinese):
    """The first post with tags and at least three headings (so the theme
    shows its table of contents), with headings in Chinese or in English."""
    for post in posts:
        headings = re.findall(r"<h[23] id=\"[^\"]*\">([^<]*)", post["body"])
        in_chinese = any(re.search("[\u4e00-\u9fff]", text) for text in headings)
        if post.get("tags") and len(headings) >= 3 and in_chinese == chinese:
            return post["id"]
    return None


def pages(site):
    """The home page, page 2 of a category, the post with the longest body,
    and posts with tags and a table of contents in English and in Chinese:
    name -> (path, checks)."""
    def fetch(path):
        with urllib.request.urlopen(site + path, timeout=10) as response:
            return json.load(response)
    categories = fetch("api/index.json")["categories"]
    paged = [c for c in categories if c["pageCount"] >= 2]
    listed = next((c for c in paged if c["slug"] == "network"), paged[0] if paged else categories[0])
    list_path = f"{listed['slug']}/page/2/" if listed["pageCount"] >= 2 else f"{listed['slug']}/"
    ids = [post["id"] for c in categories for page in range(c["pageCount"])
           for post in fetch(f"api/lists/{c['slug']}/{page}.json")]
    posts = [fetch(f"api/posts/{id}.json") for id in ids]
    longest = max(posts, key=lambda post: len(post["body"]))["id"]
    visits = {"home": ("", ()), "list": (list_path, ()), "post": (f"posts/{longest}/", ())}
    for name, chinese in (("post-en", False), ("post-zh", True)):
        found = tagged_post(posts, chinese)
        if found:
            visits[name] = (f"posts/{found}/", ("post", "chinese") if chinese else ("post",))
    return visits


def main():
    site, shots, logs = sys.argv[1:4]
    require_tagged = "--tagged-posts" in sys.argv[4:]
    failures = 0
    blocked = set()
    taken = 0
    with tempfile.TemporaryDirectory() as profile:
        browser = Chromium(profile, os.path.join(logs, "chromium.log"))
        try:
            print(f"  {browser.send('Browser.getVersion')['product']}")
            visits = pages(site)
            for name in ("post-en", "post-zh"):
                if require_tagged and name not in visits:
                    failures += 1
                    print(f"  no post for {name}: none has tags and three headings "
                          f"{'in Chinese' if name == 'post-zh' else 'in English'}")
            for name, (path, checks) in visits.items():
                for size in SIZES:
                    problems, external, notes = visit(browser, site, site + path, size,
                                                      os.path.join(shots, f"{name}-{size}"), checks)
                    taken += 2
                    blocked |= external
                    failures += len(problems)
                    state = "ok" if not problems else "; ".join(problems)
                    detail = f" (toc and tags shown{'; ' + '; '.join(notes) if notes else ''})" if checks else ""
                    print(f"  /{path} ({name}) at {size} {SIZES[size][0]}x{SIZES[size][1]}: {state}{detail}")
        finally:
            browser.close()
    for url in sorted(blocked):
        print(f"  not loaded, not on this machine: {url}")
    word = "ok" if failures == 0 else "FAILED"
    print(f"acceptance: browser {word} — {len(visits)} pages at {len(SIZES)} sizes, "
          f"{taken} screenshots in {shots}/, "
          f"{failures} console errors or page problems, {len(blocked)} outside URLs blocked")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
