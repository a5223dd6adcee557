"""Checks, under strace, that a build's new site reaches the disk before it
replaces the old one, and the swap before the build reports success:

    syncfs (the new tree's data) -> rename / renameat2 (the swap)
    -> fsync of the output's parent folder -> the summary line

for a first build (a rename) and for a rebuild (an exchange); that a build
which changes nothing syncs nothing; and that --no-sync skips both.
A test cannot cut the power, so the order of the calls is what is checked.

usage: durable-swap.py SITEGEN CONTENT TEMPLATES WORKDIR LOG
"""
import json
import os
import re
import shutil
import subprocess
import sys

sitegen, content, templates, work, log = sys.argv[1:6]
SYSCALLS = "syncfs,fsync,fdatasync,rename,renameat,renameat2,write"


def build(name, *extra):
    """Runs one build under strace; returns its calls, in order, as (name, line)."""
    trace = os.path.join(work, f"{name}.strace")
    summary = os.path.join(work, f"{name}.out")
    with open(summary, "w") as out:
        subprocess.run(["strace", "-f", "-y", "-qq", "-e", f"trace={SYSCALLS}", "-o", trace,
                        sitegen, "build", "--content", site_content, "--templates", templates,
                        "--output", output, *extra], stdout=out, check=True)
    calls = []
    with open(trace) as lines:
        for line in lines:
            with open(log, "a") as kept:
                kept.write(f"{name}: {line}")
            match = re.match(r"^(?:\[pid\s+\d+\]\s+|\d+\s+)?(\w+)\((.*)", line)
            if not match:
                continue
            call, rest = match.groups()
            if call == "write":
                if rest.startswith("1<") and '"built ' in rest:
                    calls.append(("summary", line))
            else:
                calls.append((call, line))
    return calls


def order(calls):
    """The calls that matter, in order: syncfs, swap, fsync of the parent, summary."""
    kinds = []
    for call, line in calls:
        if call == "syncfs":
            kinds.append("syncfs")
        elif call.startswith("rename") and (f"{output}\"" in line or f"{output}>" in line or f'"{output}"' in line):
            kinds.append("exchange" if "RENAME_EXCHANGE" in line else "rename")
        elif call in ("fsync", "fdatasync") and re.search(r"<" + re.escape(parent) + r">", line):
            kinds.append("fsync-parent")
        elif call == "summary":
            kinds.append("summary")
    return kinds


def edit_one_post():
    for root, _, names in os.walk(os.path.join(site_content, "posts")):
        for name in sorted(names):
            if name.endswith(".json"):
                path = os.path.join(root, name)
                with open(path) as f:
                    post = json.load(f)
                post["body"] += "\n\nOne more paragraph.\n"
                with open(path, "w") as f:
                    json.dump(post, f)
                return
    raise SystemExit("durable swap: no JSON post to edit in the content")


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
open(log, "w").close()
site_content = os.path.join(work, "content")
shutil.copytree(content, site_content)
parent = os.path.join(work, "site")
os.makedirs(parent)
output = os.path.join(parent, "public")

expected = {
    "first build": ["syncfs", "rename", "fsync-parent", "summary"],
    "rebuild": ["syncfs", "exchange", "fsync-parent", "summary"],
    "no-change build": ["summary"],
    "rebuild --no-sync": ["exchange", "summary"],
}
runs = {}
runs["first build"] = order(build("first"))
edit_one_post()
runs["rebuild"] = order(build("rebuild"))
runs["no-change build"] = order(build("nochange"))
edit_one_post()
runs["rebuild --no-sync"] = order(build("nosync", "--no-sync"))

failures = [f"{name}: expected {' -> '.join(expected[name])}, got {' -> '.join(got) or 'nothing'}"
            for name, got in runs.items() if got != expected[name]]
for failure in failures:
    print(f"acceptance: durable swap FAILED — {failure} (calls in {log})")
if not failures:
    print("acceptance: durable swap ok — syncfs, then the swap, then fsync of the parent, then success; none with --no-sync or when nothing changed")
sys.exit(1 if failures else 0)
