import Foundation
import SiteModel

/// The id `sitegen new post` gives a post, made from its title: lowercase
/// ASCII letters and digits, runs joined by `-`. A title in another script
/// is transliterated first (`你好，世界` → `ni-hao-shi-jie`), so the id stays
/// readable; one with nothing left (emoji only) gets `post-<date>`. Every id
/// made here passes `Slug.isValid`.
enum PostID {
    /// Ids are kept well under the slug limit, leaving room for `-2`, `-3`.
    static let maximumLength = 60

    static func from(title: String, date: String) -> String {
        let latin = title.applyingTransform(.toLatin, reverse: false)?.applyingTransform(.stripDiacritics, reverse: false) ?? title
        // An apostrophe joins rather than splits: "Don't panic" → dont-panic.
        let joined = latin.lowercased().filter { $0 != "'" && $0 != "\u{2019}" && $0 != "\u{02BC}" }
        var words: [String] = []
        var word = ""
        for scalar in joined.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        var id = ""
        for word in words {
            let next = id.isEmpty ? word : id + "-" + word
            if next.count > maximumLength {
                if id.isEmpty { id = String(word.prefix(maximumLength)) }
                break
            }
            id = next
        }
        return id.isEmpty ? "post-" + date : id
    }

    /// `id`, or `id-2`, `id-3`…: the first that `isTaken` says is free.
    static func unique(_ id: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(id) else { return id }
        var number = 2
        while isTaken("\(id)-\(number)") { number += 1 }
        return "\(id)-\(number)"
    }
}
