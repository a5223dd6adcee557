import SiteModel
import SitePresentation
import SiteViews

/// A cache key for a rendered file: a hash of everything its bytes depend
/// on — every field of its view model (without rendered bodies), the post
/// files those bodies come from, the renderer and the templates. Equal keys
/// mean equal bytes, so an unchanged file is neither rendered nor written.
struct RenderFingerprint: Sendable {
    /// Bumped whenever a change to sitegen itself changes what a file renders to.
    private static let format = "sitegen render 5"
    private let base: UInt64

    init(templates: TemplateSet, markdownIdentity: String) {
        var hash = StableHash()
        hash.combine(Self.format)
        hash.combine(markdownIdentity)
        for (name, text) in templates.sources {
            hash.combine(name)
            hash.combine(text)
        }
        base = hash.value
    }

    func of(outline: PostPageViewModel, apiOutline: APIPostViewModel, source: Post) -> UInt64 {
        combined("post", [FingerprintHasher.hash(outline), FingerprintHasher.hash(apiOutline), source.sourceHash])
    }

    func of(feed outline: SitePresenter.FeedOutline) -> UInt64 {
        combined("feed", [FingerprintHasher.hash(outline.feed)] + outline.posts.map(\.sourceHash))
    }

    /// A file made from its view model alone, such as a list page.
    func of(model: some Fingerprinted, kind: String) -> UInt64 {
        combined(kind, [FingerprintHasher.hash(model)])
    }

    private func combined(_ kind: String, _ parts: [UInt64]) -> UInt64 {
        var hash = StableHash()
        hash.combine(base)
        hash.combine(kind)
        for part in parts { hash.combine(part) }
        return hash.value
    }
}
