/// A value a template can see. View models convert themselves to this once, so
/// rendering never calls back into site code and a context can cross threads.
///
/// How templates read it:
/// - Sections treat `.null`, `.bool(false)`, an empty `.list` and an empty
///   `.string` as falsey; everything else is truthy, including `.int(0)`, so a
///   count of zero still renders.
/// - A `.list` section repeats once per element, an `.object` section pushes the
///   object onto the context stack, and any other truthy value is pushed so
///   `{{.}}` can print it.
/// - Interpolating `.int` prints digits; `.double` prints without a fraction
///   when it has none (`85.0` → `85`) and in shortest form otherwise (`1.21`);
///   `.bool` prints `true` or `false`; `.null`, `.list` and `.object` print nothing.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// Text given as its UTF-8 bytes, for long text that was made as bytes
    /// (rendered HTML): it prints and tests like `.string`, and is never decoded.
    case utf8([UInt8])
    case list([MustacheValue])
    case object(MustacheObject)
}

extension MustacheValue {
    /// Whether a section renders its content for this value (see the type's documentation).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int, .double, .object: true
        case .string(let value): !value.isEmpty
        case .utf8(let bytes): !bytes.isEmpty
        case .list(let elements): !elements.isEmpty
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) {
        self = .list(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// The keys are distinct, as in any dictionary literal.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(MustacheObject(entries: elements))
    }
}
