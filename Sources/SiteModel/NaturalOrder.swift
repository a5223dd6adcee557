import ByteScan

/// Orders names the way people count: runs of digits compare as numbers, so
/// `ui_2` comes before `ui_10`. Falls back to byte order, so it is total.
public enum NaturalOrder {
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        lhs.withUTF8InPlace { left in rhs.withUTF8InPlace { right in precedes(left, right) } }
    }

    private static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let leftRun = digitRun(left, from: i)
                let rightRun = digitRun(right, from: j)
                let leftDigits = trimmedZeros(left[leftRun])
                let rightDigits = trimmedZeros(right[rightRun])
                if leftDigits.count != rightDigits.count { return leftDigits.count < rightDigits.count }
                if !leftDigits.elementsEqual(rightDigits) { return leftDigits.lexicographicallyPrecedes(rightDigits) }
                i = leftRun.upperBound
                j = rightRun.upperBound
            } else {
                if left[i] != right[j] { return left[i] < right[j] }
                i += 1
                j += 1
            }
        }
        if left.count - i != right.count - j { return left.count - i < right.count - j }
        return left.lexicographicallyPrecedes(right)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int> {
        var end = start
        while end < bytes.count, isDigit(bytes[end]) { end += 1 }
        return start..<end
    }

    private static func trimmedZeros(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        digits.drop { $0 == UInt8(ascii: "0") }
    }
}
