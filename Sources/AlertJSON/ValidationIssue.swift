/// One problem found in an alert: where it is, what was expected and what was found.
public struct ValidationIssue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whether the issue rejects the alert or only deserves a mention.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The alert breaks the contract and is rejected.
        case error
        /// The alert is accepted but something in it is not understood (e.g. an unknown match type).
        case warning
    }

    /// Where in the alert the problem is.
    public var pointer: JSONPointer
    /// What the contract asks for there, e.g. `a non-empty string`.
    public var expected: String
    /// What the alert has there, e.g. `""` or `nothing`.
    public var found: String
    /// Error or warning.
    public var severity: Severity

    /// Creates an issue.
    public init(pointer: JSONPointer, expected: String, found: String, severity: Severity = .error) {
        self.pointer = pointer
        self.expected = expected
        self.found = found
        self.severity = severity
    }

    /// `expected …, found …`, prefixed with `warning: ` for warnings.
    public var message: String {
        (severity == .warning ? "warning: " : "") + "expected \(expected), found \(found)"
    }

    /// `/json/pointer: message`.
    public var description: String {
        "\(pointer.description.isEmpty ? "/" : pointer.description): \(message)"
    }

    enum CodingKeys: String, CodingKey {
        case pointer, expected, found, severity, message
    }

    /// Decodes an issue written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pointer = JSONPointer(escaped: try container.decode(String.self, forKey: .pointer))
        expected = try container.decode(String.self, forKey: .expected)
        found = try container.decode(String.self, forKey: .found)
        severity = try container.decode(Severity.self, forKey: .severity)
    }

    /// Encodes the pointer as text, the parts and the whole message.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pointer.description, forKey: .pointer)
        try container.encode(expected, forKey: .expected)
        try container.encode(found, forKey: .found)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
    }
}
