/// The one rule for names that become paths: `[A-Za-z0-9][A-Za-z0-9._-]{0,99}`.
/// Nothing matching it can climb out of the output folder or hide as a dotfile.
public enum Slug {
    public static let maximumLength = 100

    /// Names the build writes at the top of the output, which a category may not take.
    public static let reservedCategoryNames: Set<String> = [
        "posts", "api", "assets", "page", "search", "tags", "index.html", "404.html", "feed.xml", "sitemap.xml",
        "robots.txt",
    ]

    public static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first) else { return false }
        var previous = first
        for byte in bytes.dropFirst() {
            let allowed = isAlphanumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || (byte == UInt8(ascii: ".") && previous != UInt8(ascii: "."))
            guard allowed else { return false }
            previous = byte
        }
        return true
    }

    /// Why a name is refused, in words a user can act on.
    public static func problem(with name: String) -> String? {
        if isValid(name) { return nil }
        if name.isEmpty { return "is empty" }
        if name.utf8.count > maximumLength { return "is longer than \(maximumLength) characters" }
        if name.hasPrefix(".") { return "starts with a dot" }
        if name.contains("..") { return "contains '..'" }
        if name.contains("/") || name.contains("\\") { return "contains a path separator" }
        if !isValid(name) { return "may use only letters, digits, '.', '_' and '-', starting with a letter or digit" }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
