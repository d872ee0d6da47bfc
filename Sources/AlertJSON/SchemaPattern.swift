import Foundation

/// A compiled `pattern` keyword. `NSRegularExpression` is immutable and documented as safe to share
/// between threads, which is what makes this `Sendable`.
///
/// The contract's three patterns (a calendar date, a date and time, a two-letter country code) are checked first by
/// `DatePatterns`, which reads the bytes once: what it accepts the regular expression accepts too, and anything it
/// does not accept still goes to the regular expression, which has the last word. Every valid alert's dates take
/// the quick path; only invalid ones pay for the regular expression.
package final class SchemaPattern: @unchecked Sendable {
    package let source: String
    private let regex: NSRegularExpression
    private let quick: DatePatterns.Shape?

    package init(_ source: String) throws {
        self.source = source
        regex = try NSRegularExpression(pattern: source)
        quick = DatePatterns.shape(of: source)
    }

    package func matches(_ text: String) -> Bool {
        if let quick, DatePatterns.accepts(text, as: quick) { return true }
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }
}

/// Byte-level acceptors for the contract's date, date-time and country patterns (`alert.schema.json`). Each accepts
/// only text that the pattern matches whole: exactly the shape, nothing around it.
package enum DatePatterns {
    package enum Shape { case date, dateTime, countryCode }

    package static let date = #"^(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)$"#
    package static let dateTime = #"^(?:[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)|(?:[0-9]{2}(?:0[48]|[2468][048]|[13579][26])|(?:[02468][048]|[13579][26])00)-02-29)[Tt ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::(?:[0-5][0-9]|60)(?:\.[0-9]+)?)?(?:[Zz]|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])?$"#
    package static let countryCode = "^[A-Za-z]{2}$"

    /// The shape a pattern's source is, if it is one of the three.
    package static func shape(of source: String) -> Shape? {
        switch source {
        case date: .date
        case dateTime: .dateTime
        case countryCode: .countryCode
        default: nil
        }
    }

    /// Whether `text` is, whole, of `shape`.
    package static func accepts(_ text: String, as shape: Shape) -> Bool {
        var text = text
        return text.withUTF8 { accepts(bytes: $0, as: shape) }
    }

    /// Whether UTF-8 `bytes` are, whole, of `shape`.
    package static func accepts(bytes: UnsafeBufferPointer<UInt8>, as shape: Shape) -> Bool {
        switch shape {
        case .countryCode: bytes.count == 2 && isLetter(bytes[0]) && isLetter(bytes[1])
        case .date: bytes.count == 10 && isDate(bytes)
        case .dateTime: bytes.count >= 16 && isDate(bytes) && isTime(bytes)
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The number of `count` digits at `offset`, or nil.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        guard offset + count <= bytes.count else { return nil }
        var value = 0
        for index in offset..<offset + count {
            guard isDigit(bytes[index]) else { return nil }
            value = value * 10 + Int(bytes[index] - 0x30)
        }
        return value
    }

    /// `YYYY-MM-DD` at the start: a real day of the Gregorian calendar (February 29 in leap years only).
    private static func isDate(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let year = number(bytes, 0, 4), bytes[4] == 0x2D, let month = number(bytes, 5, 2), bytes[7] == 0x2D,
              let day = number(bytes, 8, 2), (1...12).contains(month), day >= 1 else { return false }
        switch month {
        case 2: return day <= 28 || (day == 29 && (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)))
        case 4, 6, 9, 11: return day <= 30
        default: return day <= 31
        }
    }

    /// After the date: `[Tt ]HH:MM`, optional `:SS` (00–60) with an optional fraction, an optional `Z` or offset.
    private static func isTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let separator = bytes[10]
        guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20,
              let hour = number(bytes, 11, 2), hour <= 23, bytes[13] == UInt8(ascii: ":"),
              let minute = number(bytes, 14, 2), minute <= 59 else { return false }
        var offset = 16
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ":") {
            guard let second = number(bytes, offset + 1, 2), second <= 60 else { return false }
            offset += 3
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                let digits = offset
                while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
                guard offset > digits else { return false }
            }
        }
        guard offset < bytes.count else { return true }
        switch bytes[offset] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"): return offset + 1 == bytes.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(bytes, offset + 1, 2), hours <= 23 else { return false }
            offset += 3
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ":") { offset += 1 }
            guard let minutes = number(bytes, offset, 2), minutes <= 59 else { return false }
            return offset + 2 == bytes.count
        default: return false
        }
    }
}
