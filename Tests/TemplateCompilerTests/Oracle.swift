import AlertJSON
import Mustache
import TemplateCompiler

/// swift-mustache, the oracle the compiler is held to: a JSON value as the Swift values swift-mustache reads (it takes
/// `Any` and reflects on it; this file is the one place such values exist), and its render.
enum Oracle {
    /// JSON's `null` for swift-mustache: prints nothing, is false in a section, stops the look-up (a key present).
    struct Null: MustacheCustomRenderable {
        var renderText: String { "" }
        var isNull: Bool { true }
    }

    /// `json` as swift-mustache reads it: an integral number is an `Int` (printed without `.0`), a list of strings
    /// or of integers a `[String]` or `[Int]` (so that `sorted` applies, as to a typed view's lists), an object a
    /// `[String: Any]`.
    static func value(_ json: JSONValue) -> Any {
        switch json {
        case .null: return Null()
        case .bool(let bool): return bool
        case .number(let number): return integer(number) ?? number
        case .string(let string): return string
        case .array(let items):
            let strings = items.compactMap(\.stringValue)
            if strings.count == items.count { return strings }
            let integers = items.compactMap { if case .number(let n) = $0 { integer(n) } else { nil } }
            if integers.count == items.count { return integers }
            return items.map(value)
        case .object(let object):
            return Dictionary(object.members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { _, last in last })
        }
    }

    private static func integer(_ number: Double) -> Int? {
        number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
    }

    /// swift-mustache's document for `template` and its partials over `context`.
    static func render(_ template: String, _ context: JSONValue, partials: [String: String] = [:]) throws -> String {
        var templates = try partials.mapValues { try MustacheTemplate(string: $0) }
        templates["main"] = try MustacheTemplate(string: template)
        return MustacheLibrary(templates: templates).render(value(context), withTemplate: "main") ?? "(no template)"
    }

    /// The compiler's document, with the escaping swift-mustache uses (the specification's four characters and `'`).
    static func compiled(_ template: String, _ context: JSONValue, partials: [String: String] = [:]) throws -> String {
        let library = try TemplateLibrary(template: template, partials: partials)
        return String(decoding: try JSONRenderer(library, escaping: ApostropheHTMLEscaping.self).render(context), as: UTF8.self)
    }
}

/// swift-mustache's HTML escaping: the specification's four characters, and `'` as `&#39;`. A test-side escaping,
/// which also shows that a renderer takes any escaping.
enum ApostropheHTMLEscaping: ByteEscaping {
    static func write(_ text: String, into output: inout [UInt8]) {
        for part in text.split(separator: "'", omittingEmptySubsequences: false).enumerated() {
            if part.offset > 0 { output += Array("&#39;".utf8) }
            HTMLEscaping.write(String(part.element), into: &output)
        }
    }
}
