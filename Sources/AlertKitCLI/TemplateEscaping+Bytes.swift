import AlertRendering
import TemplateCompiler

/// One of AlertRendering's escapings (`TemplateEscaping`) as a `TemplateCompiler` escaping. A renderer takes its
/// escaping as a type, so each escaping is a type of its own, and a composition a `ComposedEscaping` of them.
protocol NamedEscaping: ByteEscaping {
    /// The escaping this type stands for.
    static var escaping: TemplateEscaping { get }
}

extension NamedEscaping {
    /// Appends `text` as `escaping` escapes it (`TemplateEscaping.escape(_:)`).
    static func write(_ text: String, into output: inout [UInt8]) {
        output.append(contentsOf: escaping.escape(text).utf8)
    }
}

/// `TemplateEscaping.html`.
enum HTMLValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .html } }
/// `TemplateEscaping.json`.
enum JSONValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .json } }
/// `TemplateEscaping.slack`.
enum SlackValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .slack } }
/// `TemplateEscaping.markdown`.
enum MarkdownValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .markdown } }
/// `TemplateEscaping.xml`.
enum XMLValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .xml } }
/// `TemplateEscaping.csv`.
enum CSVValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .csv } }
/// `TemplateEscaping.text`.
enum TextValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .text } }
/// `TemplateEscaping.jira`.
enum JiraValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .jira } }
/// `TemplateEscaping.mrkdwn`.
enum MrkdwnValueEscaping: NamedEscaping { static var escaping: TemplateEscaping { .mrkdwn } }

/// `First`, then `Then` over its result: `markdown+json` is Markdown's escaping inside a JSON string.
enum ComposedEscaping<First: ByteEscaping, Then: ByteEscaping>: ByteEscaping {
    /// Appends `text` escaped by `First`, then by `Then`.
    static func write(_ text: String, into output: inout [UInt8]) {
        var inner: [UInt8] = []
        First.write(text, into: &inner)
        Then.write(String(decoding: inner, as: UTF8.self), into: &output)
    }
}

extension TemplateEscaping {
    /// This escaping as the type a `JSONRenderer` takes; a composition applies its escapings left to right.
    var byteEscaping: any ByteEscaping.Type {
        switch self {
        case .html: HTMLValueEscaping.self
        case .json: JSONValueEscaping.self
        case .slack: SlackValueEscaping.self
        case .markdown: MarkdownValueEscaping.self
        case .xml: XMLValueEscaping.self
        case .csv: CSVValueEscaping.self
        case .text: TextValueEscaping.self
        case .jira: JiraValueEscaping.self
        case .mrkdwn: MrkdwnValueEscaping.self
        case .composed(let chain):
            Self.composed(chain)
        }
    }

    /// The types of `chain`, each escaping the one before's result.
    private static func composed(_ chain: [TemplateEscaping]) -> any ByteEscaping.Type {
        guard var composed = chain.first?.byteEscaping else { return NoEscaping.self }
        for escaping in chain.dropFirst() { composed = compose(composed, escaping.byteEscaping) }
        return composed
    }

    private static func compose<First: ByteEscaping, Then: ByteEscaping>(_ first: First.Type,
                                                                          _ then: Then.Type) -> any ByteEscaping.Type {
        ComposedEscaping<First, Then>.self
    }
}
