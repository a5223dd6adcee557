/// A post's date as written in ISO 8601: a calendar day, optionally with a
/// time and offset. Parsed by hand so that it is fast, thread-safe and the
/// same on every machine; `instant` orders posts and feeds.
public struct PostDate: Sendable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int
    /// Seconds since 1970-01-01T00:00:00Z; a date without a time is midnight UTC.
    public let instant: Int64

    /// Accepts `2015-10-14`, `2015-10-14T08:30Z`, `2015-10-14T08:30:00Z`,
    /// `2015-10-14T08:30:00.250+02:00` and the same without an offset (UTC).
    public init?(iso8601 text: String) {
        var scanner = DateScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...PostDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = 0
        if scanner.skip("T") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"),
                  let minute = scanner.number(digits: 2), hour < 24, minute < 60 else { return nil }
            seconds = hour * 3600 + minute * 60
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 61 else { return nil }
                seconds += second
                if scanner.skip(".") || scanner.skip(",") {
                    guard scanner.digits() > 0 else { return nil }
                }
            }
            let isUTC = scanner.skip("Z") || scanner.skip("z")
            if !isUTC, let sign = scanner.sign() {
                guard let offsetHours = scanner.number(digits: 2) else { return nil }
                _ = scanner.skip(":")
                guard let offsetMinutes = scanner.number(digits: 2), offsetHours < 24, offsetMinutes < 60 else { return nil }
                seconds -= sign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard scanner.atEnd else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.instant = Int64(PostDate.daysSinceEpoch(year: year, month: month, day: day)) * 86_400 + Int64(seconds)
    }

    /// A date as a cache recorded it, already checked when it was first parsed.
    init(year: Int, month: Int, day: Int, instant: Int64) {
        self.year = year
        self.month = month
        self.day = day
        self.instant = instant
    }

    public static func < (lhs: PostDate, rhs: PostDate) -> Bool {
        lhs.instant < rhs.instant
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// Reads fixed-width ASCII fields of a date string.
private struct DateScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index == bytes.count }

    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
