/// A place in a template's text: the line and column a person reads (both from 1; a column counts Unicode scalars,
/// so a letter written as two UTF-8 bytes is one column) and the byte offset a program reads (from 0).
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int
    /// The offset in the text's UTF-8 bytes, from 0.
    public var offset: Int

    /// Creates a position.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a text.
    public static let start = SourcePosition(line: 1, column: 1, offset: 0)

    /// `line L, column C`, as the messages write it.
    public var description: String { "line \(line), column \(column)" }
}
