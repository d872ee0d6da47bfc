/// Why some bytes are not a JSON document, and where (1-based line and column).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, e.g. "expected ',' or '}' after an object member".
    public var message: String
    /// The line of the offending byte, from 1.
    public var line: Int
    /// The column of the offending byte, from 1, counted in bytes.
    public var column: Int

    /// Creates a syntax error.
    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// `not valid JSON at line L, column C: message`.
    public var description: String {
        "not valid JSON at line \(line), column \(column): \(message)"
    }
}
