import AlertJSON

/// One problem with a record, as every layer reports it: where (an RFC 6901 JSON pointer, `""` for the record as a
/// whole) and what. `AlertDecodingError.problems` is the one function from a decoding failure to these; the command
/// line prints them, a batch writes them in its error records and the service answers them as problem details.
public struct AlertProblem: Sendable, Hashable, CustomStringConvertible {
    /// Where, as an RFC 6901 pointer; empty for the whole record.
    public var pointer: String
    /// What is wrong.
    public var message: String

    /// Creates a problem.
    public init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `pointer: message`, or the message alone for the whole record.
    public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}

extension AlertDecodingError {
    /// The problems, in document order: a syntax error is one problem of the whole record (its message says the
    /// line and column); a breach of the contract is one problem per issue, at its pointer.
    public var problems: [AlertProblem] {
        switch self {
        case .notJSON(let syntax): [AlertProblem(pointer: "", message: syntax.description)]
        case .invalid(let issues): issues.map(AlertProblem.init(issue:))
        case .tooLarge(let issue): [AlertProblem(issue: issue)]
        }
    }
}

extension AlertProblem {
    /// The problem an issue (a breach, or a warning) states.
    public init(issue: ValidationIssue) {
        self.init(pointer: issue.pointer.description, message: issue.message)
    }
}
