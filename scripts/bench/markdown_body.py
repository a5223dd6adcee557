"""Deterministic, realistic Markdown bodies for the benchmark site.

A body is 3-6 KB of what blog posts are made of: an introduction, sections
under `##`/`###` headings, paragraphs with emphasis, inline code and links,
bullet and numbered lists (some nested), fenced code blocks, block quotes,
the odd image and rule. Text that needs escaping (`<`, `&`, quotes) and
non-ASCII letters occur, as they do in real posts, and one post in five has
a paragraph in Chinese. Three posts in five end with links inside the site
(an earlier post, an id on its page, a heading of their own, the home
page), all of which resolve, so the build's link check has work to do.

Speed matters at 100,000 posts, so sentences, list items and code snippets
are drawn once into pools from a seeded generator, and each body picks from
those pools with a generator seeded by the post's number: post i has the same
body whatever the size of the site, and no body depends on another.
"""
import random

WORDS = (
    "the a an of to in for on with as by from at that this these those it its is are was be "
    "can will should must may not no every each some many few more most less other same new "
    "build cache request response server client thread queue lock actor task value type "
    "struct class protocol module package target compiler linker binary library framework "
    "file folder path page list view model template layout render parse token string byte "
    "buffer array dictionary set index key map filter reduce sort merge split join copy "
    "write read open close flush sync async await error result option state event signal "
    "test check assert measure profile trace memory disk network latency throughput budget "
    "release debug version branch commit review deploy pipeline feature flag config default "
    "user reader writer author editor post draft category feed sitemap link image table "
    "fast slow small large simple clear careful stable quick steady naïve café déjà-vu "
    "first second last next previous early late often rarely always never usually "
    "works fails runs stops grows shrinks waits returns throws keeps drops moves holds "
    "because while when where which whose until unless although though since before after"
).split()

TOPICS = (
    "Swift concurrency", "HTTP caching", "JSON decoding", "Auto Layout", "static sites",
    "build times", "memory pressure", "unit tests", "code review", "feature flags",
    "SQLite", "background tasks", "accessibility", "localisation", "dependency injection",
    "error handling", "logging", "continuous integration", "Markdown", "performance budgets",
)

# Sentences of a bilingual blog: about one post in five has a paragraph of them,
# so that searching for Chinese text has something to find.
CHINESE = (
    "静态网站生成器把文章变成网页。", "缓存让第二次构建更快。", "全文搜索在浏览器里运行。",
    "每篇文章都有标题、日期和分类。", "增量构建只重写变化的文件。", "二元组让任何两个汉字都能被找到。",
)

CATEGORY_WORDS = ("swift", "networking", "testing", "tooling", "design", "performance", "databases", "security")

INLINE_CODE = (
    "`let x = 1`", "`async let`", "`a < b && c > d`", "`map { $0 * 2 }`", "`git rebase -i`",
    "`Result<T, Error>`", "`--jobs 8`", "`O(n log n)`", "`\"quoted\"`", "`&mut self`",
    "`SELECT * FROM posts`", "`make bench`", "`@MainActor`", "`x ?? y`", "`[weak self]`",
)

