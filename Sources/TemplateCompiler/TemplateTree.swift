/// One node of a parsed template. Text is bytes ready to copy; names are read once, when the template is parsed.
public indirect enum Node: Sendable, Hashable {
    /// Text copied as it is (adjacent text is one node).
    case text([UInt8])
    /// `{{name}}` (`escaped`), `{{{name}}}` or `{{& name}}` (not escaped).
    case variable(Name, escaped: Bool, at: SourcePosition)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted, with the nodes between.
    case section(Name, inverted: Bool, body: [Node], at: SourcePosition)
    /// `{{> name}}`; each line of the partial gets `indentation` (the white space before a standalone tag).
    case partial(String, indentation: [UInt8], at: SourcePosition)
}

/// A parsed template: its nodes and the file they came from.
public struct TemplateTree: Sendable, Hashable {
    /// The file (or partial name) the template was read from, for diagnostics.
    public var file: String
    /// The top-level nodes.
    public var nodes: [Node]

    /// Creates a tree.
    public init(file: String, nodes: [Node]) {
        self.file = file
        self.nodes = nodes
    }

    /// The tree of `text`: lexed, standalone lines taken out, parsed.
    public init(parsing text: String, file: String) throws(TemplateDiagnostic) {
        let lexer = Lexer(text, file: file)
        let tokens = try lexer.tokens()
        self = try Parser(tokens: tokens, source: lexer.bytes, file: file).parse()
    }
}
