extension OutputStore {
    /// Makes the spare a copy of the live tree, every file a hard link to the
    /// live one, and returns what is then known of it. The first build into a
    /// folder leaves no spare, so the second would link every file before it
    /// could swap; a process that keeps building (`sitegen serve`) does this
    /// while it waits for the first edit instead. Only for a store opened
    /// from what this process knows, with no spare known yet.
    func prepareSpare() throws(OutputError) -> OutputKnowledge.Spare? {
        guard trusted, knownSpare == nil, let live else { return nil }
        do throws(FileSystem.Failure) {
            try openSpare()
            // A link is a system call a file, made on every core: the first
            // edit after `serve` starts, which waits for this, waits less.
            let fresh = spareIsFresh
            let failures = Array(live.entries.keys).parallelMap(jobs: jobs) { relative -> FileSystem.Failure? in
                guard let path = OutputPath(relative, allowingHidden: true) else { return nil }
                do throws(FileSystem.Failure) {
                    try makeParents(of: path)
                    let spareFile = spareDirectory + "/" + relative
                    if !fresh { try FileSystem.remove(spareFile) }
                    try FileSystem.hardLink(outputDirectory + "/" + relative, spareFile)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
            let manifest = spareDirectory + "/" + Manifest.fileName
            try FileSystem.remove(manifest)
            try FileSystem.writeNewFile(manifest, knownLiveText?.bytes ?? live.bytes(sortedPaths: knownLivePaths ?? live.sortedPaths(jobs: jobs), jobs: jobs))
            try FileSystem.remove(spareDirectory + "/" + Self.behindList)
            try FileSystem.remove(spareDirectory + "/" + Self.dirtyMarker)
        } catch {
            throw OutputError(error.description)
        }
        return OutputKnowledge.Spare(manifest: live, behind: [], extra: [])
    }
}
