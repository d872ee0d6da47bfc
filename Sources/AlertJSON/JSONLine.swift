/// Builds one line of NDJSON by hand: keys in a fixed order, strings escaped as RFC 8259 requires.
/// Faster than an encoder for the few shapes a batch line or a service answer has, and stable byte for byte.
public struct JSONLine {
    private var bytes: [UInt8] = []
    private var first = true

    /// Starts an object, its bytes made to hold `capacity` (one allocation: an array literal and then a reserve were two).
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Adds `"key": "value"`.
    public mutating func add(_ key: String, _ value: String) {
        self.key(key)
        Self.appendString(value, to: &bytes)
    }

    /// Adds `"key": "value"` for a value that is UTF-8 bytes already.
    public mutating func add(_ key: String, utf8 value: [UInt8]) {
        self.key(key)
        value.withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &bytes) }
    }

    /// Adds `"key":` followed by the JSON value `write` appends (a document escaped as a JSON string, say).
    public mutating func add(_ key: String, writing write: (inout [UInt8]) -> Void) {
        self.key(key)
        write(&bytes)
    }

    /// Adds `"key": number`.
    public mutating func add(_ key: String, _ value: Int) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Adds `"key":` followed by JSON that is already encoded.
    public mutating func add(_ key: String, raw: [UInt8]) {
        self.key(key)
        bytes.append(contentsOf: raw)
    }

    /// The object, closed, with a newline.
    public consuming func finished() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        bytes.append(0x0A)
        return bytes
    }

    /// The object, closed, without a newline.
    public consuming func closed() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    private mutating func key(_ key: String) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        Self.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends a JSON string, escaped by `JSONString` (control characters as escapes too).
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        JSONString.append(string, to: &bytes)
    }
}
