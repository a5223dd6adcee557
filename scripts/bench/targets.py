"""The generators under test, each able to build, start over and take an edit.

Both build the same posts: sitegen from content/, Hugo from the mirror that
hugo_site.py wrote. The one-post edit rewrites the same post in both, from
the generator's own record of it, so an interrupted benchmark never leaves
an edited post behind for the next one.
"""
import os
import re

import generate
import hugo_site
import trash
from markdown_body import BodyWriter


def edited_body(original, revision):
    """Revision k of the edited post: the original plus one paragraph naming k,
    so that every run really changes the post relative to the run before."""
    return original + f"\nRevised {revision}: a paragraph added so that exactly one post changes.\n"


class Target:
    name = ""

    def __init__(self, out, posts):
        self.out = out
        self.posts = posts
        self.edited = posts // 2  # a post in the middle: not on a feed, not on page 1
        self.writer = BodyWriter(generate.SEED)
        self.original = generate.post_record(self.writer, self.edited)

    @property
    def key(self):
        """Tells apart the same generator at two site sizes."""
        return (self.name, self.posts)

    def clean(self):
        trash.discard(self.output, self.out)

    def pages(self, sample):
        raise NotImplementedError

    def files(self):
        return sum(len(names) for _, _, names in os.walk(self.output))


class Sitegen(Target):
    name = "sitegen"
    output_name = "public"
    options = []

    def __init__(self, out, posts, binary, templates):
        super().__init__(out, posts)
        self.content = os.path.join(out, "content")
        self.output = os.path.join(out, self.output_name)
        self.binary = binary
        self.templates = templates

    def command(self):
        # --jobs is left at its default, every core, as users run it.
        return [self.binary, "build", "--content", self.content, "--templates", self.templates,
                "--output", self.output, *self.options]

    def clean(self):
        super().clean()
        # sitegen's own state for this output (the spare, the post cache), so
        # that the next build starts from nothing; and that of versions which
        # kept it in hidden siblings of the output.
        trash.discard(os.path.join(self.out, ".sitegen", self.output_name), self.out)
        for name in os.listdir(self.out):
            if name.startswith(f".{self.output_name}.sitegen-"):
                trash.discard(os.path.join(self.out, name), self.out)


    def edit(self, revision):
        body = None if revision is None else edited_body(self.original["body"], revision)
        generate.write_post(self.content, self.writer, self.edited, body)

    def pages(self, sample):
        """The page count of sitegen's summary line, `built N pages: ...`."""
        match = re.search(r"^built (\d+) pages:", sample.stdout, re.M)
        if not match:
            raise RuntimeError(f"no summary line in sitegen's output:\n{sample.stdout}")
        return int(match.group(1))

    @staticmethod
    def summary_line(sample):
        return sample.stdout.strip().splitlines()[-1]


class SitegenNoSync(Sitegen):
    """The same builds with --no-sync, which does not wait for the new site
    to reach the disk before swapping it in: what durability costs. Its own
    output beside the other, from the same content."""
    name = "sitegen --no-sync"
    output_name = "public-no-sync"
    options = ["--no-sync"]


class SitegenMarkdown(Sitegen):
    """The same posts written as Markdown files (generate.py --format
    markdown), into their own output: what front matter costs against JSON."""
    name = "sitegen-md"
    output_name = "public-md"

    def __init__(self, out, posts, binary, templates):
        super().__init__(out, posts, binary, templates)
        self.content = os.path.join(out, generate.FORMATS["markdown"][0])

    def edit(self, revision):
        body = None if revision is None else edited_body(self.original["body"], revision)
        generate.write_post(self.content, self.writer, self.edited, body, fmt="markdown")


class Hugo(Target):
    name = "hugo"

    def __init__(self, out, posts):
        super().__init__(out, posts)
        self.source = os.path.join(out, "hugo")
        self.output = os.path.join(out, "hugo-public")

    def command(self):
        return ["hugo", "--quiet", "--source", self.source, "-d", self.output]

    def edit(self, revision):
        body = None if revision is None else edited_body(self.original["body"], revision)
        hugo_site.write_post(self.source, generate.category_of(self.edited), generate.post_id(self.edited),
                             self.original, body)

    def pages(self, sample):
        """Hugo --quiet prints no count: count the HTML files it wrote
        (its page/1/ redirects included, so a few more than it rendered)."""
        return sum(1 for _, _, names in os.walk(self.output) for n in names if n.endswith(".html"))
