import AlertModel
import AlertPresentation
import Foundation
import TemplateCompiler

/// A format made of a Mustache template (`NAME.EXT.mustache`), compiled when it loads against the template context
/// (`ContextType.templateContext`: the keys `--format json` writes, `alert` and `product`): every name resolved to
/// where its value is, every value escaped for the output as the program writes it (`TemplateEscaping`, in every
/// tag, triple and `&` ones too), so no tag a template uses can turn a value into markup, JSON structure, a link or a
/// directive.
public struct TemplateFormat: AlertEmitter {
    /// The format: named after the file, with its extension.
    public let format: OutputFormat
    /// The template file it comes from.
    public let file: URL
    /// How values are escaped.
    public let escaping: TemplateEscaping
    /// Whether the document is fitted into an SMS of `smsSegments` parts (`SMSText.fitDocument`).
    public let fitsSMS: Bool
    /// The parts an SMS may take: the template's `sms-segments=`, else `SMSText.defaultSegments`.
    public var smsSegments: Int { declaredLimits.smsSegments ?? SMSText.defaultSegments }
    /// The limits its first line declares (`max-bytes=`, `max-characters=`, `limits=`).
    public let declaredLimits: DeclaredLimits
    /// Its receiver's limits, which every document is fitted into: Block Kit's for a Slack template (`escape=slack`,
    /// a format named `slack`, or `limits=slack`), FCM's and APNs' for `push` (or `limits=push`), and the declared
    /// sizes.
    public let receiverLimits: ReceiverLimits
    /// The template compiled.
    let program: CompiledTemplate
    /// The shared parts of its documents, by the advice they show.
    let parts = TemplateParts()

    /// A format from `library` (the template, named `templateName`, and its folder's partials), compiled.
    init(file: URL, library: TemplateLibrary, templateName: String, escaping: TemplateEscaping, fitsSMS: Bool = false,
         declaredLimits: DeclaredLimits = DeclaredLimits()) throws(TemplateError) {
        self.fitsSMS = fitsSMS
        self.declaredLimits = declaredLimits
        let parts = templateName.split(separator: ".", maxSplits: 1).map(String.init)
        let name = parts[0], fileExtension = parts.count > 1 ? parts[1] : "txt"
        self.format = OutputFormat(name: name, mediaType: Self.mediaType(fileExtension, escaping: escaping),
                                   fileExtension: fileExtension, summary: "template \(file.path)")
        let receiver: ReceiverLimits = switch declaredLimits.receiver {
        case .slack?: .slack
        case .push?: .push
        case nil: escaping == .slack || name == "slack" ? .slack : name == "push" ? .push : .none
        }
        receiverLimits = receiver.adding(declaredLimits)
        self.file = file
        self.escaping = escaping
        program = try Self.compile(library, escaping: escaping)
    }

    /// `library` compiled against the template context, every tag escaping with `escaping`.
    static func compile(_ library: TemplateLibrary, escaping: TemplateEscaping) throws(TemplateError) -> CompiledTemplate {
        do {
            return try CompiledTemplate(library, context: .templateContext, escapesEveryTag: true,
                                        shared: TemplateContextValue.sharedMembers, escape: escaping.byteWriter)
        } catch {
            throw TemplateError(file: error.file, line: error.line, column: error.column, message: error.message, isError: true)
        }
    }

    /// The document: the template rendered with the view model as its context, within `options`' document size
    /// and time limits (`RenderLimitError` past them).
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        let document = try renderUnfitted(view, options: options)
        return fitsSMS ? SMSText.fitDocument(document, segments: smsSegments) + "\n" : document
    }

    /// `render`'s bytes; a template not fitted into an SMS writes them without making a string.
    public func renderUTF8(_ view: AlertView, options: RenderOptions) throws -> [UInt8] {
        guard !fitsSMS else { return Array(try render(view, options: options).utf8) }
        return try Self.document(program, parts: parts, view, options: options).bytes
    }

    /// `renderUTF8`'s bytes, the parts of the template that show only the advice (the actions, help, steps, risks and
    /// sources) rendered once for all the alerts that share it and held by reference.
    public func renderDocument(_ view: AlertView, options: RenderOptions) throws -> RenderedDocument {
        guard !fitsSMS else { return RenderedDocument(bytes: try renderUTF8(view, options: options)) }
        return try Self.document(program, parts: parts, view, options: options)
    }

    /// The template's own document, before a `fit=sms` template's text is fitted into one SMS (for any other
    /// template, the document itself): what `alertkit review` measures to say how many messages the text needed and
    /// whether fitting cut it.
    public func renderUnfitted(_ view: AlertView, options: RenderOptions) throws -> String {
        try Self.render(program, parts: parts, view, options: options)
    }

    /// `program`'s document for `view`, within `options`' limits (the time counted from `start`).
    static func render(_ program: CompiledTemplate, parts: TemplateParts, _ view: AlertView, options: RenderOptions,
                       start: ContinuousClock.Instant = .now) throws(RenderLimitError) -> String {
        String(decoding: try document(program, parts: parts, view, options: options, start: start).bytes, as: UTF8.self)
    }

    /// `program`'s document for `view`, its shared parts from `parts` (made by this render for the first alert with
    /// this advice), the context holding only what the program reaches outside them.
    static func document(_ program: CompiledTemplate, parts: TemplateParts, _ view: AlertView, options: RenderOptions,
                         start: ContinuousClock.Instant = .now) throws(RenderLimitError) -> RenderedDocument {
        let limits = RenderGuard(options: options, start: start)
        do {
            guard program.sharedPartCount > 0 else {
                let context = TemplateContextValue.of(view, product: options.product, members: program.usedMembers)
                return RenderedDocument(bytes: try program.render(context, guard: limits))
            }
            return try parts.document(program, view, product: options.product, guard: limits)
        } catch {
            throw RenderLimitError(error, options: options)
        }
    }

    static func mediaType(_ fileExtension: String, escaping: TemplateEscaping) -> String {
        switch escaping.outermost {
        case .html: "text/html; charset=utf-8"
        case .json, .slack: "application/json"
        case .markdown: "text/markdown; charset=utf-8"
        case .text: "text/plain; charset=utf-8"
        case .xml: fileExtension == "svg" ? "image/svg+xml" : fileExtension == "xhtml" ? "application/xhtml+xml" : "application/xml"
        case .csv: fileExtension == "tsv" ? "text/tab-separated-values; charset=utf-8" : "text/csv; charset=utf-8"
        case .jira, .mrkdwn, .composed: "text/plain; charset=utf-8"
        }
    }
}

/// A template that cannot be loaded or rendered: its file, and where in it, when known.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The line, from 1, when known.
    public var line: Int?
    /// The column, from 1, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String
    /// Whether a template with this problem must not load (a syntax error, a transform given a value it does not
    /// take), as against a warning it renders with (a name not in its context).
    public var isError: Bool

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String, isError: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.isError = isError
    }

    /// `FILE:LINE:COLUMN: message`.
    public var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") + ": " + message
    }
}
