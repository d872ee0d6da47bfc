/// A date-time as feeds write it (`2016-09-06 00:00:00`, `2016-09-06T00:00:00Z`, with an offset or a fraction).
/// It keeps the text and the calendar day as written: the day is never shifted by any time zone.
public struct AlertTimestamp: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The calendar day the timestamp falls on, in its own zone.
    public var date: CalendarDate
    /// The timestamp exactly as the alert wrote it.
    public var text: String

    /// Parses a date-time that the alert schema accepts; `nil` if the leading `YYYY-MM-DD` is not a real date
    /// or is not followed by `T`, `t` or a space.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count > 11, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
              let date = CalendarDate(iso: String(decoding: bytes[0..<10], as: UTF8.self))
        else { return nil }
        self.date = date
        self.text = text
    }

    /// The timestamp as written.
    public var description: String { text }

    /// Decodes from the timestamp text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = AlertTimestamp(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date-time: \(text)"))
        }
        self = value
    }

    /// Encodes as the text it was read from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
