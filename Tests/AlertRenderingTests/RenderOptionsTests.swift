import AlertModel
@testable import AlertRendering
import Foundation
import Testing

/// `RenderOptions.date`: the command line's `--date` and the service's `date` read RFC 3339 the same way, and a day
/// the month does not have is refused (Foundation's parser alone rolls it over into the next month).
@Suite("Render options")
struct RenderOptionsTests {
    @Test("the last day of each month, leap years included, and the day after it", arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("2000-02-29", true), ("1900-02-29", false), ("2023-02-28", true),
        ("2026-04-30", true), ("2026-04-31", false), ("2026-12-31", true), ("2026-12-32", false), ("2026-01-00", false),
        ("2026-13-01", false), ("2026-00-10", false),
    ])
    func lastDays(day: String, valid: Bool) throws {
        let date = RenderOptions.date(day + "T12:00:00Z")
        #expect((date != nil) == valid, "\(day)")
        if let date {
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
            #expect(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!) == day, "no roll-over: \(day)")
        }
    }

    @Test("days in a month agree with the Gregorian calendar for 400 years")
    func daysInMonth() throws {
        let calendar = Calendar(identifier: .gregorian)
        for year in 1800..<2200 {
            for month in 1...12 {
                let first = try #require(DateComponents(calendar: calendar, timeZone: TimeZone(identifier: "UTC"), year: year, month: month).date)
                #expect(CalendarDate.daysIn(month: month, year: year) == calendar.range(of: .day, in: .month, for: first)?.count,
                        "\(year)-\(month)")
            }
        }
    }
}
