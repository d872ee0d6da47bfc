import AlertModel
import AlertPresentation
import Foundation

/// Turns an `AlertView` into a document of one format. Conform and register in a `FormatRegistry`
/// to add a format in Swift.
public protocol AlertEmitter: Sendable {
    /// The format's name, media type and file extension.
    var format: OutputFormat { get }
    /// The document for `view`.
    func render(_ view: AlertView, options: RenderOptions) throws -> String
    /// The document for `view` as UTF-8, the same bytes as `render`'s: what batch writes. Emitters that build bytes
    /// implement it to save a copy and a UTF-8 check per document; the default encodes `render`'s string.
    func renderUTF8(_ view: AlertView, options: RenderOptions) throws -> [UInt8]
    /// The document for `view`, the same bytes as `renderUTF8`'s, with the runs it shares with other documents held
    /// by reference (`RenderedDocument`): what batch writes. The default wraps `renderUTF8`'s bytes.
    func renderDocument(_ view: AlertView, options: RenderOptions) throws -> RenderedDocument
    /// The limits its documents' receiver holds them to: `AlertPipeline` fits every document into them, or rejects
    /// it naming the limit (`RenderLimitError.overReceiverLimit`). The default is none.
    var receiverLimits: ReceiverLimits { get }
}

extension AlertEmitter {
    /// `render`'s string as UTF-8.
    public func renderUTF8(_ view: AlertView, options: RenderOptions) throws -> [UInt8] {
        Array(try render(view, options: options).utf8)
    }

    /// No limits.
    public var receiverLimits: ReceiverLimits { .none }

    /// `renderUTF8`'s bytes, sharing nothing.
    public func renderDocument(_ view: AlertView, options: RenderOptions) throws -> RenderedDocument {
        RenderedDocument(bytes: try renderUTF8(view, options: options))
    }
}

/// A named output format.
public struct OutputFormat: Sendable, Hashable, Codable {
    /// The name used on the command line, e.g. `html`.
    public var name: String
    /// Other names accepted for it, e.g. `md` for `markdown`.
    public var aliases: [String]
    /// The media type, e.g. `text/html; charset=utf-8`.
    public var mediaType: String
    /// The file extension without a dot, e.g. `html`.
    public var fileExtension: String
    /// One line on what it is.
    public var summary: String

    /// Creates a format description.
    public init(name: String, aliases: [String] = [], mediaType: String, fileExtension: String, summary: String) {
        self.name = name
        self.aliases = aliases
        self.mediaType = mediaType
        self.fileExtension = fileExtension
        self.summary = summary
    }
}

/// Choices about the rendered document.
public struct RenderOptions: Sendable, Hashable {
    /// For HTML: only the alert's markup, to embed in another page, instead of a standalone page.
    public var fragment: Bool
    /// For plain text: the column to wrap at.
    public var textWidth: Int
    /// For formats that carry a date (the email's `Date` header): when the document is made; `nil` is now.
    public var date: Date?
    /// The largest document, in bytes (`AlertLimits.maxDocumentBytes`, 16 MiB): past it, rendering stops with
    /// `RenderLimitError.documentTooLarge`. `AlertPipeline` and batch set it from their decoder's limits.
    public var maxDocumentBytes: Int
    /// How long one document may take to make; past it, a template's render stops with
    /// `RenderLimitError.timedOut`. `nil`, the default, sets no limit (the service sets its render timeout).
    public var timeLimit: Duration?
    /// The product's name, app link, SMS opt-out text and sender, which templates read as `product`;
    /// `AlertPipeline` sets them from its catalog (the shipped English catalog's by default).
    public var product: ProductSettings
    /// For the email: who the message is to (its `To` header), `Name <address>` or an address; `nil` leaves `To` out
    /// for the mail system to add. An address that is not one fails the render with `TemplateError`.
    public var recipient: String?

    /// Creates options.
    public init(fragment: Bool = false, textWidth: Int = 72, date: Date? = nil,
                maxDocumentBytes: Int = AlertLimits.default.maxDocumentBytes, timeLimit: Duration? = nil,
                product: ProductSettings = ContentCatalog.english.product, recipient: String? = nil) {
        self.product = product
        self.recipient = recipient
        self.maxDocumentBytes = maxDocumentBytes
        self.timeLimit = timeLimit
        self.fragment = fragment
        self.textWidth = textWidth
        self.date = date
    }

    /// A standalone page; text wrapped at 72 columns.
    public static let `default` = RenderOptions()

    /// The text widths the command line and the service accept: 20 columns (an SMS line) to 1,000.
    public static let textWidths = 20...1000

    /// An RFC 3339 date-time (`2026-11-25T09:30:00Z`, with an offset or a fraction) as a `date`; `nil` for anything
    /// else. The command line's `--date` and the service's `date` parameter read it the same way.
    public static func date(_ text: String) -> Date? {
        // Foundation's parser rolls 2026-02-30 over into March and 25:00 into the next day: the day is checked against
        // the calendar and the clock's fields against their ranges first.
        let digits = Array(text.utf8.prefix(10))
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
              let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)),
              let day = Int(text.dropFirst(8).prefix(2)), (1...12).contains(month), day >= 1,
              day <= CalendarDate.daysIn(month: month, year: year)
        else { return nil }
        let clock = text.dropFirst(11).prefix(8).split(separator: ":").map { Int($0) }
        guard clock.count == 3, let hour = clock[0], let minute = clock[1], let second = clock[2],
              hour < 24, minute < 60, second <= 60 else { return nil }
        let plain = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return (try? plain.parse(text)) ?? (try? fractional.parse(text))
    }
}
