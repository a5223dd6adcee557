#!/usr/bin/env python3
"""Serve: headless Chromium follows `sitegen serve` as a writer edits.

Starts `sitegen serve` on a copy of content/ and templates/ (a free loopback
port), opens a post, and then, each time waiting for the page to change by
itself:
  1. edits the post file: the new text appears (the tab reloaded);
  2. breaks the post file: an overlay lists the error over the last good
     page; fixing the file removes it;
  3. edits the stylesheet: the new rule applies while a value the test set
     on `window` survives (no reload).
Fails on any console error or JavaScript exception along the way. Uses the
DevTools driver of browser.py.

Usage: serve-browser.py SITEGEN LOG_DIR
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

from browser import Chromium, is_local


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Tab:
    def __init__(self, browser, url):
        self.browser = browser
        self.url = url
        self.target = browser.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = browser.send("Target.attachToTarget", targetId=self.target, flatten=True)["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            browser.send(f"{domain}.enable", self.session)
        self.first_event = len(browser.events)
        browser.send("Page.navigate", self.session, url=url)
        browser.wait_for("Page.loadEventFired", self.session)

    def evaluate(self, expression):
        reply = self.browser.send("Runtime.evaluate", self.session, expression=expression, returnByValue=True)
        return reply["result"].get("value")

    def wait_until(self, expression, what, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if self.evaluate(expression):
                    return True
            except RuntimeError:
                pass  # the page is reloading: its context is gone for a moment
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}")

    def problems(self):
        found = []
        for event in self.browser.events[self.first_event:]:
            if event.get("sessionId") != self.session:
                continue
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                found.append("exception: " + (details.get("exception", {}).get("description") or details.get("text")))
            elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
                found.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                entry = params["entry"]
                # An outside image the loopback-only setup blocked (browser.py lists those).
                if entry.get("source") == "network" and not is_local(entry.get("url", ""), self.url):
                    continue
                found.append(f"console: {entry.get('text')} {entry.get('url', '')}")
        return found


def write_post(path, body):
    with open(path, encoding="utf-8") as f:
        post = json.load(f)
    post["body"] = body
    with open(path, "w", encoding="utf-8") as f:
        json.dump(post, f, ensure_ascii=False, indent=2)


def main():
    sitegen, logs = os.path.abspath(sys.argv[1]), sys.argv[2]
    steps = []
    with tempfile.TemporaryDirectory() as work:
        shutil.copytree("content", os.path.join(work, "content"))
        shutil.copytree("templates", os.path.join(work, "templates"))
        category = sorted(os.listdir(os.path.join(work, "content", "posts")))[0]
        name = sorted(n for n in os.listdir(os.path.join(work, "content", "posts", category)) if n.endswith(".json"))[0]
        post_file = os.path.join(work, "content", "posts", category, name)
        with open(post_file, encoding="utf-8") as f:
            original = f.read()
        body = json.loads(original)["body"]
        port = free_port()
        log = open(os.path.join(logs, "serve.log"), "w")
        server = subprocess.Popen([sitegen, "serve", "--port", str(port)], cwd=work, stdout=subprocess.PIPE,
                                  stderr=log, text=True)
        try:
            line = ""
            while "serving" not in line:
                line = server.stdout.readline()
                if not line:
                    raise RuntimeError("sitegen serve stopped before serving")
            base = re.search(r"http://\S+", line).group(0)
            page = f"{base}posts/{name[:-len('.json')]}/"
            with tempfile.TemporaryDirectory() as profile:
                browser = Chromium(profile, os.path.join(logs, "chromium-serve.log"))
                try:
                    tab = Tab(browser, page)

                    write_post(post_file, body + "\n\nA sentence written while the browser watched.")
                    tab.wait_until("document.body.innerText.includes('A sentence written while the browser watched.')",
                                   "the edited post to show")
                    steps.append("post edit shown without a manual reload")

                    with open(post_file, "w", encoding="utf-8") as f:
                        f.write('{\n  "title": "Broken",\n  "desc" "no colon"\n}\n')
                    tab.wait_until("(document.getElementById('sitegen-problems') || {}).textContent"
                                   f"?.includes('{category}/{name}:3:')", "the error overlay")
                    steps.append("error overlay shown over the last good page")
                    with open(post_file, "w", encoding="utf-8") as f:
                        f.write(original)
                    tab.wait_until("document.getElementById('sitegen-problems') === null"
                                   " && !document.body.innerText.includes('while the browser watched')",
                                   "the overlay to go once fixed")
                    steps.append("overlay gone once the file is fixed")

                    tab.evaluate("window.sitegenAcceptanceMarker = 42")
                    with open(os.path.join(work, "templates", "assets", "style.css"), "a", encoding="utf-8") as f:
                        f.write("\nh1 { letter-spacing: 7px; }\n")
                    tab.wait_until("getComputedStyle(document.querySelector('h1')).letterSpacing === '7px'",
                                   "the stylesheet edit to apply")
                    if tab.evaluate("window.sitegenAcceptanceMarker") != 42:
                        raise AssertionError("the stylesheet edit reloaded the page")
                    steps.append("stylesheet edit applied in place, page not reloaded")
                    problems = tab.problems()
                finally:
                    browser.close()
        except (AssertionError, RuntimeError, TimeoutError) as failure:
            problems = [str(failure)]
        finally:
            server.terminate()
            server.wait(timeout=60)
            log.close()
    for step in steps:
        print(f"  {step}")
    for problem in problems:
        print(f"  {problem}")
    word = "ok" if not problems and server.returncode == 0 else "FAILED"
    print(f"acceptance: serve {word} — {len(steps)} of 4 steps, {len(problems)} console errors or failures, "
          f"serve exited with {server.returncode}")
    return 0 if word == "ok" else 1


if __name__ == "__main__":
    sys.exit(main())
