import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The temporary folder `sitegen serve` builds into when no `--output` is
/// given: a site whose links point at the local server must never land
/// where it could be deployed. It holds the site and the build's state
/// beside it, and goes, all of it, when the server stops.
struct PrivateFolder: Sendable {
    let path: String

    /// Where the site itself is written.
    var site: String { path + "/site" }

    static func make() throws(ServeError) -> PrivateFolder {
        var template = Array((NSTemporaryDirectory() + "sitegen-serve-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw ServeError("sitegen: cannot make a temporary folder to build into: \(String(cString: strerror(errno)))")
        }
        return PrivateFolder(path: String(cString: made))
    }

    /// Removes the folder; tried again while a build that is being cut short
    /// may still be adding to it.
    func remove() {
        for _ in 0..<20 {
            try? FileManager.default.removeItem(atPath: path)
            if !FileManager.default.fileExists(atPath: path) { return }
            usleep(50_000)
        }
    }
}

/// Why `sitegen serve` cannot start, already worded for the terminal.
struct ServeError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
