import Foundation

/// A fresh folder under the system's temporary directory, removed on `remove()`.
/// Tests build small content trees in it and run builds against it.
public struct TemporaryFolder: Sendable {
    public let path: String

    public init(_ label: String = "sitegen-test") throws {
        let base = NSTemporaryDirectory() + "\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        path = URL(fileURLWithPath: base).resolvingSymlinksInPath().path
    }

    /// Writes `text` to `relative`, making the folders it needs.
    public func write(_ relative: String, _ text: String) throws {
        try write(relative, bytes: Array(text.utf8))
    }

    public func write(_ relative: String, bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path + "/" + relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    public func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    public func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: path + "/" + relative)
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension TemporaryFolder {
    /// A handle on a folder that already exists, such as a build's output.
    public init(wrapping path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        self.path = path
    }
}