CODE_SNIPPETS = {
    "swift": [
        "struct {T}: Codable {{\n    let id: String\n    var title: String\n    var tags: [String] = []\n}}",
        "func load{T}(from url: URL) async throws -> [{T}] {{\n    let (data, _) = try await session.data(from: url)\n"
        "    return try decoder.decode([{T}].self, from: data)\n}}",
        "let sorted = items\n    .filter {{ !$0.isDraft }}\n    .sorted {{ $0.date > $1.date }}\nprint(sorted.prefix(20).map(\\.title))",
        "actor {T}Cache {{\n    private var storage: [String: {T}] = [:]\n\n    func value(for key: String) -> {T}? {{\n"
        "        storage[key]\n    }}\n\n    func insert(_ value: {T}, for key: String) {{\n        storage[key] = value\n    }}\n}}",
    ],
    "python": [
        "def chunks(items, size):\n    for start in range(0, len(items), size):\n        yield items[start:start + size]",
        "with open(path, encoding=\"utf-8\") as f:\n    {t} = json.load(f)\nprint(len({t}), \"records\")",
        "class {T}:\n    def __init__(self, name):\n        self.name = name\n\n    def __repr__(self):\n        return f\"{T}({{self.name!r}})\"",
    ],
    "console": [
        "$ swift build -c release\n$ time .build/release/{t} build --jobs 8\nbuilt 10513 pages in 1.2 s",
    ],
    "objective-c": [
        "@interface {T}Cell : UITableViewCell\n@property (nonatomic, strong) UILabel *titleLabel;\n@end",
        "- (void)viewDidLoad {{\n    [super viewDidLoad];\n    self.title = NSLocalizedString(@\"{T}\", nil);\n"
        "    [self.tableView registerClass:[{T}Cell class] forCellReuseIdentifier:@\"{t}\"];\n}}",
    ],
    "sh": [
        "for f in content/posts/*/*.json; do\n  jq -r .title \"$f\"\ndone | sort | uniq -c | sort -rn | head",
        "git log --oneline --since=2.weeks -- Sources/{T} | wc -l",
    ],
    "json": [
        "{{\n  \"id\": \"{t}-42\",\n  \"title\": \"Hello & welcome\",\n  \"tags\": [\"a\", \"b\"],\n  \"draft\": false\n}}",
    ],
    "": [
        "GET /api/{t}/0.json HTTP/1.1\nHost: example.org\nAccept: application/json\nIf-None-Match: \"abc123\"",
        "{T}\n├── Sources\n│   └── main.swift\n└── Tests\n    └── {T}Tests.swift",
    ],
}


