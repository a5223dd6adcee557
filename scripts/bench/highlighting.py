"""What code highlighting costs a full build: the same posts built with
highlighting on (the site as generated) and off (`"markdown": {"highlight":
false}` in a copy of site.json beside it, the posts shared through a
symbolic link), taking turns, from an empty output each time.
"""
import json
import os

from targets import Sitegen


class PlainSitegen(Sitegen):
    name = "sitegen, no highlighting"
    output_name = "public-plain"

    def __init__(self, highlighted):
        super().__init__(highlighted.out, highlighted.posts, highlighted.binary, highlighted.templates)
        self.content = os.path.join(self.out, "content-plain")
        os.makedirs(self.content, exist_ok=True)
        posts = os.path.join(self.content, "posts")
        if not os.path.islink(posts):
            os.symlink(os.path.join("..", "content", "posts"), posts)
        with open(os.path.join(highlighted.content, "site.json"), encoding="utf-8") as f:
            config = json.load(f)
        config.setdefault("markdown", {})["highlight"] = False
        with open(os.path.join(self.content, "site.json"), "w", encoding="utf-8") as f:
            json.dump(config, f, indent=2)


def measure(highlighted, runs, timed):
    """Returns (median seconds with, median seconds without) over `runs` full builds each."""
    plain = PlainSitegen(highlighted)
    plain.clean()
    summaries = timed([highlighted, plain], runs, "highlighting on/off", lambda target, run: target.clean())
    plain.clean()
    return summaries[highlighted.key].seconds, summaries[plain.key].seconds


def report(posts, with_seconds, without_seconds):
    share = 100 * (with_seconds / without_seconds - 1)
    return (f"highlighting at {posts} posts: full build {with_seconds:.2f} s with, {without_seconds:.2f} s "
            f"without (median of each): {share:+.1f} %")
