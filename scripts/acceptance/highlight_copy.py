#!/usr/bin/env python3
"""Copying highlighted code copies the code: builds a one-post site whose
post holds numbered, marked and console blocks, serves it on loopback, and
in headless Chromium selects each block and compares the selection's text
(what the clipboard gets) with the code itself. Line numbers (CSS counters)
and console prompts (`user-select: none`) must not be in it.

Usage: highlight_copy.py SITEGEN WORK_DIR
"""
import functools
import http.server
import json
import pathlib
import subprocess
import sys
import tempfile
import threading

from browser import Chromium

BLOCKS = {
    "swift linenos {2}": "let a = 1\n/* two\nlines */ let b = \"<b>\"\nprint(a + b)\n",
    "json": "{\n  \"a\": [1, 2]\n}\n",
    "text linenos": "plain\ntext\n",
}
CONSOLE = ("console", "$ swift build\nBuilding...\n$ echo done\ndone\n",
           "swift build\nBuilding...\necho done\ndone\n")

SELECT = """(() => {
  const blocks = [...document.querySelectorAll('pre')];
  return JSON.stringify(blocks.map(pre => {
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.selectAllChildren(pre.querySelector('code'));
    return {numbered: pre.classList.contains('hl-numbered'), text: selection.toString()};
  }));
})()"""


def main():
    sitegen, work = sys.argv[1], pathlib.Path(sys.argv[2])
    content = work / "content"
    (content / "posts" / "code").mkdir(parents=True, exist_ok=True)
    (content / "site.json").write_text(json.dumps({
        "title": "Copy check", "baseURL": "http://127.0.0.1/", "categories": [{"slug": "code", "title": "Code"}]}))
    body = "".join(f"```{info}\n{code}```\n\n" for info, code in BLOCKS.items())
    body += f"```{CONSOLE[0]}\n{CONSOLE[1]}```\n"
    (content / "posts" / "code" / "copy.json").write_text(json.dumps({
        "id": "copy", "category": "code", "title": "Copy", "desc": "Copy",
        "date": "2024-01-01T00:00:00Z", "body": body}))
    output = work / "public"
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(output)))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    subprocess.run([sitegen, "build", "--quiet", "--content", str(content), "--output", str(output),
                    "--base-url", url], check=True)
    page = next(path for path in output.rglob("*.html") if "copy" in path.read_text(encoding="utf-8")
                and "hl-numbered" in path.read_text(encoding="utf-8"))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory() as profile:
        browser = Chromium(profile, str(work / "chromium.log"))
        try:
            target = browser.send("Target.createTarget", url="about:blank")["targetId"]
            session = browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            browser.send("Page.enable", session)
            browser.send("Page.navigate", session, url=url + str(page.relative_to(output)))
            browser.wait_for("Page.loadEventFired", session)
            copied = json.loads(browser.send("Runtime.evaluate", session, expression=SELECT,
                                             returnByValue=True)["result"]["value"])
        finally:
            browser.close()
            server.shutdown()
    expected = list(BLOCKS.values()) + [CONSOLE[2]]
    failures = [f"block {index + 1}: copied {block['text']!r}, expected {code!r}"
                for index, (block, code) in enumerate(zip(copied, expected))
                if block["text"].rstrip("\n") != code.rstrip("\n")]
    if len(copied) != len(expected):
        failures.append(f"{len(copied)} code blocks on the page, expected {len(expected)}")
    if not any(block["numbered"] for block in copied):
        failures.append("no numbered block on the page")
    for failure in failures:
        print(f"highlight copy: {failure}")
    print(f"highlight copy: {'FAILED' if failures else 'passed'} — {len(copied)} blocks selected in Chromium")
    sys.exit(1 if failures else 0)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


if __name__ == "__main__":
    main()