class BodyWriter:
    """Writes posts; `post(i)` is a pure function of (seed, i)."""

    def __init__(self, seed):
        self.seed = seed
        rng = random.Random(seed)
        self.sentences = [self._sentence(rng, decorated=True) for _ in range(4000)]
        self.plain_sentences = [self._sentence(rng, decorated=False) for _ in range(2000)]
        self.headings = [self._heading(rng) for _ in range(600)]
        self.items = [self._sentence(rng, decorated=rng.random() < 0.4, low=3, high=12) for _ in range(1500)]
        self.codes = []
        for _ in range(300):
            language = rng.choice(list(CODE_SNIPPETS))
            snippet = rng.choice(CODE_SNIPPETS[language])
            name = rng.choice(WORDS[60:200])
            self.codes.append("```" + language + "\n" + snippet.format(T=name.capitalize(), t=name) + "\n```")

    # --- pools -----------------------------------------------------------------

    @staticmethod
    def _sentence(rng, decorated, low=8, high=24):
        words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
        if decorated and rng.random() < 0.55:
            at = rng.randrange(len(words))
            kind = rng.random()
            if kind < 0.25:
                words[at] = "*" + words[at] + "*"
            elif kind < 0.45:
                words[at] = "**" + words[at] + "**"
            elif kind < 0.7:
                words[at] = rng.choice(INLINE_CODE)
            elif kind < 0.9:
                words[at] = f"[{words[at]}](https://example.org/docs/{rng.choice(WORDS)}/{rng.randint(1, 999)})"
            else:
                words[at] = f"<{words[at]}> & \"{rng.choice(WORDS)}\""
        text = " ".join(words)
        return text[0].upper() + text[1:] + rng.choice(".....?!:")

    @staticmethod
    def _heading(rng):
        words = [rng.choice(WORDS) for _ in range(rng.randint(2, 6))]
        return " ".join(words).capitalize()

    # --- one post -----------------------------------------------------------------

    def post(self, i):
        """(title, summary, body) of post i, from one generator seeded by i."""
        rng = random.Random(self.seed * 1_000_003 + i)
        title = f"{rng.choice(self.headings)} in {rng.choice(TOPICS)}"
        summary = rng.choice(self.plain_sentences)
        return title, summary, self._body(rng, i)

    def _body(self, rng, i):
        target = rng.randint(3000, 5300)  # blocks are short, so bodies land in 3-6 KB
        parts = [f"Note {i} on {rng.choice(TOPICS)}. " + self._paragraph(rng)]
        # A generator of its own, so the rest of every body stays as it was.
        bilingual = random.Random(self.seed * 7 + i)
        if bilingual.random() < 0.2:
            parts.append("".join(bilingual.choices(CHINESE, k=bilingual.randint(2, 4))))
        size = sum(len(part) for part in parts)
        anchors = HeadingAnchors()
        while size < target:
            level = "##" if rng.random() < 0.7 else "###"
            heading = rng.choice(self.headings)
            anchors.add(heading)
            block = level + " " + heading
            parts.append(block)
            size += len(block) + 2
            for n in range(rng.randint(1, 4)):
                if n and size >= target:
                    break
                block = self._block(rng)
                parts.append(block)
                size += len(block) + 2
        links = self._links(random.Random(self.seed * 11 + i), i, anchors.ids)
        if links:
            parts.append(links)
        return "\n\n".join(parts) + "\n"

    @staticmethod
    def _links(rng, i, heading_ids):
        """A closing paragraph of links inside the site, or nothing: newer
        posts (post j < i) always exist, whatever the size of the site."""
        if rng.random() >= 0.6:
            return ""
        links = []
        if i > 0:
            earlier = f"post-{rng.randrange(max(0, i - 50), i):06d}"
            links.append(f"[an earlier note](../{earlier}/)")
            if rng.random() < 0.5:
                links.append(f"[when it was written](/posts/{earlier}/#post-meta)")
        if heading_ids:
            links.append(f"[the section above](#{rng.choice(heading_ids)})")
        links.append("[the latest posts](../../#latest)")
        return "See also " + ", ".join(links) + "."

    # `choices(pool, k=n)` draws n at once: the cheapest way to pick from a pool.
    def _paragraph(self, rng):
        return " ".join(rng.choices(self.sentences, k=rng.randint(2, 6)))

    def _block(self, rng):
        kind = rng.random()
        if kind < 0.5:
            return self._paragraph(rng)
        if kind < 0.63:
            lines = ["- " + item for item in rng.choices(self.items, k=rng.randint(3, 7))]
            if rng.random() < 0.3:
                lines.insert(rng.randint(1, len(lines)), "  - " + rng.choice(self.items))
            return "\n".join(lines)
        if kind < 0.72:
            items = rng.choices(self.items, k=rng.randint(3, 6))
            return "\n".join(f"{n}. {item}" for n, item in enumerate(items, 1))
        if kind < 0.86:
            return rng.choice(self.codes)
        if kind < 0.95:
            quote = rng.choices(self.sentences, k=rng.randint(1, 3))
            return "\n>\n".join("> " + line for line in quote)
        if kind < 0.98:
            word = rng.choice(CATEGORY_WORDS)
            return f"![A diagram of {word}](https://example.org/images/{word}-{rng.randint(1, 99)}.png)"
        return "---"


class HeadingAnchors:
    """The ids sitegen gives a body's headings, for the bench's words
    (ASCII letters and spaces): lowercase, each space a `-`, a repeat `-1`,
    `-2`, never an id of the theme's post page."""

    def __init__(self):
        self.used = {"main", "site-search-query", "toc", "toc-title", "post-meta", "post-tags", "post-license"}
        self.ids = []

    def add(self, heading):
        base = "".join(c for c in heading.lower().replace(" ", "-") if c.isalnum() or c in "-_") or "section"
        candidate, n = base, 0
        while candidate in self.used:
            n += 1
            candidate = f"{base}-{n}"
        self.used.add(candidate)
        self.ids.append(candidate)
