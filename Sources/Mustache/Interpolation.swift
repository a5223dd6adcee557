import ByteScan

/// How a value prints in `{{name}}`, written straight into the output bytes.
extension MustacheValue {
    /// Doubles with no fraction print as integers up to this magnitude, beyond
    /// which `Double` cannot hold every integer anyway.
    private static let largestIntegralDouble = 1e15

    func appendInterpolation(escaped: Bool, to output: inout [UInt8]) {
        switch self {
        case .string(let string):
            if escaped {
                HTMLEscape.append(string, to: &output)
            } else {
                Self.appendUnescaped(string, to: &output)
            }
        case .utf8(let bytes):
            if escaped {
                HTMLEscape.append(bytes, to: &output)
            } else {
                output.append(contentsOf: bytes)
            }
        case .int(let integer):
            output.appendDecimal(integer)
        case .double(let double):
            // Converting and comparing back, rather than rounding, keeps libm out.
            if abs(double) < Self.largestIntegralDouble, Double(Int(double)) == double {
                output.appendDecimal(Int(double))
            } else {
                Self.appendUnescaped(String(double), to: &output)
            }
        case .bool(let bool):
            Self.appendUnescaped(bool ? "true" : "false", to: &output)
        case .null, .list, .object:
            return
        }
    }

    private static func appendUnescaped(_ string: String, to output: inout [UInt8]) {
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { output.append(contentsOf: $0) }
        if appended == nil {
            output.append(contentsOf: string.utf8)
        }
    }
}
