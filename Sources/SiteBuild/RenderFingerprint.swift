import Mustache
import SiteModel
import SitePresentation
import SiteViews

/// A cache key for the files that carry rendered Markdown (a post's page and
/// API file, a feed): a hash of everything their bytes depend on — the view
/// model without the rendered bodies, the post files those bodies come from,
/// the renderer and the templates. Equal keys mean equal bytes, so an
/// unchanged file is neither rendered nor written.
struct RenderFingerprint: Sendable {
    /// Bumped whenever a change to sitegen itself changes what a file renders to.
    private static let format = "sitegen render 2"
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

    func of(outline: PostPageViewModel, apiOutline: RenderedFile, source: Post) -> UInt64 {
        var hash = StableHash()
        hash.combine(base)
        hash.combine(outline.mustacheValue)
        hash.combine(apiOutline.bytes)
        hash.combine(source.sourceHash)
        return hash.value
    }

    func of(feed outline: SitePresenter.FeedOutline) -> UInt64 {
        var hash = StableHash()
        hash.combine(base)
        hash.combine(outline.feed.mustacheValue)
        for post in outline.posts { hash.combine(post.sourceHash) }
        return hash.value
    }
}

extension StableHash {
    /// Walks a template context, tagging each kind so that different shapes
    /// cannot hash alike.
    mutating func combine(_ value: MustacheValue) {
        switch value {
        case .null:
            combine(UInt64(0))
        case .bool(let flag):
            combine(UInt64(flag ? 1 : 2))
        case .int(let number):
            combine(UInt64(3))
            combine(UInt64(bitPattern: Int64(number)))
        case .double(let number):
            combine(UInt64(4))
            combine(number.bitPattern)
        case .string(let text):
            combine(UInt64(5))
            combine(text)
        case .list(let items):
            combine(UInt64(6))
            combine(UInt64(items.count))
            for item in items { combine(item) }
        case .object(let fields):
            // Members are hashed one by one and summed, so the dictionary's
            // order (different in every process) does not matter and no
            // keys need sorting.
            var sum: UInt64 = 0
            for (key, field) in fields {
                var member = StableHash()
                member.combine(key)
                member.combine(field)
                sum &+= member.value
            }
            combine(UInt64(7))
            combine(UInt64(fields.count))
            combine(sum)
        }
    }
}
