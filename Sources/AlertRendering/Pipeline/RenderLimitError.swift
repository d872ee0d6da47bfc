import Foundation

/// A document that went past a limit while being made: too large, or too slow. The alert gets this error instead
/// of a document (an error record in a batch, a problem in the service).
public enum RenderLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document would be over `limit` bytes (`AlertLimits.maxDocumentBytes`, `--max-document-bytes`).
    case documentTooLarge(limit: Int)
    /// Making the document took longer than `seconds` (`RenderOptions.timeLimit`, the server's render timeout).
    case timedOut(seconds: Double)

    /// What went past which limit, and the setting that moves it.
    public var description: String {
        switch self {
        case .documentTooLarge(let limit):
            "the document is over the document size limit of \(limit) bytes (--max-document-bytes); "
                + "a template that repeats a list inside itself multiplies its output"
        case .timedOut(let seconds):
            "the document took longer than the render time limit of \(Self.format(seconds)) seconds"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    }
}
