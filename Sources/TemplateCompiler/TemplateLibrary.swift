/// A template and the partials it may include, each parsed once, when the library is made: a syntax error in any of
/// them is found then, not at render time.
public struct TemplateLibrary: Sendable {
    /// The template rendered.
    public let template: TemplateTree
    /// The partials by name (`{{> name}}`); a name that is not here renders as nothing, as the specification says.
    public let partials: [String: TemplateTree]
    /// The bytes of text in the template, a first guess at the size of a document.
    public let textBytes: Int

    /// Parses `template` (named `file` in diagnostics) and each partial (named by its own name).
    public init(template: String, file: String = "template", partials: [String: String] = [:]) throws(TemplateDiagnostic) {
        var parsed: [String: TemplateTree] = [:]
        for (name, text) in partials.sorted(by: { $0.key < $1.key }) {
            parsed[name] = try TemplateTree(parsing: text, file: name)
        }
        self.init(template: try TemplateTree(parsing: template, file: file), partials: parsed)
    }

    /// A library of trees already parsed.
    public init(template: TemplateTree, partials: [String: TemplateTree] = [:]) {
        self.template = template
        self.partials = partials
        self.textBytes = Self.textBytes(in: template.nodes)
    }

    private static func textBytes(in nodes: [Node]) -> Int {
        nodes.reduce(0) { total, node in
            switch node {
            case .text(let bytes): total + bytes.count
            case .section(_, _, let body, _): total + textBytes(in: body)
            case .variable, .partial: total
            }
        }
    }
}
