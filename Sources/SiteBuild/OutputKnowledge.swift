/// What an output store knows of its two trees once a build is committed:
/// the next build of the same process may start from it instead of reading
/// the manifests and looking at every folder again.
struct OutputKnowledge: Sendable {
    /// The spare's manifest and the files in which it differs from the live
    /// tree: `behind`, which the live tree holds otherwise or not at all, and
    /// `extra`, which only the spare holds.
    struct Spare: Sendable {
        let manifest: Manifest
        let behind: Set<String>?
        var extra: [String]? = nil
    }

    let live: Manifest
    /// The paths of `live`, sorted, when known: a build that makes the same
    /// files writes its manifest without sorting them again.
    var livePaths: [String]? = nil
    /// The live manifest as written, when known: a build that changes a
    /// few files replaces their lines in it.
    var liveText: ManifestText? = nil
    /// Nil when the spare must be looked at (none yet, or a build left it half-done).
    let spare: Spare?

    /// The same knowledge with another spare.
    func with(spare: Spare?) -> OutputKnowledge {
        OutputKnowledge(live: live, livePaths: livePaths, liveText: liveText, spare: spare)
    }
}
