import AlertModel
import AlertRendering
/// One alert read from a feed, with where it came from.
public struct BatchRecord: Sendable {
    /// Its position among every record of the run, from 0.
    public var position: Int
    /// The input it came from, as errors name it: a path, or `<stdin>`.
    public var source: String
    /// The line it starts on, from 1.
    public var line: Int
    /// Its index within its source, from 0 (the line's record number, or the array element).
    public var index: Int
    /// The alert's JSON.
    public var bytes: [UInt8]
    /// Why the source could not be read, for a file that stands as one rejected record.
    public var unreadable: String?
    /// The kind of that: `unreadable` (the input could not be read), `notJSON` (a part of it that is no record, an
    /// array never closed) or `tooLarge` (a record over the alert size limit, not read).
    public var unreadableKind: FailureKind

    /// Creates a record.
    public init(position: Int, source: String, line: Int, index: Int, bytes: [UInt8], unreadable: String? = nil,
                unreadableKind: FailureKind = .unreadable) {
        self.position = position
        self.source = source
        self.line = line
        self.index = index
        self.bytes = bytes
        self.unreadable = unreadable
        self.unreadableKind = unreadableKind
    }
}

/// A record that could not be rendered, and why.
public struct BatchRejection: Sendable, Hashable {
    /// One problem: a JSON pointer (`""` for the whole record) and a message; the problem every layer reports.
    public typealias Problem = AlertProblem

    /// The alert's id, when the record is JSON with a string `id`.
    public var id: String?
    /// Why, from the one table of failures (`FailureKind.rejectsRecord`): what batch's summary and the service's
    /// metrics count it under.
    public var kind: FailureKind
    /// Every problem found, at least one.
    public var problems: [Problem]

    /// Creates a rejection.
    public init(id: String?, kind: FailureKind, problems: [Problem]) {
        self.id = id
        self.kind = kind
        self.problems = problems
    }
}

/// What became of a record.
public enum BatchOutcome: Sendable {
    /// Rendered: the alert's id, its document as UTF-8, and what it holds that was accepted but not understood.
    case rendered(id: String, document: RenderedDocument, warnings: [BatchRejection.Problem])
    /// Left out on purpose (`--urgent-only` and the alert is not urgent).
    case skipped(id: String)
    /// Rejected.
    case rejected(BatchRejection)
}
