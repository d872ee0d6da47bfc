import AlertModel
import AlertPresentation
import Foundation
import TemplateCompiler

/// A format made of a folder of templates (`formats/email/`): an RFC 5322 / MIME message (`.eml`) whose sender,
/// subject, text part and HTML part are the folder's `from.txt`, `subject.txt`, `text.txt` and `html.html`
/// templates (each `.mustache`), and whose other `.mustache` files are their partials. The assembly (headers,
/// `multipart/alternative`, quoted-printable, encoded words) is `MIMEMessage`'s, so no template can break it.
public struct EmailFormat: AlertEmitter {
    /// The format: named after the folder, extension `eml`, media type `message/rfc822`.
    public let format: OutputFormat
    /// The folder's parts, by file name, each from the last folder that has it.
    public let files: [String: URL]
    /// Each part compiled, by file name.
    let programs: [String: CompiledTemplate]

    /// The templates an email folder is made of.
    public static let parts = ["from.txt", "subject.txt", "text.txt", "html.html"]

    /// An email format named `name` from its part files and `libraries` (each part with the folder's partials).
    init(name: String, files: [String: URL], libraries: [String: TemplateLibrary]) throws(TemplateError) {
        self.format = OutputFormat(name: name, mediaType: "message/rfc822", fileExtension: "eml",
                                   summary: "template folder \(files["subject.txt"]?.deletingLastPathComponent().path ?? name)")
        self.files = files
        var programs: [String: CompiledTemplate] = [:]
        for (part, library) in libraries {
            programs[part] = try TemplateFormat.compile(library, escaping: part == "html.html" ? .html : .text)
        }
        self.programs = programs
    }

    /// The message; its `Date` is `options.date`, else the alert's own date (`AlertView.date`, at midnight UTC),
    /// never the clock; its `Message-ID` and MIME boundary follow from its content, so the same alert with the same
    /// templates and options gives the same bytes on any day, and a changed message a changed id. The four parts
    /// share `options`' time limit, counted from the start of the message.
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        let started = ContinuousClock.now
        return try message(view, options: options) { (name, _) throws(RenderLimitError) -> String? in
            guard let program = programs[name] else { return nil }
            return try TemplateFormat.render(program, view, options: options, start: started)
        }
    }

    /// The message assembled from its parts, each rendered by `part` (nil when the folder lacks it).
    private func message(_ view: AlertView, options: RenderOptions,
                         part render: (String, TemplateEscaping) throws(RenderLimitError) -> String?) throws -> String {
        func part(_ name: String) throws -> String {
            guard let text = try render(name, name == "html.html" ? .html : .text) else {
                throw TemplateError(file: files[name]?.path ?? name, message: "the template is missing from its folder")
            }
            return text
        }
        let date = options.date ?? Self.date(of: view)
        let from = MIMEMessage.oneLine(try part("from.txt"), ascii: { $0 >= 0x0A && $0 <= 0x0D }, isSeparator: \.isNewline)
        let subject = MIMEMessage.oneLine(try part("subject.txt"), ascii: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) },
                                          isSeparator: \.isWhitespace)
        let text = try part("text.txt"), html = try part("html.html")
        let message = MIMEMessage(
            from: from, subject: subject, date: date,
            // A message to someone named is another message: its recipient is part of its id.
            uniqueID: Self.uniqueID([view.id, view.locale, String(Int(date.timeIntervalSince1970)), from, subject, text, html]
                                    + (options.recipient.map { [$0] } ?? [])),
            parts: [("text/plain", text), ("text/html", html)], to: options.recipient,
            unsubscribe: options.product.unsubscribeAddress(alertID: view.id))
        let document = try message.serialized()
        guard document.utf8.count <= options.maxDocumentBytes else {
            throw RenderLimitError.documentTooLarge(limit: options.maxDocumentBytes)
        }
        return document
    }

    /// The alert's own date (`AlertView.date`, `YYYY-MM-DD`) at midnight UTC; the Unix epoch for a view without one.
    static func date(of view: AlertView) -> Date {
        guard let day = CalendarDate(iso: view.date) else { return Date(timeIntervalSince1970: 0) }
        // Days from 1970-01-01 (Howard Hinnant's days_from_civil).
        let year = day.month <= 2 ? day.year - 1 : day.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (day.month + (day.month > 2 ? -3 : 9)) + 2) / 5 + day.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Date(timeIntervalSince1970: Double(era * 146_097 + dayOfEra - 719_468) * 86_400)
    }

    /// 16 hex digits of FNV-1a over `fields` (the id, locale and second, then the message's parts), each ended by a
    /// zero byte: the `Message-ID`'s left part and the MIME boundary's tail. No alert text reaches the header.
    static func uniqueID(_ fields: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for var field in fields {  // over each field's contiguous bytes: the parts are most of a message's bytes
            field.withUTF8 { bytes in
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            }
            hash = hash &* 0x100_0000_01b3  // the zero byte between fields
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
