/// A problem in a template, found while it is read (a syntax error) or rendered (partials nested too deep): the
/// file, the line and column, and a sentence saying what is wrong and what to write instead.
public struct TemplateDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or the partial's name) the problem is in.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
    /// What is wrong, as a sentence without the place.
    public var message: String

    /// Creates a diagnostic at `position` of `file`.
    public init(file: String, at position: SourcePosition, message: String) {
        self.file = file
        self.line = position.line
        self.column = position.column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form `alertkit templates check` prints.
    public var description: String { "\(file):\(line):\(column): \(message)" }
}
