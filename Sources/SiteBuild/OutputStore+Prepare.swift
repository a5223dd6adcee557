extension OutputStore {
    /// Makes the spare a copy of the live tree, every file a hard link to the
    /// live one, and returns what is then known of it. The first build into a
    /// folder leaves no spare, so the second would link every file before it
    /// could swap; a process that keeps building (`sitegen serve`) does this
    /// while it waits for the first edit instead. Only for a store opened
    /// from what this process knows, with no spare known yet.
    func prepareSpare() throws(OutputError) -> OutputKnowledge.Spare? {
        guard trusted, knownSpare == nil, let live else { return nil }
        do {
            try openSpare()
            for relative in live.entries.keys {
                guard let path = OutputPath(relative, allowingHidden: true) else { continue }
                try makeParents(of: path)
                let spareFile = spareDirectory + "/" + relative
                if !spareIsFresh { try FileSystem.remove(spareFile) }
                try FileSystem.hardLink(outputDirectory + "/" + relative, spareFile)
            }
            let manifest = spareDirectory + "/" + Manifest.fileName
            try FileSystem.remove(manifest)
            try FileSystem.writeNewFile(manifest, knownLiveText?.bytes ?? live.bytes(sortedPaths: knownLivePaths ?? live.sortedPaths(jobs: jobs)))
            try FileSystem.remove(spareDirectory + "/" + Self.behindList)
            try FileSystem.remove(spareDirectory + "/" + Self.dirtyMarker)
        } catch {
            throw OutputError(error.description)
        }
        return OutputKnowledge.Spare(manifest: live, behind: [], extra: [])
    }
}
