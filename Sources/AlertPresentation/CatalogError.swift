/// A content catalog that cannot be used, and why.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The catalog's locale or file.
    public var catalog: String
    /// What is wrong.
    public var message: String
    /// Where in the file, from 1, when known.
    public var line: Int?, column: Int?
    /// The key the error is about, as a path from the catalog's root, when it is about one.
    public var pointer: [String]?

    /// Creates an error.
    public init(catalog: String, message: String, line: Int? = nil, column: Int? = nil, pointer: [String]? = nil) {
        self.pointer = pointer
        self.catalog = catalog
        self.message = message
        self.line = line
        self.column = column
    }

    /// `catalog FILE:LINE:COLUMN: message` (`catalog LOCALE: message` when no place is known).
    public var description: String {
        "catalog " + ([catalog] + [line, column].compactMap { $0.map(String.init) }).joined(separator: ":") + ": \(message)"
    }
}
