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
    /// The limits its first line declares (`max-bytes=`, `max-characters=`), which `alertkit review` checks.
    public let declaredLimits: DeclaredLimits
    private let library: MustacheLibrary
    private let templateName: String
    /// What one list item is charged while rendering (`RenderBudget`).
    private let itemCost: Int
    /// The shapes rendered so far.
    let shapes = TemplateShapes()

    /// A format from a template registered in `library` under `templateName` (its file name without `.mustache`).
    init(file: URL, library: MustacheLibrary, templateName: String, escaping: TemplateEscaping, fitsSMS: Bool = false,
         declaredLimits: DeclaredLimits = DeclaredLimits(), itemCost: Int) {
        self.fitsSMS = fitsSMS
        self.declaredLimits = declaredLimits
        self.itemCost = itemCost
        let parts = templateName.split(separator: ".", maxSplits: 1).map(String.init)
        let name = parts[0], fileExtension = parts.count > 1 ? parts[1] : "txt"
        self.format = OutputFormat(name: name, mediaType: Self.mediaType(fileExtension, escaping: escaping),
                                   fileExtension: fileExtension, summary: "template \(file.path)")
        self.file = file
        self.library = library
        self.templateName = templateName
        self.escaping = escaping
    }

    /// The document: the template rendered with the view model as its context, within `options`' document size
    /// and time limits (`RenderLimitError` past them).
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        let document = try renderUnfitted(view, options: options)
        return fitsSMS ? SMSText.fitDocument(document) + "\n" : document
    }



    /// The template's own document, before a `fit=sms` template's text is fitted into one SMS (for any other
    /// template, the document itself): what `alertkit review` measures to say how many messages the text needed and
    /// whether fitting cut it.
    public func renderUnfitted(_ view: AlertView, options: RenderOptions) throws -> String {
        let document = try shapes.render(view, escaping: escaping, product: options.product, limit: options.maxDocumentBytes,
                                         budget: { RenderBudget(options: options, itemCost: itemCost) }) {
            library.render($0, withTemplate: templateName)
        }
        guard let document else {
            throw TemplateError(file: file.path, message: "the template is missing from its folder")
        }
        return document
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

/// The view model as a template's context: the keys `--format json` writes, built from the view directly (a test
/// holds it equal to the JSON read back), with every string escaped for the output, and `alert` and `product`
/// (`ViewWalk.walkTemplateContext`).
enum TemplateContext {
    /// The context; each escaped string goes through `leaf` (rendering wraps it in `EscapedText`).
    /// `severity` gives the severity's value (a marker, when rendering a shape: `TemplateShapes`). With a `budget`,
    /// every object's look-ups and every list's items are charged to it (`RenderBudget`).
    static func values(of view: AlertView, escaping: TemplateEscaping, product: ProductSettings = ContentCatalog.english.product,
                       leaf: (String) -> Any = { $0 }, severity: ((Double) -> Any)? = nil,
                       budget: RenderBudget? = nil) -> TemplateObject {
        withoutActuallyEscaping(leaf) { leaf in
            var builder = Builder(escaping: escaping, leaf: leaf, severity: severity, budget: budget)
            ViewWalk.walkTemplateContext(view, product: product, into: &builder)
            return builder.value as? TemplateObject ?? TemplateObject([:], budget: budget)  // the walk's value is an object
        }
    }

    /// Builds the context from `ViewWalk`: each visit leaves its value in `value`, which `key` files in the object
    /// being built and `list` collects.
    private struct Builder: ViewVisitor {
        let escaping: TemplateEscaping
        let leaf: (String) -> Any
        let severity: ((Double) -> Any)?
        let budget: RenderBudget?
        var value: Any = ""
        /// The objects being built, innermost last (each made at a size that holds the view's objects but the
        /// outermost without growing).
        private var objects: [[String: Any]] = []

        init(escaping: TemplateEscaping, leaf: @escaping (String) -> Any, severity: ((Double) -> Any)?, budget: RenderBudget?) {
            self.escaping = escaping
            self.leaf = leaf
            self.severity = severity
            self.budget = budget
            objects.reserveCapacity(8)
        }

        mutating func object(_ body: (inout Builder) -> Void) {
            objects.append(Dictionary(minimumCapacity: objects.isEmpty ? 16 : 6))
            body(&self)
            value = TemplateObject(objects.removeLast(), budget: budget)
        }

        mutating func key(_ name: String, _ body: (inout Builder) -> Void) {
            body(&self)
            objects[objects.count - 1][name] = taken()
        }

        mutating func list<Item>(_ items: [Item], _ element: (inout Builder, Item) -> Void) {
            var values: [Any] = []
            values.reserveCapacity(items.count)
            for item in items {
                element(&self, item)
                values.append(taken())
            }
            value = budget.map { TemplateList(items: values, budget: $0) } ?? values
        }

        /// The last visit's value, moved out (no copy to retain and release).
        private mutating func taken() -> Any {
            var moved: Any = 0
            swap(&moved, &value)
            return moved
        }

        mutating func string(_ text: String) { value = leaf(escaping.escape(text)) }
        mutating func verbatim(_ text: String) { value = leaf(text) }
        mutating func integer(_ number: Int) { value = number }
        mutating func number(_ number: Double) { value = severity?(number) ?? TemplateContext.number(number) }
        mutating func boolean(_ flag: Bool) { value = flag }
    }

    /// An alert's id as `alert.key`: every byte but ASCII letters and digits percent-encoded (`4930982:105` →
    /// `4930982%3A105`), so that it reads the same in every output and needs no escaping (no escaping changes it):
    /// what a button's data carries to say which alert it belongs to. Percent-decoding gives the id back.
    static func key(_ id: String) -> String {
        var out = ""
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// `rtl` for a locale whose language is written right to left (Arabic, Hebrew, Persian, Urdu…), else `ltr`: an
    /// email's or page's `dir`.
    static func direction(of locale: String) -> String {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"].contains(language) ? "rtl" : "ltr"
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
    /// What the render may spend, when it is limited.
    let budget: RenderBudget?
    init(_ values: [String: Any], budget: RenderBudget? = nil) {
        self.values = values
        self.budget = budget
    }
    func child(named name: String) -> Any? {
        if let budget, !budget.charge(1) { return nil }
        return values[name]
    }
    var renderText: String { "" }
    var isNull: Bool { false }
    var description: String { "" }
    var debugDescription: String { "" }

    func transform(_ name: String) -> Any? {
        switch name {
        case "count": values.count
        case "empty": values.isEmpty
        case "enumerated", "sorted":
            budget.map { TemplateList(items: members, budget: $0) } ?? members
        default: nil
        }
    }

    private var members: [(key: String, value: Any)] {
        values.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
    }

    /// The values as plain dictionaries and arrays, all the way down.
    var plain: [String: Any] { values.mapValues(Self.plain) }

    private static func plain(_ value: Any) -> Any {
        switch value {
        case let object as TemplateObject: object.plain
        case let list as [Any]: list.map(plain)
        case let list as TemplateList: list.items.map(plain)
        default: value
        }
    }
}

/// A string escaped for the output, as swift-mustache renders it: as it is, with no `String(describing:)` and no
/// optional unwrapping on the way (the cost of most tags), and with the transforms a `String` has.
struct EscapedText: MustacheCustomRenderable, MustacheTransformable, CustomStringConvertible, CustomDebugStringConvertible {
    let text: String
    /// What the render may spend, when it is limited: printing the string spends its length.
    let budget: RenderBudget?
    init(_ text: String, budget: RenderBudget? = nil) {
        self.text = text
        self.budget = budget
    }
    var renderText: String {
        if let budget, !budget.charge(text.utf8.count) { return "" }
        return text
    }
    var isNull: Bool { false }
    var description: String { text }
    var debugDescription: String { text }
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
