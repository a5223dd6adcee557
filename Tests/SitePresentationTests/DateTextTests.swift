import SiteModel
import SitePresentation
import Testing

/// The three ways a date is written, checked against dates worked out by hand.
struct DateTextTests {
    private func date(_ text: String) throws -> PostDate {
        try #require(PostDate(iso8601: text))
    }

    @Test func aDayIsWrittenForPeopleWithoutLeadingZeros() throws {
        #expect(DateText.display(try date("2015-10-04")) == "4 October 2015")
        #expect(DateText.display(try date("0999-01-31")) == "31 January 999")
    }

    @Test func aCalendarDayIsAlwaysFourTwoTwoDigits() throws {
        #expect(DateText.calendarDay(try date("2015-10-14T23:59Z")) == "2015-10-14")
        #expect(DateText.calendarDay(try date("0007-02-03")) == "0007-02-03")
    }

    @Test func anInstantIsWrittenInUTC() throws {
        #expect(DateText.rfc3339(try date("2015-10-14T08:30:05Z")) == "2015-10-14T08:30:05Z")
        #expect(DateText.rfc3339(try date("2016-03-01T01:15:00+02:00")) == "2016-02-29T23:15:00Z")
        #expect(DateText.rfc3339(try date("1970-01-01")) == "1970-01-01T00:00:00Z")
        #expect(DateText.rfc3339(try date("1969-12-31T23:59:59Z")) == "1969-12-31T23:59:59Z")
        #expect(DateText.rfc3339(try date("9999-12-31T23:30:00-01:00")) == "10000-01-01T00:30:00Z")
    }
}
