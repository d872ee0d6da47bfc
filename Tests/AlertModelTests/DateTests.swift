import AlertModel
import Testing

@Suite("Dates")
struct DateTests {
    @Test("calendar dates are real days, leap years included", arguments: [
        ("2016-09-06", true), ("2016-02-29", true), ("2015-02-29", false), ("1900-02-29", false),
        ("2000-02-29", true), ("2016-04-31", false), ("2016-13-01", false), ("2016-9-6", false),
        ("09/12/2016", false), ("２０１６-09-06", false),
    ])
    func calendarDates(text: String, valid: Bool) {
        #expect((CalendarDate(iso: text) != nil) == valid)
    }

    @Test("dates format as the catalog asks, with no time zone in between")
    func formatting() throws {
        let date = try #require(CalendarDate(iso: "2016-09-06"))
        #expect(date.format("MM-dd-yyyy") == "09-06-2016")
        #expect(date.format("dd/MM/yyyy") == "06/09/2016")
    }

    @Test("CreationDate forms keep the day they were written on", arguments: [
        "2016-09-06 00:00:00", "2016-09-06T00:00:00Z", "2016-09-06T23:59:59-05:00",
        "2016-09-06T00:30:00+02:00", "2016-09-06T12:00:00.123Z",
    ])
    func timestamps(text: String) throws {
        let stamp = try #require(AlertTimestamp(text))
        #expect(stamp.date == CalendarDate(year: 2016, month: 9, day: 6))
        #expect(stamp.text == text)
    }
}
