import AlertModel
import AlertPresentation
import Foundation
import Mustache

/// A format made of a Mustache template (`NAME.EXT.mustache`): its context is the JSON view model, exactly the keys
/// `--format json` writes, with every string already escaped for the output (`TemplateEscaping`), so no tag a
/// template uses can turn a value into markup, JSON structure, a link or a directive.
public struct TemplateFormat: AlertEmitter {
    /// The format: named after the file, with its extension.
    public let format: OutputFormat
    /// The template file it comes from.
    public let file: URL
    /// How values are escaped.
    public let escaping: TemplateEscaping
    /// Whether the document is fitted into one SMS (`SMSText.fit`).
    public let fitsSMS: Bool
    private let library: MustacheLibrary
    private let templateName: String

    /// A format from a template registered in `library` under `templateName` (its file name without `.mustache`).
    init(file: URL, library: MustacheLibrary, templateName: String, escaping: TemplateEscaping, fitsSMS: Bool = false) {
        self.fitsSMS = fitsSMS
        let parts = templateName.split(separator: ".", maxSplits: 1).map(String.init)
        let name = parts[0], fileExtension = parts.count > 1 ? parts[1] : "txt"
        self.format = OutputFormat(name: name, mediaType: Self.mediaType(fileExtension, escaping: escaping),
                                   fileExtension: fileExtension, summary: "template \(file.path)")
        self.file = file
        self.library = library
        self.templateName = templateName
        self.escaping = escaping
    }

    /// The document: the template rendered with the view model as its context.
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        let context = try TemplateContext.values(of: view, escaping: escaping)
        guard let document = library.render(context, withTemplate: templateName) else {
            throw TemplateError(file: file.path, message: "the template is missing from its folder")
        }
        return fitsSMS ? SMSText.fit(document) + "\n" : document
    }

    static func mediaType(_ fileExtension: String, escaping: TemplateEscaping) -> String {
        switch escaping {
        case .html: "text/html; charset=utf-8"
        case .json, .slack: "application/json"
        case .markdown: "text/markdown; charset=utf-8"
        case .text: "text/plain; charset=utf-8"
        }
    }
}

/// The view model as a template's context: the JSON `--format json` writes, read back into dictionaries, arrays,
/// numbers, booleans and escaped strings.
enum TemplateContext {
    static func values(of view: AlertView, escaping: TemplateEscaping) throws -> Any {
        let json = try JSONParser().parse(JSONEncoder().encode(view))
        return convert(json, escaping)
    }

    private static func convert(_ value: JSONValue, _ escaping: TemplateEscaping) -> Any {
        switch value {
        case .null: return Optional<String>.none as Any
        case .bool(let flag): return flag
        case .number(let number): return number.rounded() == number && abs(number) < 1e15 ? Int(number) as Any : number
        case .string(let text): return escaping.escape(text)
        case .array(let elements): return elements.map { convert($0, escaping) }
        case .object(let object):
            var dictionary: [String: Any] = [:]
            for member in object.members { dictionary[member.key] = convert(member.value, escaping) }
            return dictionary
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

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`.
    public var description: String {
        [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":") + ": " + message
    }
}
