import Foundation

/// A strict RFC 8259 JSON reader: no trailing commas, no comments, no NaN, valid UTF-8,
/// no control characters in strings, bounded nesting. It never traps on any input.
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The longest string accepted, in bytes as written (escapes included).
    public var maxStringBytes: Int

    /// Creates a parser.
    public init(maxDepth: Int = 128, maxStringBytes: Int = .max) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    /// Parses one JSON document (surrounding white space and a UTF-8 byte order mark allowed).
    public func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in try parse(buffer: buffer) }
        }
        if let contiguous { return try contiguous.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try parse(buffer: buffer) }
    }

    /// Parses one JSON document from a string.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private func parse(buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: buffer, maxDepth: maxDepth, maxStringBytes: maxStringBytes)
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
        reader.skipWhitespace()
        guard reader.index < buffer.count else { throw reader.error("the input is empty") }
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.index == buffer.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value")
        }
        return value
    }
}
