/// A manifest as written, kept by a process that writes the same output
/// folder build after build (`sitegen serve`): its bytes and where each
/// line starts, so that a build which changed a few files of the same tree
/// writes the new manifest by replacing those lines, rather than formatting
/// a line for each of tens of thousands of files again. The file written is
/// the same, byte for byte, as `Manifest.bytes` would make.
struct ManifestText: Sendable {
    /// The whole file.
    let bytes: [UInt8]
    /// The sorted paths of the entries, and where the line of each starts;
    /// one more start, the end of the entry lines, closes the last.
    let paths: [String]
    let lineStarts: [Int]

    /// The text of `manifest`, its entries' paths already sorted, formatted on `jobs` threads.
    init(_ manifest: Manifest, sortedPaths: [String], jobs: Int = 1) {
        var starts: [Int] = []
        starts.reserveCapacity(sortedPaths.count + 1)
        bytes = manifest.bytes(sortedPaths: sortedPaths, jobs: jobs) { starts.append($0) }
        paths = sortedPaths
        lineStarts = starts
    }

    private init(bytes: [UInt8], paths: [String], lineStarts: [Int]) {
        self.bytes = bytes
        self.paths = paths
        self.lineStarts = lineStarts
    }

    /// The text of `manifest`, which holds the same paths and foreign files
    /// as this one's and differs from it at most in the entries of `changed`.
    /// Nil when a path of `changed` is not one of this text's.
    func replacing(_ changed: Set<String>, from manifest: Manifest) -> ManifestText? {
        var indices: [Int] = []
        indices.reserveCapacity(changed.count)
        for path in changed {
            guard let index = index(of: path) else { return nil }
            indices.append(index)
        }
        indices.sort()
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 64 * indices.count)
        var starts = lineStarts
        var cursor = 0
        var shift = 0
        var pending = indices[...]
        for index in indices {
            guard let entry = manifest.entries[paths[index]] else { return nil }
            output.append(contentsOf: bytes[cursor..<lineStarts[index]])
            let before = output.count
            Manifest.appendLine(paths[index], entry, to: &output)
            cursor = lineStarts[index + 1]
            let length = output.count - before
            pending = pending.dropFirst()
            let change = length - (lineStarts[index + 1] - lineStarts[index])
            if change != 0 || shift != 0 {
                // Lines up to the next replaced one move by what the lines before them grew.
                let end = pending.first.map { $0 + 1 } ?? starts.count
                shift += change
                for later in (index + 1)..<end { starts[later] = lineStarts[later] + shift }
            }
        }
        output.append(contentsOf: bytes[cursor...])
        return ManifestText(bytes: output, paths: paths, lineStarts: starts)
    }

    private func index(of path: String) -> Int? {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if ManifestPath.precedes(paths[middle], path) { low = middle + 1 } else { high = middle }
        }
        return low < paths.count && paths[low] == path ? low : nil
    }
}
