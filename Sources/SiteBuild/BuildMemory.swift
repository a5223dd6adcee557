import Dispatch
import SiteModel
import SitePresentation
import SiteViews

/// What a long-running process (`sitegen serve`) keeps from one build to the
/// next, so a build after a one-post edit redoes only what the edit touched:
/// the post cache in memory instead of its file, the compiled templates and
/// assets, the output folder held locked and, for a folder nobody else
/// writes, what the last commit knew of it. Builds using it run one at a time.
public final class BuildMemory: @unchecked Sendable {
    /// True when only this process writes the output folder, so what the last
    /// commit knew of it stays true until the next build.
    public let ownsOutput: Bool
    var lock: OutputLock?
    var postCache: PostCache?
    var templates: (set: TemplateSet, assets: [(path: String, bytes: [UInt8])])?
    var output: OutputKnowledge?
    /// The site the live tree was built from (through its presenter, whose
    /// summaries the next build reuses), and with which options.
    var presenter: SitePresenter?
    var site: Site? { presenter?.site }
    /// How many pages that site has, and every path the link check may find.
    var pageCount = 0
    var linkTargets: LinkTargets?
    /// That site's link warnings, post by post.
    var linkWarnings: LinkWarnings?
    var options: BuildOptions?
    /// The search index the live tree holds, to bring up to date rather than make again.
    var search: SearchMemory?
    /// Changes a failed build was given: the next build must look at them again.
    var unsettled = InputChanges.none
    /// What the last build held that no later build needs: freed by
    /// `freeLeftovers`, once the browsers have heard of the build.
    private var leftovers: [Any] = []

    public init(ownsOutput: Bool) {
        self.ownsOutput = ownsOutput
    }

    /// The kept search index, no longer kept: its taker changes it in place, not a copy.
    func takeSearch() -> SearchMemory? {
        defer { search = nil }
        return search
    }

    /// Gives the output folder up; the memory is empty afterwards.
    public func release() {
        lock?.release()
        lock = nil
        forget()
    }

    /// Drops everything but the lock, so the next build starts from the files.
    public func forget() {
        postCache = nil
        templates = nil
        output = nil
        presenter = nil
        linkTargets = nil
        linkWarnings = nil
        options = nil
        search = nil
        unsettled = .none
        leftovers = []
    }

    /// Keeps `values` alive until `freeLeftovers`.
    func keep(_ values: Any) {
        leftovers.append(values)
    }

    /// Frees what the last build left, on another thread: tens of thousands
    /// of objects at 10,000 posts, which need not delay the next build, nor
    /// the news of this one.
    public func freeLeftovers() {
        let box = Leftovers(leftovers)
        leftovers = []
        DispatchQueue.global(qos: .utility).async { box.values = [] }
    }

    /// Values no other code holds any more, handed to the thread that frees them.
    private final class Leftovers: @unchecked Sendable {
        var values: [Any]

        init(_ values: [Any]) {
            self.values = values
        }
    }
}

/// What changed in the input folders since the last build, as a watcher
/// reports it: absolute paths, or `everything` when nobody knows.
public enum InputChanges: Sendable, Equatable {
    case everything
    case paths(Set<String>)

    public static let none = InputChanges.paths([])

    public func merged(with other: InputChanges) -> InputChanges {
        guard case .paths(let mine) = self, case .paths(let theirs) = other else { return .everything }
        return .paths(mine.union(theirs))
    }

    /// The changed paths under `folder` (already resolved), relative to it;
    /// nil when something above or at the folder itself changed, or when unknown.
    func relative(to folder: String) -> Set<String>? {
        guard case .paths(let paths) = self else { return nil }
        var inside: Set<String> = []
        for path in paths {
            if path == folder || folder.hasPrefix(path + "/") { return nil }
            if path.hasPrefix(folder + "/") { inside.insert(String(path.dropFirst(folder.count + 1))) }
        }
        return inside
    }
}
