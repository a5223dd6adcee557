#!/usr/bin/env python3
"""Compares sitegen's highlighting with Pygments' on a corpus of real code.

    highlight_agreement.py SITEGEN CORPUS_DIR WORK_DIR

CORPUS_DIR holds one folder per language (swift, objective-c, c, shell,
json, ...) of source files. Every file becomes a post holding one fenced
block; sitegen builds the site into WORK_DIR; the classes of the spans in
each block's HTML are compared, character by character, with the classes
Pygments' token types map onto (TOKEN_CLASSES). Whitespace is not counted.

Classes are compared in groups (GROUPS): Pygments marks a name as a type,
function or variable only where it is declared or built in, and splits
operators from punctuation differently from one lexer to the next, so
those refinements count as agreeing. The exact-class figure is printed too.
Fails unless at least 95 % of the characters agree for each language.
"""
import html.parser
import json
import pathlib
import subprocess
import sys

from pygments.lexers import get_lexer_by_name
from pygments.token import Token

REQUIRED = 95.0

# Pygments' token types, most specific first, onto sitegen's classes ("" is plain).
TOKEN_CLASSES = [
    (Token.Keyword.Type, "type"), (Token.Keyword, "keyword"), (Token.Operator.Word, "keyword"),
    (Token.Name.Builtin.Pseudo, "keyword"), (Token.Name.Builtin, "type"),
    (Token.Name.Class, "type"), (Token.Name.Namespace, "type"), (Token.Name.Exception, "type"),
    (Token.Name.Function, "function"), (Token.Name.Variable, "variable"), (Token.Name.Label, "variable"),
    (Token.Name.Decorator, "attribute"), (Token.Name.Attribute, "property"), (Token.Name.Tag, "tag"),
    (Token.Name.Entity, "escape"), (Token.Name.Constant, "type"), (Token.Name, ""),
    (Token.Literal.String.Escape, "escape"), (Token.Literal.String.Interpol, "interpolation"),
    (Token.Literal.String.Regex, "regex"), (Token.Literal.String, "string"),
    (Token.Literal.Number, "number"), (Token.Literal.Scalar, "string"), (Token.Literal, "string"),
    (Token.Comment.Preproc, "preprocessor"), (Token.Comment.PreprocFile, "preprocessor"),
    (Token.Comment, "comment"), (Token.Operator, "operator"), (Token.Punctuation, "punctuation"),
    (Token.Generic.Prompt, "prompt"), (Token.Generic.Output, "output"),
    (Token.Generic.Inserted, "inserted"), (Token.Generic.Deleted, "deleted"),
    (Token.Generic.Heading, "meta"), (Token.Generic.Subheading, "meta"),
]

# Where a language's lexer in Pygments means something else by a type.
LANGUAGE_CLASSES = {
    "json": {Token.Name.Tag: "property"},
    "yaml": {Token.Name.Tag: "property", Token.Name.Namespace: "meta", Token.Name.Constant: "string",
             Token.Keyword.Type: "type"},
    "shell": {Token.Name.Builtin: "function", Token.Keyword: "keyword"},
    "python": {Token.Name.Builtin: "function"},
    # Swift's list of standard library names (count, map) are plain names; Objective-C's are classes.
    "swift": {Token.Name.Builtin.Pseudo: ""},
    "objective-c": {Token.Name.Builtin.Pseudo: "type", Token.Name.Builtin: "keyword"},
}

GROUPS = {
    "type": "name", "function": "name", "variable": "name", "": "name",
    "operator": "symbol", "punctuation": "symbol",
    "escape": "string", "regex": "string",
}

PYGMENTS_NAMES = {"shell": "bash", "objective-c": "objective-c", "markup": "xml"}


def pygments_classes(language, text):
    """One class per character of `text`, as Pygments sees it."""
    overrides = LANGUAGE_CLASSES.get(language, {})
    lexer = get_lexer_by_name(PYGMENTS_NAMES.get(language, language), stripnl=False, ensurenl=False)
    classes = []
    tokens = list(lexer.get_tokens(text))
    for index, (token_type, value) in enumerate(tokens):
        name = ""
        if attribute_part(language, tokens, index):
            classes.extend(["attribute"] * len(value))
            continue
        for candidate in [token_type] + list(token_type.split()[::-1]):
            if candidate in overrides:
                name = overrides[candidate]
                break
        else:
            for parent, mapped in TOKEN_CLASSES:
                if token_type in parent:
                    name = mapped
                    break
        classes.extend([name] * len(value))
    return classes[:len(text)]


