import AlertJSON

/// The most one alert may hold (docs/limits.md): what keeps a hostile record from costing more than a bounded
/// amount of time and memory. The same in the library, `render`, `validate`, `batch` and `alertkit serve`.
///
/// Each limit is checked while reading: a record over `maxBytes` is refused before it is parsed; nesting, strings
/// and the events list are checked as the reader reaches them, and reading stops there. The error names the limit,
/// the value found and where (a JSON pointer, or a line and column).
public struct AlertLimits: Sendable, Hashable {
    /// The largest alert, in bytes of JSON (1 MiB).
    public var maxBytes: Int
    /// The most events one alert may hold (1,000).
    public var maxEvents: Int
    /// The longest string, in bytes as written in the JSON, escapes included (64 KiB).
    public var maxStringBytes: Int
    /// The deepest nesting of objects and arrays, the alert's own object counting as 1 (64).
    public var maxDepth: Int
    /// The largest document one alert may render to, in bytes (16 MiB): a user template that repeats a list
    /// inside itself is stopped when its output passes it, and the alert gets an error instead of a document.
    public var maxDocumentBytes: Int

    /// The default limits (docs/limits.md).
    public static let `default` = AlertLimits()

    /// The smallest value each limit may take: 1, and a depth of 2 (an alert is an object holding an array).
    public static let least = AlertLimits(maxBytes: 1, maxEvents: 1, maxStringBytes: 1, maxDepth: 2, maxDocumentBytes: 1)

    /// Creates limits; each defaults to docs/limits.md's.
    public init(maxBytes: Int = 1 << 20, maxEvents: Int = 1000, maxStringBytes: Int = 64 << 10, maxDepth: Int = 64,
                maxDocumentBytes: Int = 16 << 20) {
        self.maxDocumentBytes = maxDocumentBytes
        self.maxBytes = maxBytes
        self.maxEvents = maxEvents
        self.maxStringBytes = maxStringBytes
        self.maxDepth = maxDepth
    }

    /// The first limit that is not a positive number, with its name; nil when all are.
    public var invalidLimit: String? {
        let least = Self.least
        if maxBytes < least.maxBytes { return "maxBytes" }
        if maxEvents < least.maxEvents { return "maxEvents" }
        if maxStringBytes < least.maxStringBytes { return "maxStringBytes" }
        if maxDepth < least.maxDepth { return "maxDepth" }
        if maxDocumentBytes < least.maxDocumentBytes { return "maxDocumentBytes" }
        return nil
    }

    /// The issue for a record of `count` bytes, over `maxBytes`.
    func sizeIssue(_ count: Int) -> ValidationIssue {
        ValidationIssue(pointer: .root, expected: "an alert of at most \(maxBytes) bytes \(Self.sizeLimitName)",
                        found: "\(count) bytes")
    }

    private static let sizeLimitName = "(the alert size limit)"

    /// The issue for an events list of `count` events, over `maxEvents`.
    func eventsIssue(_ count: Int) -> ValidationIssue {
        ValidationIssue(pointer: JSONPointer.root.appending("events"),
                        expected: "at most \(maxEvents) events (the events limit)", found: "\(count) events")
    }
}
