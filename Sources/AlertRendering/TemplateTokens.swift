import Mustache

/// What a parsed template does, read off swift-mustache's own parse (its tokens, through reflection), so that the
/// checks see exactly what will render: no second reading of the text can be led to see other tags than the parser
/// (a combining mark after `{`, a set-delimiter tag, white space it reads differently).
struct TemplateTokens: Sendable {
    /// A section: its name, its transforms (`reversed(details)`: `reversed`), its body's text and the partials the
    /// body includes.
    struct Section: Sendable {
        var name: String
        var transforms: [String]
        var inverted: Bool
        var bodyBytes: Int
        var partials: [String]
    }

    /// The partials included (`{{> name}}`), each time one is.
    private(set) var partials: [String] = []
    /// Partials named at render time (`{{>* name}}`).
    private(set) var dynamicPartials: [String] = []
    /// Parents and blocks (`{{< parent}}`, `{{$ block}}`): an override that expands its own block recurses without
    /// end in swift-mustache, and blocks repeat text without a look-up, so AlertKit allows neither.
    private(set) var inheritance: [String] = []
    /// Content types set by pragmas (`{{% CONTENT_TYPE: HTML }}`) other than plain text.
    private(set) var contentTypes: [String] = []
    /// Every section, nested ones too.
    private(set) var sections: [Section] = []
    /// Whether the reading recognised the parse at all (a template's tokens, the kinds of tag this knows).
    private(set) var understood = true

    /// The facts of `template` (as `TemplateFormats.parse` gives it: its first token is AlertKit's TEXT pragma).
    init(_ template: MustacheTemplate) {
        guard let tokens = Self.tokens(of: template) else {
            understood = false
            return
        }
        walk(tokens)
    }

    private mutating func walk(_ tokens: [Any]) {
        for token in tokens {
            guard let (kind, values) = Self.token(token) else {
                understood = false
                continue
            }
            let strings = values.compactMap { $0 as? String }
            let templates = values.compactMap { $0 as? MustacheTemplate }
            switch kind {
            case "text", "variable", "unescapedVariable":
                break
            case "section", "invertedSection":
                guard let name = strings.first, let body = templates.first, let inner = Self.tokens(of: body) else {
                    understood = false
                    continue
                }
                var nested = TemplateTokens(empty: ())
                nested.walk(inner)
                let transforms = values.compactMap { $0 as? [String] }.first ?? []
                sections.append(Section(name: name, transforms: transforms, inverted: kind == "invertedSection",
                                        bodyBytes: Self.text(of: body).utf8.count, partials: nested.partials))
                merge(nested)
            case "partial":
                guard let name = strings.first else {
                    understood = false
                    continue
                }
                // `{{< parent}}…{{/parent}}` is a partial that inherits: its overrides ride along.
                if values.contains(where: { $0 is [String: MustacheTemplate] }) {
                    inheritance.append(name)
                }
                partials.append(name)
            case "dynamicNamePartial":
                dynamicPartials.append(strings.first ?? "?")
            case "blockDefinition", "blockExpansion":
                inheritance.append(strings.first ?? "?")
            case "contentType":
                let type = values.first.map { String(describing: Swift.type(of: $0)) } ?? "?"
                if type != "TextContentType" { contentTypes.append(type) }
            default:
                understood = false
            }
        }
    }

    private init(empty: Void) {}

    private mutating func merge(_ other: TemplateTokens) {
        partials += other.partials
        dynamicPartials += other.dynamicPartials
        inheritance += other.inheritance
        contentTypes += other.contentTypes
        sections += other.sections
        understood = understood && other.understood
    }

    /// The template's tokens.
    private static func tokens(of template: MustacheTemplate) -> [Any]? {
        Mirror(reflecting: template).children.first { $0.label == "tokens" }.flatMap { $0.value as? [Any] }
    }

    /// The template's text.
    private static func text(of template: MustacheTemplate) -> String {
        Mirror(reflecting: template).children.first { $0.label == "text" }.flatMap { $0.value as? String } ?? ""
    }

    /// A token's case name and associated values.
    private static func token(_ token: Any) -> (String, [Any])? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum else { return nil }
        guard let child = mirror.children.first, let label = child.label else {
            return (String(describing: token), [])  // a case without values
        }
        let inner = Mirror(reflecting: child.value)
        if inner.displayStyle == .tuple { return (label, inner.children.map(\.value)) }
        return (label, [child.value])
    }

    /// Whether the reading recognises swift-mustache's parse (checked when templates load: a swift-mustache whose
    /// tokens changed shape makes every template an error, never a template let through unchecked).
    static let selfCheck: Bool = {
        guard let template = try? MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT }}{{> a}}{{#reversed(b)}}xy{{> c}}{{/reversed(b)}}{{>*d}}") else {
            return false
        }
        let facts = TemplateTokens(template)
        return facts.understood && facts.partials == ["a", "c"] && facts.dynamicPartials == ["d"]
            && facts.sections.count == 1 && facts.sections[0].name == "b" && facts.sections[0].transforms == ["reversed"]
            && facts.sections[0].bodyBytes == "xy{{> c}}".utf8.count && facts.sections[0].partials == ["c"]
            && facts.inheritance.isEmpty && facts.contentTypes.isEmpty
    }()
}
