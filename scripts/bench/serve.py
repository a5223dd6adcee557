#!/usr/bin/env python3
"""The serve part of `make bench`: how soon an edit is served.

    python3 scripts/bench/serve.py --posts 10000 --edits 30 --sitegen .build/release/sitegen

With `sitegen serve` running on the benchmark site (a copy of
<root>/<N>/content, so the generated one stays as generated), a paragraph
is appended to the body of one post file at a time, as an editor saves it,
and the page is fetched over HTTP in a tight loop until it holds the new
text: edit-to-served. A client on /__sitegen/events notes when the reload
event naming the page arrives: edit-to-event. Min, median and max of
--edits edits; serve's peak memory (VmHWM). The same edits against
`hugo server` (fast render mode, pages in memory) on the same posts when
Hugo is installed. Then static files with wrk: requests per second of
`sitegen serve` and of nginx on the same file, when both are there.
"""
import argparse
import json
import multiprocessing
import os
import queue
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import generate
import hugo_site


def log(text):
    print(text, file=sys.stderr, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url):
    """The body of url, or None on any error (the server may be swapping trees)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read().decode("utf-8", "replace")
    except Exception:
        return None


def wait_for(url, text, timeout=120):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = fetch(url)
        if body is not None and text in body:
            return time.monotonic()
    raise TimeoutError(f"{url} never showed {text!r}")


class EventClient:
    """Reads /__sitegen/events in a process of its own (so the polling loop
    does not delay it) and notes when each reload event arrives."""

    def __init__(self, port):
        self.arrivals = multiprocessing.Queue()
        self.seen = []
        self.process = multiprocessing.Process(target=self._listen, args=(port, self.arrivals), daemon=True)
        self.process.start()

    @staticmethod
    def _listen(port, arrivals):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(f"GET /__sitegen/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        buffer = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return
            now = time.monotonic()
            buffer += chunk
            while b"\n\n" in buffer:
                event, buffer = buffer.split(b"\n\n", 1)
                text = event.decode("utf-8", "replace")
                if "event: reload" in text:
                    arrivals.put((now, text))

    def first_after(self, start, needle, timeout=60):
        deadline = time.monotonic() + timeout
        while True:
            for when, text in self.seen:
                if when >= start and needle in text:
                    return when
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                self.seen.append(self.arrivals.get(timeout=left))
            except queue.Empty:
                return None

    def stop(self):
        self.process.terminate()


def summary(values):
    return {"min": min(values), "median": statistics.median(values), "max": max(values), "count": len(values)}


def ms(stats):
    return f"min {stats['min'] * 1000:.0f} ms, median {stats['median'] * 1000:.0f} ms, max {stats['max'] * 1000:.0f} ms"


def peak_kib(pid):
    with open(f"/proc/{pid}/status", encoding="utf-8") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def edited_ids(posts, edits):
    """Posts spread over the site (and its categories), each edited in turn."""
    step = max(1, posts // 7)
    return [generate.post_id((1 + i * step) % posts) for i in range(min(edits, 7))]


def time_sitegen(args, out, work):
    content = os.path.join(work, "content")
    log(f"serve: copying {args.posts} posts to {content}")
    shutil.copytree(os.path.join(out, "content"), content)
    if args.no_search:
        # The site's search switch off: what an edit costs besides the search index.
        site_file = os.path.join(content, "site.json")
        with open(site_file, encoding="utf-8") as f:
            site = json.load(f)
        site["search"] = False
        with open(site_file, "w", encoding="utf-8") as f:
            json.dump(site, f, ensure_ascii=False, indent=2)
    port = free_port()
    started = time.monotonic()
    server = subprocess.Popen([args.sitegen, "serve", "--content", content, "--port", str(port)],
                              cwd=work, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = ""
        while "serving" not in line:
            line = server.stdout.readline()
            if not line:
                raise RuntimeError("sitegen serve exited before serving")
        first_build = time.monotonic() - started
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        base = re.search(r"http://\S+", line).group(0)
        events = EventClient(port)
        time.sleep(2)  # the spare is readied after the first build
        ids = edited_ids(args.posts, args.edits)
        served, heard = [], []
        for edit in range(args.edits):
            post_id = ids[edit % len(ids)]
            number = int(post_id.split("-")[1])
            path = generate.post_path(content, number)
            with open(path, encoding="utf-8") as f:
                post = json.load(f)
            marker = f"serve-bench-{edit}-{time.time_ns()}"
            post["body"] += f"\n\nA paragraph added by the benchmark: {marker}.\n"
            page = f"{base}posts/{post_id}/"
            start = time.monotonic()
            with open(path, "w", encoding="utf-8") as f:
                f.write(json.dumps(post, ensure_ascii=False, indent=2))
            served.append(wait_for(page, marker) - start)
            when = events.first_after(start, f"/posts/{post_id}/")
            if when is not None:
                heard.append(when - start)
            log(f"  sitegen edit {edit + 1}/{args.edits}: served after {served[-1] * 1000:.0f} ms")
            time.sleep(args.pause)
        result = {"first_build_s": first_build, "served": summary(served),
                  "event": summary(heard) if heard else None, "peak_kib": peak_kib(server.pid), "port": port, "base": base}
        events.stop()
        result["wrk"] = wrk(args, f"{base}assets/style.css") if shutil.which("wrk") else None
        return result
    finally:
        server.terminate()
        server.wait()


def time_hugo(args, out, work):
    hugo = os.path.join(work, "hugo")
    log("serve: copying the Hugo site")
    shutil.copytree(hugo_site.ensure_site(out), hugo)
    port = free_port()
    started = time.monotonic()
    server = subprocess.Popen(["hugo", "server", "--port", str(port), "--bind", "127.0.0.1", "--baseURL",
                               f"http://127.0.0.1:{port}/", "--quiet"],
                              cwd=hugo, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        home = f"http://127.0.0.1:{port}/"
        deadline = time.monotonic() + 600
        while fetch(home) is None:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("hugo server did not start")
            time.sleep(0.2)
        first_build = time.monotonic() - started
        threading.Thread(target=lambda: [None for _ in server.stdout], daemon=True).start()
        time.sleep(2)
        ids = edited_ids(args.posts, args.edits)
        served = []
        for edit in range(args.edits):
            post_id = ids[edit % len(ids)]
            number = int(post_id.split("-")[1])
            category = generate.category_of(number)
            path = os.path.join(hugo, "content", category, post_id + ".md")
            marker = f"serve-bench-{edit}-{time.time_ns()}"
            with open(path, encoding="utf-8") as f:
                text = f.read()
            start = time.monotonic()
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + f"\n\nA paragraph added by the benchmark: {marker}.\n")
            served.append(wait_for(f"{home}posts/{post_id}/", marker) - start)
            log(f"  hugo edit {edit + 1}/{args.edits}: served after {served[-1] * 1000:.0f} ms")
            time.sleep(args.pause)
        return {"first_build_s": first_build, "served": summary(served), "peak_kib": peak_kib(server.pid)}
    finally:
        server.terminate()
        server.wait()


def wrk(args, url):
    """Requests per second for one file, sitegen serve's url and nginx on the same bytes."""
    def run(target):
        result = subprocess.run(["wrk", "-t2", "-c32", f"-d{args.wrk_seconds}s", target],
                                capture_output=True, text=True, check=True)
        return float(re.search(r"Requests/sec:\s+([0-9.]+)", result.stdout).group(1))
    figures = {"sitegen": run(url)}
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if nginx:
        with tempfile.TemporaryDirectory() as folder:
            with urllib.request.urlopen(url) as response:
                body = response.read()
            os.makedirs(os.path.join(folder, "www", "assets"))
            with open(os.path.join(folder, "www", "assets", "style.css"), "wb") as f:
                f.write(body)
            port = free_port()
            with open(os.path.join(folder, "nginx.conf"), "w", encoding="utf-8") as f:
                f.write(f"""daemon off; worker_processes 2; pid {folder}/nginx.pid; error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{ access_log off; include /etc/nginx/mime.types;
  client_body_temp_path {folder}; proxy_temp_path {folder}; fastcgi_temp_path {folder};
  uwsgi_temp_path {folder}; scgi_temp_path {folder};
  server {{ listen 127.0.0.1:{port}; root {folder}/www; }} }}
""")
            server = subprocess.Popen([nginx, "-p", folder, "-c", os.path.join(folder, "nginx.conf")],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                target = f"http://127.0.0.1:{port}/assets/style.css"
                deadline = time.monotonic() + 20
                while fetch(target) is None and time.monotonic() < deadline:
                    time.sleep(0.1)
                figures["nginx"] = run(target)
            finally:
                server.terminate()
                server.wait()
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--pause", type=float, default=0.3, help="seconds between edits")
    parser.add_argument("--wrk-seconds", type=int, default=5)
    parser.add_argument("--sitegen", default=".build/release/sitegen")
    parser.add_argument("--root", default=".build/bench")
    parser.add_argument("--no-hugo", action="store_true")
    parser.add_argument("--no-search", action="store_true", help="serve the site with its search switched off")
    args = parser.parse_args()
    args.sitegen = os.path.abspath(args.sitegen)
    out = os.path.abspath(os.path.join(args.root, str(args.posts)))
    generate.ensure_content(args.posts, out)
    results = {"posts": args.posts}
    with tempfile.TemporaryDirectory(dir=out, prefix="serve-") as work:
        results["sitegen"] = time_sitegen(args, out, work)
        if shutil.which("hugo") and not args.no_hugo:
            results["hugo"] = time_hugo(args, out, work)
    name = "results-serve-no-search.json" if args.no_search else "results-serve.json"
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=2)
    s = results["sitegen"]
    print(f"serve at {args.posts} posts ({args.edits} edits, one post file each"
          f"{', search off' if args.no_search else ''})")
    print(f"  sitegen serve: first build {s['first_build_s']:.1f} s; edit-to-served {ms(s['served'])}")
    if s["event"]:
        print(f"                 edit-to-event {ms(s['event'])}")
    print(f"                 peak memory {s['peak_kib'] / 1024:.0f} MiB")
    if "hugo" in results:
        h = results["hugo"]
        print(f"  hugo server:   first build {h['first_build_s']:.1f} s; edit-to-served {ms(h['served'])}; "
              f"peak memory {h['peak_kib'] / 1024:.0f} MiB")
        print(f"  ratios: median edit-to-served {s['served']['median'] / h['served']['median']:.3f} x Hugo's, "
              f"memory {s['peak_kib'] / h['peak_kib']:.3f} x Hugo's")
    if s.get("wrk"):
        w = s["wrk"]
        line = f"  static file (wrk -t2 -c32): sitegen serve {w['sitegen']:.0f} req/s"
        if "nginx" in w:
            line += f", nginx {w['nginx']:.0f} req/s, ratio {w['sitegen'] / w['nginx']:.2f}"
        print(line)


if __name__ == "__main__":
    main()
