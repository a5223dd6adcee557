import Foundation

extension CommandRunner {
    /// `sitegen new`: runs `make` with today's date, prints what it made on
    /// stdout, or the problem on stderr with exit status 1.
    static func runNew(_ make: (String) throws(NewCommandError) -> [String]) -> Int32 {
        do throws(NewCommandError) {
            try make(today()).forEach { print($0) }
            return 0
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return 1
        }
    }

    /// The date where the user is, `YYYY-MM-DD`.
    private static func today() -> String {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
