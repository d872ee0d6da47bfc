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
        if let encoding = Self.wideEncoding(buffer) {
            throw reader.error("the input is \(encoding) text; alerts are UTF-8 JSON (RFC 8259): convert it first, "
                               + "e.g. iconv -f \(encoding) -t UTF-8")
        }
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

    /// `UTF-16` or `UTF-32` when the bytes start as JSON in one of them would (a byte order mark, or the zero bytes
    /// around the first ASCII character, RFC 4627's test); nil otherwise.
    static func wideEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = Array(bytes.prefix(4)) + [UInt8](repeating: 0xAA, count: max(0, 4 - bytes.count))
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32" }
        if head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) { return "UTF-16" }
        guard bytes.count >= 4 else { return nil }
        if head[0] == 0, head[1] == 0, head[2] == 0, head[3] != 0 { return "UTF-32" }
        if head[0] != 0, head[1] == 0, head[2] == 0, head[3] == 0 { return "UTF-32" }
        if (head[0] == 0) != (head[1] == 0) { return "UTF-16" }
        return nil
    }
}
