import AlertModel
import Foundation

/// A document that went past a limit while being made: too large, or too slow. The alert gets this error instead
/// of a document (an error record in a batch, a problem in the service).
public enum RenderLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document would be over `limit` bytes (`AlertLimits.maxDocumentBytes`, `--max-document-bytes`).
    case documentTooLarge(limit: Int)
    /// Making the document took longer than `seconds` (`RenderOptions.timeLimit`, the server's render timeout).
    case timedOut(seconds: Double)
    /// Even the smallest document that fitting could make breaks a limit of its receiver (`ReceiverLimits`):
    /// these, what that document broke.
    case overReceiverLimit([LimitFinding])

    /// What went past which limit, and the setting that moves it.
    public var description: String {
        switch self {
        case .documentTooLarge(let limit):
            "the document is over the document size limit of \(limit) bytes (--max-document-bytes); "
                + "a template that repeats a list inside itself multiplies its output"
        case .timedOut(let seconds):
            "the document took longer than the render time limit of \(Self.format(seconds)) seconds"
        case .overReceiverLimit(let findings):
            "the document cannot be fitted into its receiver's limits, even with its texts cut and its details left out: "
                + findings.map(\.line).joined(separator: "; ")
        }
    }

    /// The kind of failure, in the one table (`FailureKind`).
    public var kind: FailureKind {
        switch self {
        case .documentTooLarge: .documentTooLarge
        case .timedOut: .renderTimeout
        case .overReceiverLimit: .overReceiverLimit
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}
