/// A content catalog that cannot be used, and why.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The catalog's locale or file.
    public var catalog: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(catalog: String, message: String) {
        self.catalog = catalog
        self.message = message
    }

    /// `catalog LOCALE: message`.
    public var description: String { "catalog \(catalog): \(message)" }
}
