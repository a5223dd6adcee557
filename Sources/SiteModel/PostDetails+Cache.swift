/// `PostDetails` in the post cache: every field written and read here, in one order.
extension PostDetails {
    func write(into output: inout [UInt8]) {
        PostCacheWriter.number(UInt64(tags.count), into: &output)
        for tag in tags { PostCacheWriter.text(tag, into: &output) }
        PostCacheWriter.optionalText(author, into: &output)
        PostCacheWriter.date(updated, into: &output)
        PostCacheWriter.number(UInt64(readingLength.words), into: &output)
        PostCacheWriter.number(UInt64(readingLength.cjkCharacters), into: &output)
    }

    init?(reading reader: inout PostCacheReader) {
        guard let count = reader.number(), count < 10_000 else { return nil }
        var tags: [String] = []
        for _ in 0..<count {
            guard let tag = reader.text() else { return nil }
            tags.append(tag)
        }
        guard let author = reader.optionalText(), let updated = reader.date(),
              let words = reader.number(), let cjk = reader.number(), words < 1 << 40, cjk < 1 << 40 else { return nil }
        self.init(tags: tags, author: author, updated: updated,
                  readingLength: ReadingLength(words: Int(words), cjkCharacters: Int(cjk)))
    }
}
