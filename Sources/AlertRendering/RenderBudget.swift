import Foundation
import Mustache

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

/// What one template render may spend: bytes of output and time. swift-mustache renders in one call that cannot
/// be interrupted, so the budget is charged from the context's side: every value a tag looks up, every string it
/// prints, and every list item a section renders (at the most text one item can add, `itemCost`). The charges
/// overestimate the output, so the budget is twice the document limit: it bounds the work and the memory, and the
/// finished document is then held to the limit exactly. Once the budget is spent, every look-up finds nothing,
/// every string prints nothing and every list ends, so the render unwinds at once; the format then throws
/// `RenderLimitError` instead of returning what was made.
final class RenderBudget {
    private var remaining: Int
    /// The document size limit, in bytes.
    let limit: Int
    private let deadline: ContinuousClock.Instant?
    private let timeLimit: Duration?
    private var calls = 0
    /// Why the render was stopped, once it was.
    private(set) var exceeded: RenderLimitError?
    /// The bytes a list item is charged: the longest text of a section over a list, in the template and its partials.
    let itemCost: Int

    /// A budget of `options.maxDocumentBytes` bytes and `options.timeLimit` from `startedAt` (now by default: a
    /// document made of several renders, an email's parts, gives them all the moment it began).
    init(options: RenderOptions, itemCost: Int, startedAt: ContinuousClock.Instant = .now) {
        limit = options.maxDocumentBytes
        remaining = options.maxDocumentBytes > Int.max / 2 ? Int.max : 2 * options.maxDocumentBytes
        timeLimit = options.timeLimit
        deadline = options.timeLimit.map { startedAt + $0 }
        self.itemCost = max(1, itemCost)
    }

    /// Whether the render may go on after spending `bytes`.
    func charge(_ bytes: Int) -> Bool {
        guard exceeded == nil else { return false }
        remaining -= bytes
        if remaining < 0 {
            exceeded = .documentTooLarge(limit: limit)
            return false
        }
        calls += 1
        if calls & 1023 == 0, let deadline, ContinuousClock.now > deadline {
            let components = timeLimit!.components
            exceeded = .timedOut(seconds: Double(components.seconds) + Double(components.attoseconds) / 1e18)
            return false
        }
        return true
    }

    /// Throws when the render was stopped, or when `document` is itself over the size limit.
    func check(_ document: String?) throws(RenderLimitError) {
        if let exceeded { throw exceeded }
        if let document, document.utf8.count > limit { throw .documentTooLarge(limit: limit) }
    }
}

/// A list of the view model as a template sees it: its items, each charged to the render's budget as a section
/// renders it, so that a section repeated inside itself ends when the budget does.
struct TemplateList: MustacheSequence, MustacheTransformable, CustomStringConvertible, CustomDebugStringConvertible {
    let items: [Any]
    let budget: RenderBudget

    /// What a tag that prints the list prints: what the plain array would (`templates check` reports such tags).
    var description: String { String(describing: items) }
    var debugDescription: String { description }

    func makeIterator() -> Iterator { Iterator(items: items, budget: budget) }

    struct Iterator: IteratorProtocol {
        let items: [Any]
        let budget: RenderBudget
        var index = 0

        mutating func next() -> Any? {
            guard index < items.count, budget.charge(budget.itemCost) else { return nil }
            defer { index += 1 }
            return items[index]
        }
    }

    /// The transforms an array has (`first`, `last`, `count`, `empty`, `reversed`…), lists staying charged.
    func transform(_ name: String) -> Any? {
        guard budget.charge(1) else { return nil }
        switch name {
        case "reversed": return TemplateList(items: items.reversed(), budget: budget)
        default: return items.transform(name)
        }
    }
}
