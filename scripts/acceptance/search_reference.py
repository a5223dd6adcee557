"""What a search should find, worked out here from the site's own API files
with nothing of sitegen's index: the rules of docs/search.md written again
in Python, so that the search page is checked against an independent answer.

- terms: words of letters, digits and marks, lower case without accents
  (apostrophes dropped); runs of Chinese, Japanese and Korean characters
  as overlapping pairs (a lone character as itself);
- a post is found when every part of the query is among its terms (the last
  word typed, and a lone CJK character, as a prefix of one of them);
- posts with more parts found in the title, description, tags or headings come
  first, then newer posts first (the site's reading order).
"""
import html.parser
import json
import re
import unicodedata
import urllib.request

CJK_RANGES = [
    (0x1100, 0x11FF), (0x2E80, 0x2FDF), (0x3005, 0x3007), (0x3041, 0x3096), (0x309D, 0x309F),
    (0x30A1, 0x30FA), (0x30FC, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF), (0xA960, 0xA97F), (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFF66, 0xFF9F),
    (0x20000, 0x3134F),
]


def is_cjk(character):
    code = ord(character)
    return any(low <= code <= high for low, high in CJK_RANGES)


def is_word(character):
    return unicodedata.category(character)[0] in "LNM"


def fold(word):
    lowered = unicodedata.normalize("NFD", word.lower())
    return unicodedata.normalize("NFC", "".join(c for c in lowered if unicodedata.category(c) != "Mn"))


def parts(text):
    """[(is_cjk, text)]: the words (folded) and CJK runs of text, in order."""
    found, word, run = [], "", ""

    def end_word():
        nonlocal word
        term = fold(word)
        if 0 < len(term) <= 64:
            found.append((False, term))
        word = ""

    def end_run():
        nonlocal run
        if run:
            found.append((True, run))
        run = ""

    for character in text:
        if character in "'\u2019":
            end_run()
        elif is_cjk(character):
            end_word()
            run += character
        elif is_word(character):
            end_run()
            word += character
        else:
            end_word()
            end_run()
    end_word()
    end_run()
    return found


def terms(text):
    result = set()
    for cjk, part in parts(text):
        if cjk and len(part) > 1:
            result.update(part[i - 1:i + 1] for i in range(1, len(part)))
        else:
            result.add(part)
    return result


class BodyText(html.parser.HTMLParser):
    """A rendered body's text outside code blocks, with headings apart."""
    INLINE = {"a", "em", "strong", "code", "span", "b", "i", "s", "del", "sup", "sub", "mark"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.body, self.headings, self.skip, self.heading = [], [], 0, False

    def handle_starttag(self, tag, attrs):
        if tag in ("pre", "script", "style"):
            self.skip += 1
        elif re.fullmatch(r"h[1-6]", tag):
            self.heading = True
        if tag not in self.INLINE:
            (self.headings if self.heading else self.body).append(" ")

    def handle_endtag(self, tag):
        if tag in ("pre", "script", "style"):
            self.skip = max(0, self.skip - 1)
        elif re.fullmatch(r"h[1-6]", tag):
            self.heading = False
        if tag not in self.INLINE:
            (self.headings if self.heading else self.body).append(" ")

    def handle_data(self, data):
        if not self.skip:
            (self.headings if self.heading else self.body).append(data)


def requirements(query):
    """The (term, is-prefix) pairs a query asks for: each word whole, the
    last one as a prefix while it is being typed, CJK runs as pairs."""
    found = parts(query)
    typing = not query[-1:].isspace()
    wanted = []
    for index, (cjk, text) in enumerate(found):
        if not cjk:
            wanted.append((text, typing and index == len(found) - 1 and len(text) >= 2))
        elif len(text) == 1:
            wanted.append((text, True))
        else:
            wanted += [(text[i - 1:i + 1], False) for i in range(1, len(text))]
    return list(dict.fromkeys(wanted))


def natural_key(text):
    return [(0, int(piece), piece) if piece.isdigit() else (1, piece, piece) for piece in re.split(r"(\d+)", text) if piece]


class Site:
    """Every post of a served site, read through its JSON API."""

    def __init__(self, url):
        def fetch(path):
            with urllib.request.urlopen(url + path, timeout=10) as response:
                return json.load(response)
        self.posts = []
        for category in fetch("api/index.json")["categories"]:
            for page in range(category["pageCount"]):
                for item in fetch(f"api/lists/{category['slug']}/{page}.json"):
                    post = fetch(f"api/posts/{item['id']}.json")
                    text = BodyText()
                    text.feed(post["body"])
                    tagged = set()
                    for tag in post.get("tags") or []:
                        tagged |= terms(tag)
                    strong = terms(post["title"]) | terms(post["desc"]) | terms("".join(text.headings)) | tagged
                    # What a snippet can mark: everything but the title, which the result shows as its heading.
                    markable = terms(post["desc"]) | terms("".join(text.headings)) | terms("".join(text.body)) | tagged
                    self.posts.append({
                        "id": post["id"], "date": post.get("date") or "",
                        "strong": strong, "all": strong | terms("".join(text.body)), "markable": markable,
                    })
        # Reading order: dated posts newest first (ISO dates sort as text when written alike), then by id.
        self.posts.sort(key=lambda p: natural_key(p["id"]))
        self.posts.sort(key=lambda p: p["date"], reverse=True)

    def search(self, query):
        """The ids a query finds, best first."""
        wanted = requirements(query)
        if not wanted:
            return []
        has = self.has

        scored = []
        for order, post in enumerate(self.posts):
            if all(has(post["all"], term, prefix) for term, prefix in wanted):
                score = sum(1 for term, prefix in wanted if has(post["strong"], term, prefix))
                scored.append((-score, order, post["id"]))
        return [post_id for _, _, post_id in sorted(scored)]

    def markable(self, post_id, query):
        """True when a word of the query is in the post's text, description or tags, not only in its title."""
        post = next(p for p in self.posts if p["id"] == post_id)
        return any(self.has(post["markable"], term, prefix) for term, prefix in requirements(query))

    @staticmethod
    def has(term_set, term, prefix):
        return term in term_set or (prefix and any(t.startswith(term) for t in term_set))
