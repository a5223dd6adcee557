/// Types that expose themselves to templates. A view model converts once, up
/// front, so the renderer only ever walks plain `MustacheValue`s.
public protocol MustacheConvertible {
    var mustacheValue: MustacheValue { get }
}

extension MustacheValue: MustacheConvertible {
    public var mustacheValue: MustacheValue { self }
}

extension String: MustacheConvertible {
    public var mustacheValue: MustacheValue { .string(self) }
}

extension Int: MustacheConvertible {
    public var mustacheValue: MustacheValue { .int(self) }
}

extension Bool: MustacheConvertible {
    public var mustacheValue: MustacheValue { .bool(self) }
}

extension Double: MustacheConvertible {
    public var mustacheValue: MustacheValue { .double(self) }
}

extension Array: MustacheConvertible where Element: MustacheConvertible {
    public var mustacheValue: MustacheValue { .list(map { $0.mustacheValue }) }
}

extension Dictionary: MustacheConvertible where Key == String, Value: MustacheConvertible {
    public var mustacheValue: MustacheValue { .object(MustacheObject(mapValues { $0.mustacheValue })) }
}

extension Optional: MustacheConvertible where Wrapped: MustacheConvertible {
    /// `nil` becomes `.null`, which interpolates as nothing and is falsey.
    public var mustacheValue: MustacheValue { self?.mustacheValue ?? .null }
}
