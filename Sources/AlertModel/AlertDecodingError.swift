import AlertJSON

/// Why bytes did not decode to an alert.
public enum AlertDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JSON at all.
    case notJSON(JSONSyntaxError)
    /// The JSON breaks the alert contract; every problem found, in document order.
    case invalid([ValidationIssue])
    /// The record is over the alert size limit (`AlertLimits.maxBytes`) and was not read: its one issue, at the root.
    case tooLarge(ValidationIssue)

    /// The problems as `ValidationIssue`s; a syntax error is one issue at the document's root.
    public var issues: [ValidationIssue] {
        switch self {
        case .notJSON(let error):
            [ValidationIssue(pointer: .root, expected: "a JSON document", found: error.description)]
        case .invalid(let issues):
            issues
        case .tooLarge(let issue):
            [issue]
        }
    }

    /// One problem a line.
    public var description: String {
        switch self {
        case .notJSON(let error): error.description
        case .invalid(let issues): issues.map(\.description).joined(separator: "\n")
        case .tooLarge(let issue): issue.description
        }
    }
}
