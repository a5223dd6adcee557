import SiteModel

/// The ways a post date is written out: for people, for Atom and for `<time>`.
/// Fixed English month names, so the output never depends on the machine's locale.
public enum DateText {
    private static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// `14 October 2015`, the day as the author wrote it.
    public static func display(_ date: PostDate) -> String {
        let month = monthNames[date.month - 1]
        let length = DigitWriter.width(date.day, 1) + 1 + month.utf8.count + 1 + DigitWriter.width(date.year, 1)
        return written(length) { text in
            text.number(date.day, width: 1)
            text.append(" ")
            text.append(month)
            text.append(" ")
            text.number(date.year, width: 1)
        }
    }

    /// `2015-10-14`, for `<time datetime>` and the JSON API.
    public static func calendarDay(_ date: PostDate) -> String {
        written(DigitWriter.width(date.year, 4) + 6) { text in
            text.day(year: date.year, month: date.month, day: date.day)
        }
    }

    /// `2015-10-14T08:30:00Z` (RFC 3339 in UTC), for Atom's `updated`.
    public static func rfc3339(_ date: PostDate) -> String {
        let days = date.instant >= 0 ? date.instant / 86_400 : (date.instant - 86_399) / 86_400
        let secondsOfDay = Int(date.instant - days * 86_400)
        let (year, month, day) = civil(fromDays: Int(days))
        return written(DigitWriter.width(year, 4) + 16) { text in
            text.day(year: year, month: month, day: day)
            text.append("T")
            text.number(secondsOfDay / 3600, width: 2)
            text.append(":")
            text.number(secondsOfDay / 60 % 60, width: 2)
            text.append(":")
            text.number(secondsOfDay % 60, width: 2)
            text.append("Z")
        }
    }

    /// The calendar day of a count of days since 1970-01-01 (proleptic Gregorian).
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Dates are written several times a post on every build, so each is
    /// written straight into the storage of a string of its exact length,
    /// which for the short ones is the string value itself: no allocation.
    private static func written(_ length: Int, _ write: (inout DigitWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: length) { buffer in
            var writer = DigitWriter(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    private struct DigitWriter {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        /// How many bytes `number(value, width:)` writes.
        static func width(_ value: Int, _ minimum: Int) -> Int {
            var digits = 1
            var rest = value.magnitude / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            return (value < 0 ? 1 : 0) + max(digits, minimum)
        }

        mutating func append(_ text: String) {
            for byte in text.utf8 {
                buffer[count] = byte
                count += 1
            }
        }

        /// `value` in decimal, zero-padded to `width` digits, a minus sign first when negative.
        mutating func number(_ value: Int, width: Int) {
            if value < 0 { append("-") }
            let end = count + Self.width(value, width) - (value < 0 ? 1 : 0)
            var rest = value.magnitude
            for index in stride(from: end - 1, through: count, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            count = end
        }

        mutating func day(year: Int, month: Int, day: Int) {
            number(year, width: 4)
            append("-")
            number(month, width: 2)
            append("-")
            number(day, width: 2)
        }
    }
}
