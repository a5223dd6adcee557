import Highlight

/// Code and its tokens, asked the way a reader looks at highlighted code:
/// "what colour is this piece?"
struct Classified {
    let code: [UInt8]
    let tokens: [Token]

    init(_ code: String, _ language: Language) {
        self.code = Array(code.utf8)
        tokens = Highlighter.tokens(in: self.code, language: language)
    }

    /// The kind of the `occurrence`-th appearance of `fragment` when one
    /// token covers all of it; nil when it is plain; "mixed" when split.
    func kind(of fragment: String, occurrence: Int = 1) -> String {
        let needle = Array(fragment.utf8)
        var found = 0
        var start = -1
        for index in 0...(max(0, code.count - needle.count)) where code.count >= needle.count {
            if Array(code[index..<(index + needle.count)]) == needle {
                found += 1
                if found == occurrence {
                    start = index
                    break
                }
            }
        }
        guard start >= 0 else { return "absent" }
        let end = start + needle.count
        let covering = tokens.filter { $0.start < end && $0.end > start }
        if covering.isEmpty { return "plain" }
        if covering.count == 1, covering[0].start <= start, covering[0].end >= end {
            return covering[0].kind.className.replacingOccurrences(of: "hl-", with: "")
        }
        return "mixed"
    }

    /// Tokens are in order, do not overlap and stay inside the code.
    var isWellFormed: Bool {
        var position = 0
        for token in tokens {
            guard token.start >= position, token.end > token.start, token.end <= code.count else { return false }
            position = token.end
        }
        return true
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