def attribute_part(language, tokens, index):
    """Pygments' Swift lexer has no attributes: it writes `@MainActor` and
    `#Preview` as punctuation then a name, which is what an attribute is."""
    if language != "swift":
        return False
    def is_sign(position):
        return 0 <= position < len(tokens) and tokens[position][0] in Token.Punctuation \
            and tokens[position][1] in ("@", "#")
    def is_name(position):
        return 0 <= position < len(tokens) and tokens[position][0] in Token.Name
    return is_sign(index) and is_name(index + 1) or is_name(index) and is_sign(index - 1)


class CodeBlocks(html.parser.HTMLParser):
    """The text of every `<pre><code>` of a page, with each character's class."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks = []
        self.stack = []
        self.current = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "code" and self.current is None:
            self.current = {"language": attributes.get("class", ""), "text": [], "classes": []}
            self.stack = []
        elif tag == "span" and self.current is not None:
            names = [name[3:] for name in (attributes.get("class") or "").split() if name.startswith("hl-")]
            token = [name for name in names if name not in ("line", "marked")]
            self.stack.append(token[0] if token else None)

    def handle_endtag(self, tag):
        if tag == "span" and self.current is not None and self.stack:
            self.stack.pop()
        elif tag == "code" and self.current is not None:
            self.blocks.append(self.current)
            self.current = None

    def handle_data(self, data):
        if self.current is None:
            return
        name = next((name for name in reversed(self.stack) if name), "")
        self.current["text"].append(data)
        self.current["classes"].extend([name] * len(data))


def build_site(sitegen, corpus, work):
    """Writes one post per corpus file, builds, and returns {(language, text): classes}."""
    content = work / "content"
    posts = content / "posts" / "code"
    posts.mkdir(parents=True, exist_ok=True)
    (content / "site.json").write_text(json.dumps({
        "title": "Highlighting corpus", "baseURL": "http://127.0.0.1/",
        "categories": [{"slug": "code", "title": "Code"}]}))
    sources = {}
    number = 0
    for folder in sorted(corpus.iterdir()):
        for path in sorted(folder.iterdir()):
            text = path.read_text(encoding="utf-8", errors="replace").replace("\r", "")
            if not text.strip():
                continue
            if not text.endswith("\n"):
                text += "\n"
            fence = "~" * max(3, longest_run(text, "~") + 1)
            number += 1
            post_id = f"code_{number}"
            body = f"{fence}{folder.name}\n{text}{fence}\n"
            (posts / f"{post_id}.json").write_text(json.dumps({
                "id": post_id, "category": "code", "title": path.name, "desc": path.name,
                "date": "2024-01-01T00:00:00Z", "body": body}))
            sources[text] = (folder.name, path.name)
    output = work / "public"
    subprocess.run([sitegen, "build", "--quiet", "--content", str(content), "--output", str(output)], check=True)
    found = {}
    for page in output.rglob("*.html"):
        parser = CodeBlocks()
        parser.feed(page.read_text(encoding="utf-8"))
        for block in parser.blocks:
            text = "".join(block["text"])
            if text in sources:
                found[sources[text]] = (text, block["classes"])
    missing = [name for name in sources.values() if name not in found]
    if missing:
        sys.exit(f"highlighting: no code block found in the built site for {missing[:5]}")
    return found


def longest_run(text, character):
    longest = current = 0
    for each in text:
        current = current + 1 if each == character else 0
        longest = max(longest, current)
    return longest


def main():
    sitegen, corpus, work = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    found = build_site(sitegen, corpus, work)
    totals = {}
    for (language, name), (text, classes) in sorted(found.items()):
        reference = pygments_classes(language, text)
        total = grouped = exact = 0
        for index, character in enumerate(text):
            if character.isspace() or index >= len(reference):
                continue
            total += 1
            ours, theirs = classes[index], reference[index]
            exact += ours == theirs
            grouped += GROUPS.get(ours, ours) == GROUPS.get(theirs, theirs)
        figures = totals.setdefault(language, [0, 0, 0, 0])
        figures[0] += total
        figures[1] += grouped
        figures[2] += exact
        figures[3] += 1
        if "-v" in sys.argv and total and grouped / total < 0.95:
            print(f"  {language}/{name}: {100 * grouped / total:.1f} %")
    failed = []
    for language, (total, grouped, exact, files) in sorted(totals.items()):
        share = 100 * grouped / total if total else 100.0
        print(f"highlighting: {language:12} {share:5.1f} % of {total} characters agree with Pygments "
              f"({100 * exact / max(total, 1):.1f} % class for class; {files} files)")
        if share < REQUIRED:
            failed.append(language)
    if failed:
        print(f"highlighting: FAILED — below {REQUIRED} % for {', '.join(failed)}")
        sys.exit(1)
    print(f"highlighting: every language at {REQUIRED} % or more")


if __name__ == "__main__":
    main()
