/// One piece of a template's text as the lexer reads it: text, or a tag with its name still as written.
public struct Token: Sendable, Hashable {
    /// What the piece is.
    public enum Kind: Sendable, Hashable {
        /// Text copied to the document as it is. A text token never holds a line break except as its last byte.
        case text([UInt8])
        /// `{{name}}` (escaped) or `{{{name}}}` and `{{& name}}` (not escaped); the name as written, trimmed.
        case variable(String, escaped: Bool)
        /// `{{#name}}`, or `{{^name}}` when inverted.
        case sectionOpen(String, inverted: Bool)
        /// `{{/name}}`.
        case sectionClose(String)
        /// `{{> name}}`; `indentation` is the white space before it when the tag stands alone on its line (the
        /// partial's lines are indented by it), empty otherwise.
        case partial(String, indentation: [UInt8])
        /// `{{! … }}`.
        case comment
        /// `{{=<% %>=}}`: the delimiters that the tags after this one are written with.
        case delimiters(open: [UInt8], close: [UInt8])
        /// The end of the text.
        case end
    }

    /// What the piece is.
    public var kind: Kind
    /// Where it starts: a tag's opening delimiter, a text's first byte.
    public var position: SourcePosition
    /// The bytes of the template's text it was read from (for a tag, delimiters included).
    public var range: Range<Int>

    /// Creates a token.
    public init(_ kind: Kind, at position: SourcePosition, range: Range<Int>) {
        self.kind = kind
        self.position = position
        self.range = range
    }

    /// Whether the tag may stand alone on a line and take the line with it (sections, closes, partials, comments,
    /// delimiters; the specification's "standalone" tags).
    var canStandAlone: Bool {
        switch kind {
        case .sectionOpen, .sectionClose, .partial, .comment, .delimiters: true
        case .text, .variable, .end: false
        }
    }
}
