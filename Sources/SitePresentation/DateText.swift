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
        "\(date.day) \(monthNames[date.month - 1]) \(date.year)"
    }

    /// `2015-10-14`, for `<time datetime>` and the JSON API.
    public static func calendarDay(_ date: PostDate) -> String {
        "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
    }

    /// `2015-10-14T08:30:00Z` (RFC 3339 in UTC), for Atom's `updated`.
    public static func rfc3339(_ date: PostDate) -> String {
        let days = date.instant >= 0 ? date.instant / 86_400 : (date.instant - 86_399) / 86_400
        let secondsOfDay = Int(date.instant - days * 86_400)
        let (year, month, day) = civil(fromDays: Int(days))
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
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

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
