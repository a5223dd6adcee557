import Foundation

/// Reads the files under `content/`; the only place the model touches the disk.
public enum FileReading {
    public static func bytes(atPath path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return [UInt8](data)
    }

    /// Entries of a folder, sorted by name so every walk has one order;
    /// nil when the folder does not exist.
    public static func entries(ofDirectory path: String) -> [DirectoryEntry]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.sorted().map { name in
            var isDirectory: ObjCBool = false
            let fullPath = path + "/" + name
            _ = FileManager.default.fileExists(atPath: fullPath, isDirectory: &isDirectory)
            return DirectoryEntry(name: name, path: fullPath, isDirectory: isDirectory.boolValue)
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

public struct DirectoryEntry: Sendable, Hashable {
    public let name: String
    public let path: String
    public let isDirectory: Bool
}
