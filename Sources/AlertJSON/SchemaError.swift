/// A JSON Schema that this validator cannot use, and why.
public struct SchemaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where in the schema the problem is.
    public var pointer: JSONPointer
    /// What is wrong there.
    public var message: String

    /// Creates a schema error.
    public init(pointer: JSONPointer, message: String) {
        self.pointer = pointer
        self.message = message
    }

    /// `schema /pointer: message`.
    public var description: String { "schema \(pointer): \(message)" }
}
