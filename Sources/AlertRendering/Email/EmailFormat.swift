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
    /// The shared parts of each part's documents, by file name.
    let parts: [String: TemplateParts]

    /// Gmail's clipping at 102 KB (`ReceiverLimits.email`).
    public var receiverLimits: ReceiverLimits { .email }

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
        parts = programs.mapValues { _ in TemplateParts(quotedPrintable: true) }
    }

    /// The message; its `Date` is `options.date`, else the moment it is made (a mail's date is when it is sent: a
    /// client files the message by it); its `Message-ID` and MIME boundary follow from its content and that date, so
    /// the same alert with the same templates and a pinned date (`--date`, `SOURCE_DATE_EPOCH`) gives the same bytes on
    /// any day, and a changed message a changed id. The four parts
    /// share `options`' time limit, counted from the start of the message.
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        String(decoding: try renderDocument(view, options: options).bytes, as: UTF8.self)
    }

    /// `render`'s bytes.
    public func renderUTF8(_ view: AlertView, options: RenderOptions) throws -> [UInt8] {
        try renderDocument(view, options: options).bytes
    }

    /// `render`'s bytes, with the runs of the text and HTML parts that show only the advice encoded once for all the
    /// messages that share them (quoted-printable and, in a JSON line, JSON).
    public func renderDocument(_ view: AlertView, options: RenderOptions) throws -> RenderedDocument {
        let started = ContinuousClock.now
        return try message(view, options: options) { (name, _) throws(RenderLimitError) -> RenderedDocument? in
            guard let program = programs[name], let parts = parts[name] else { return nil }
            return try TemplateFormat.document(program, parts: parts, view, options: options, start: started)
        }
    }

    /// The message assembled from its parts, each rendered by `part` (nil when the folder lacks it).
    private func message(_ view: AlertView, options: RenderOptions,
                         part render: (String, TemplateEscaping) throws(RenderLimitError) -> RenderedDocument?) throws -> RenderedDocument {
        func part(_ name: String) throws -> RenderedDocument {
            guard let document = try render(name, name == "html.html" ? .html : .text) else {
                throw TemplateError(file: files[name]?.path ?? name, message: "the template is missing from its folder")
            }
            return document
        }
        func line(_ name: String) throws -> String { String(decoding: try part(name).bytes, as: UTF8.self) }
        let date = options.date ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let from = MIMEMessage.oneLine(try line("from.txt"), ascii: { $0 >= 0x0A && $0 <= 0x0D }, isSeparator: \.isNewline)
        let subject = MIMEMessage.oneLine(try line("subject.txt"), ascii: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) },
                                          isSeparator: \.isWhitespace)
        let text = try part("text.txt"), html = try part("html.html")
        var id = UniqueID()
        for field in [view.id, view.locale, String(Int(date.timeIntervalSince1970)), from, subject] { id.add(field) }
        id.add(text)
        id.add(html)
        if let recipient = options.recipient { id.add(recipient) }  // a message to someone named is another message
        let message = MIMEMessage(
            from: from, subject: subject, date: date, uniqueID: id.hex,
            parts: [("text/plain", text), ("text/html", html)], to: options.recipient,
            unsubscribe: options.product.unsubscribeAddress(alertID: view.id))
        let document = try message.serialized()
        guard document.count <= options.maxDocumentBytes else {
            throw RenderLimitError.documentTooLarge(limit: options.maxDocumentBytes)
        }
        return document
    }

    /// 16 hex digits of FNV-1a over fields (the id, locale and second, then the message's parts), each ended by a
    /// zero byte, read off each field's contiguous bytes: the `Message-ID`'s left part and the MIME boundary's tail.
    /// No alert text reaches the header.
    struct UniqueID {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ field: String) {
            var field = field
            field.withUTF8 { add($0) }
            end()
        }

        mutating func add(_ document: RenderedDocument) {
            document.forEachRun { add($0) }
            end()
        }

        private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }

        /// The zero byte between fields.
        private mutating func end() { hash = hash &* 0x100_0000_01b3 }

        /// The hash as 16 hex digits.
        var hex: String {
            let hex = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }
    }
}
