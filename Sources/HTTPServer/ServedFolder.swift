import CMicroHTTPD
import Glibc

/// Opens files below the served folder so that no path, symbolic links
/// included, leads out of it. The folder itself is opened afresh for every
/// request: a build swaps its contents in place.
struct ServedFolder: Sendable {
    enum Entry {
        /// A regular file, open for reading; the receiver closes `descriptor`.
        case file(descriptor: Int32, size: Int)
        case folder
        /// Missing, outside the tree, or neither a file nor a folder.
        case none
    }

    let root: String
    /// false where the kernel (or a seccomp filter) lacks openat2: links are
    /// then resolved with realpath and the result must lie below the root.
    var resolvesBeneath: Bool

    init(root: String) {
        self.root = root
        resolvesBeneath = true
        let probe = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if probe >= 0 {
            let descriptor = sitegen_open_beneath(probe, ".")
            if descriptor >= 0 { close(descriptor) } else if errno == ENOSYS || errno == EPERM { resolvesBeneath = false }
            close(probe)
        }
    }

    /// `relative` is a `/`-separated path of checked segments (no dot segments), or empty for the root.
    func open(_ relative: [UInt8]) -> Entry {
        var path = relative.isEmpty ? [UInt8(ascii: ".")] : relative
        path.append(0)
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { resolvesBeneath ? openBeneath($0) : openResolved($0) }
        }
        guard descriptor >= 0 else { return .none }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            return .none
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            return .file(descriptor: descriptor, size: Int(status.st_size))
        case S_IFDIR:
            close(descriptor)
            return .folder
        default:
            close(descriptor)
            return .none
        }
    }

    private func openBeneath(_ path: UnsafeBufferPointer<CChar>) -> Int32 {
        let folder = Glibc.open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0, let start = path.baseAddress else { return -1 }
        defer { close(folder) }
        return sitegen_open_beneath(folder, start)
    }

    private func openResolved(_ path: UnsafeBufferPointer<CChar>) -> Int32 {
        guard let start = path.baseAddress,
              let resolvedRoot = realpath(root, nil) else { return -1 }
        defer { free(resolvedRoot) }
        let full = root + "/" + String(cString: start)
        guard let resolved = realpath(full, nil) else { return -1 }
        defer { free(resolved) }
        let base = String(cString: resolvedRoot)
        let target = String(cString: resolved)
        guard target == base || target.hasPrefix(base.hasSuffix("/") ? base : base + "/") else { return -1 }
        return Glibc.open(resolved, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK | O_NOFOLLOW)
    }
}
