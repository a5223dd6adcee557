/// One node of a compiled template. Every payload is an integer or a range
/// into the tables of its `Template`, so walking nodes copies plain values and
/// never touches a reference count.
enum Node: Sendable {
    /// Literal text: a range of `Template.bytes`.
    case text(Range<Int>)
    /// `name` indexes `Template.names`.
    case variable(name: Int, escaped: Bool)
    /// `content` is the range of nodes the section repeats.
    case section(name: Int, content: Range<Int>)
    case invertedSection(name: Int, content: Range<Int>)
    /// `partial` indexes `Template.partials`; `indentation` (a range of
    /// `Template.bytes`) is prepended to every line the partial renders.
    case partial(Int, indentation: Range<Int>)
    /// `arguments` indexes `Template.arguments`. `content` holds the argument
    /// blocks and is never rendered in place.
    case parent(Int, indentation: Range<Int>, arguments: Int, content: Range<Int>)
    /// A parameter block: `name` indexes `Template.blockNames`; `indentation`
    /// is prepended to every line of an argument that replaces `content`.
    case block(name: Int, indentation: Range<Int>, content: Range<Int>)
}
