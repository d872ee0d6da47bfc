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
    /// The shapes rendered so far.
    let shapes = TemplateShapes()

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
        let document = shapes.render(view, escaping: escaping) { library.render($0, withTemplate: templateName) }
        guard let document else {
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

/// The view model as a template's context: the keys `--format json` writes, built from the view directly (a test
/// holds it equal to the JSON read back), with every string escaped for the output.
enum TemplateContext {
    /// The context; each escaped string goes through `leaf` (rendering wraps it in `EscapedText`).
    /// `severity` gives the severity's value (a marker, when rendering a shape: `TemplateShapes`).
    static func values(of view: AlertView, escaping: TemplateEscaping,
                       leaf: (String) -> Any = { $0 }, severity: ((Double) -> Any)? = nil) -> TemplateObject {
        func e(_ text: String) -> Any { leaf(escaping.escape(text)) }
        var help: [String: Any] = ["title": e(view.help.title), "text": e(view.help.text), "action": e(view.help.action)]
        if let phone = view.help.phone { help["phone"] = TemplateObject(["display": e(phone.display), "uri": e(phone.uri)]) }
        return TemplateObject([
            "id": e(view.id), "type": e(view.type), "locale": e(view.locale), "title": e(view.title),
            "header": TemplateObject(["icon": e(view.header.icon), "title": e(view.header.title),
                                      "subtitle": e(view.header.subtitle)]),
            "details": view.details.map { detail in
                TemplateObject(["icon": e(detail.icon), "value": e(detail.value), "fields": detail.fields.map { field in
                    TemplateObject(["name": e(field.name), "label": e(field.label), "value": e(field.value),
                                    "kind": e(field.kind.rawValue)])
                }])
            },
            "risks": TemplateObject(["title": e(view.risks.title), "paragraphs": view.risks.paragraphs.map(e)]),
            "nextSteps": TemplateObject([
                "title": e(view.nextSteps.title), "items": view.nextSteps.items.map { step(e, $0) },
                "groups": view.nextSteps.groups.map { group in
                    TemplateObject(["title": e(group.title), "items": group.items.map { step(e, $0) }])
                },
            ]),
            "sources": TemplateObject(["title": e(view.sources.title), "items": view.sources.items.map { source in
                TemplateObject(["title": e(source.title), "url": e(source.url)])
            }]),
            "help": TemplateObject(help),
            "actions": view.actions.map { action in
                TemplateObject([
                    "id": e(action.id), "label": e(action.label), "placement": e(action.placement.rawValue),
                    "popup": TemplateObject(["title": e(action.popup.title), "message": e(action.popup.message),
                                             "buttons": action.popup.buttons.map { button in
                                                 TemplateObject(["id": e(button.id), "label": e(button.label),
                                                                 "role": e(button.role.rawValue),
                                                                 "effect": effect(button.effect, e)])
                                             }]),
                ])
            },
            "severity": severity?(view.severity) ?? number(view.severity), "urgent": view.urgent, "urgentLabel": e(view.urgentLabel),
        ])
    }

    private static func step(_ e: (String) -> Any, _ step: AlertView.Step) -> TemplateObject {
        TemplateObject(["icon": e(step.icon), "text": e(step.text)])
    }

    private static func effect(_ effect: AlertAction.Effect, _ e: (String) -> Any) -> TemplateObject {
        switch effect {
        case .none: TemplateObject(["kind": e("none")])
        case .callHelpLine: TemplateObject(["kind": e("callHelpLine")])
        case .remind(let seconds): TemplateObject(["kind": e("remind"), "afterSeconds": seconds])
        case .resolveAlert: TemplateObject(["kind": e("resolveAlert")])
        }
    }

    /// A whole number as an `Int` (so `1` renders as `1`, not `1.0`), as JSON has it.
    static func number(_ value: Double) -> Any {
        value.rounded() == value && abs(value) < 1e15 ? Int(value) as Any : value
    }
}

/// An object of the view model as a template sees it: its values by name, and no text of its own. A tag that prints
/// an object (`{{help}}`, `{{.}}` in an object's section) prints nothing, where a Swift dictionary would print its
/// description, in an order that changes from one render to the next; `enumerated` and `sorted` list its members
/// in name order (`alertkit templates check` reports a tag that prints an object).
struct TemplateObject: MustacheParent, MustacheCustomRenderable, MustacheTransformable, CustomStringConvertible,
                       CustomDebugStringConvertible {
    /// The values by name.
    let values: [String: Any]
    init(_ values: [String: Any]) { self.values = values }
    func child(named name: String) -> Any? { values[name] }
    var renderText: String { "" }
    var isNull: Bool { false }
    var description: String { "" }
    var debugDescription: String { "" }

    func transform(_ name: String) -> Any? {
        switch name {
        case "count": values.count
        case "empty": values.isEmpty
        case "enumerated", "sorted": values.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
        default: nil
        }
    }

    /// The values as plain dictionaries and arrays, all the way down.
    var plain: [String: Any] { values.mapValues(Self.plain) }

    private static func plain(_ value: Any) -> Any {
        switch value {
        case let object as TemplateObject: object.plain
        case let list as [Any]: list.map(plain)
        default: value
        }
    }
}

/// A string escaped for the output, as swift-mustache renders it: as it is, with no `String(describing:)` and no
/// optional unwrapping on the way (the cost of most tags), and with the transforms a `String` has.
struct EscapedText: MustacheCustomRenderable, MustacheTransformable, CustomStringConvertible {
    let text: String
    init(_ text: String) { self.text = text }
    var renderText: String { text }
    var isNull: Bool { false }
    var description: String { text }
    func transform(_ name: String) -> Any? { text.transform(name) }
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
