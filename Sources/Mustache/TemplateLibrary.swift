/// A set of compiled templates that can include each other as partials and
/// parents. Everything is compiled and checked when the library is built, so a
/// build can report every template mistake before rendering a single page.
public struct TemplateLibrary: Sendable {
    /// What to do about a partial or parent tag naming a template the library
    /// does not have.
    public enum UnknownPartials: Sendable {
        /// Report `unknown partial 'name'` when the library is built, so a typo
        /// stops the build. The default.
        case reject
        /// Render nothing in its place, as the Mustache spec describes.
        case renderNothing
    }

    private let templates: [String: Template]

    /// Compiles every template and checks that each static partial and parent
    /// name exists; throws every error found, sorted by template name, line and
    /// column. Names in `{{>*name}}` are only known at render time: a missing
    /// one renders nothing.
    public init(templates: [String: String]) throws(MustacheErrors) {
        try self.init(templates: templates, unknownPartials: .reject)
    }

    /// Like `init(templates:)`, choosing what an unknown static partial means.
    public init(templates: [String: String], unknownPartials: UnknownPartials) throws(MustacheErrors) {
        let knownTemplates: Set<String>? = unknownPartials == .reject ? Set(templates.keys) : nil
        var compiled: [String: Template] = [:]
        var errors: [MustacheError] = []
        for (name, text) in templates {
            do {
                compiled[name] = try Parser.parse(Source(name: name, text: text), knownTemplates: knownTemplates)
            } catch {
                errors += error.errors
            }
        }
        guard errors.isEmpty else {
            throw MustacheErrors(errors)
        }
        self.templates = compiled
    }

    /// The names of all templates, sorted.
    public var templateNames: [String] {
        templates.keys.sorted()
    }

    public func contains(_ name: String) -> Bool {
        templates[name] != nil
    }

    /// Appends the rendering of template `name` to `output`, within `limits`;
    /// a render that reaches one stops there, shortened. An unknown name
    /// appends nothing and returns false.
    @discardableResult
    public func render(_ name: String, _ context: MustacheValue, into output: inout [UInt8],
                       limits: RenderLimits = .standard) -> Bool {
        (try? renderWhole(name, context, into: &output, limits: limits)) ?? true
    }

    /// Renders as `render` does, but throws when a limit stopped the render,
    /// so a shortened output is never taken for the whole one.
    /// List elements that name their content (`MustacheObject.Identity`) are
    /// kept in `fragments` and copied from it, which must then serve this
    /// library alone.
    @discardableResult
    public func renderWhole(_ name: String, _ context: MustacheValue, into output: inout [UInt8],
                            limits: RenderLimits = .standard, fragments: FragmentCache? = nil) throws(RenderLimitReached) -> Bool {
        guard let template = templates[name] else {
            return false
        }
        var renderer = Renderer(templates: templates, context: context, limits: limits, outputStart: output.count,
                                fragments: fragments)
        renderer.render(template, template.body, into: &output)
        if let reached = renderer.limitReached { throw reached }
        return true
    }

    /// Renders to a `String`, empty if `name` is unknown. Meant for tests; a site
    /// build should render into one reused byte buffer instead.
    public func render(_ name: String, _ context: MustacheValue) -> String {
        var output: [UInt8] = []
        render(name, context, into: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
