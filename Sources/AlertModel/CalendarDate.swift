/// A day on the calendar, as written in the alert: never converted through a time zone,
/// so it shows as the same day on every machine.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, e.g. 2016.
    public var year: Int
    /// The month, 1…12.
    public var month: Int
    /// The day of the month, 1…31.
    public var day: Int

    /// Creates a date; `nil` unless it is a real calendar date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` (ASCII digits only); `nil` unless it is exactly that and a real date.
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.digits(bytes[0..<4]), let month = Self.digits(bytes[5..<7]),
              let day = Self.digits(bytes[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The number of days in `month` of `year` (Gregorian).
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String { format("yyyy-MM-dd") }

    /// Formats the date with a pattern of `yyyy`, `MM` and `dd` and any other characters,
    /// e.g. `MM-dd-yyyy` → `09-06-2016`.
    public func format(_ pattern: String) -> String {
        // Into a buffer on the stack, read off the pattern's own bytes: a date costs no allocation (its text is a
        // small string) where arrays and `String(Int)` cost eight.
        pattern.utf8.withContiguousStorageIfAvailable(formatted) ?? Array(pattern.utf8).withUnsafeBufferPointer(formatted)
    }

    private func formatted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // A two-byte token writes at most 20 characters (an `Int`'s digits and sign).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 10 + 24) { out in
            var count = 0
            func append(_ value: Int, width: Int) {
                if value < 0 {  // never from a parsed date; kept as `String(value)` writes it
                    let digits = Array(String(value).utf8)
                    for _ in 0..<max(0, width - digits.count) { out[count] = UInt8(ascii: "0"); count += 1 }
                    for digit in digits { out[count] = digit; count += 1 }
                    return
                }
                var digits = 1, rest = value / 10
                while rest > 0 { digits += 1; rest /= 10 }
                for _ in 0..<max(0, width - digits) { out[count] = UInt8(ascii: "0"); count += 1 }
                var remaining = value
                for position in stride(from: count + digits - 1, through: count, by: -1) {
                    out[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
                count += digits
            }
            var index = 0
            while index < bytes.count {
                if Self.matches(bytes, index, "yyyy") {
                    append(year, width: 4)
                    index += 4
                } else if Self.matches(bytes, index, "MM") {
                    append(month, width: 2)
                    index += 2
                } else if Self.matches(bytes, index, "dd") {
                    append(day, width: 2)
                    index += 2
                } else {
                    out[count] = bytes[index]
                    count += 1
                    index += 1
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
        }
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ token: StaticString) -> Bool {
        guard index + token.utf8CodeUnitCount <= bytes.count else { return false }
        for offset in 0..<token.utf8CodeUnitCount where bytes[index + offset] != token.utf8Start[offset] { return false }
        return true
    }

    /// Orders dates on the calendar.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes from `YYYY-MM-DD`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
        }
        self = date
    }

    /// Encodes as `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

