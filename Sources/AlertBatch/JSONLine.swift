/// Builds one line of NDJSON by hand: keys in a fixed order, strings escaped as RFC 8259 requires.
/// Faster than an encoder for the few shapes a batch writes, and the output is stable byte for byte.
public struct JSONLine {
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var first = true

    /// Starts an object.
    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// Adds `"key": "value"`.
    public mutating func add(_ key: String, _ value: String) {
        self.key(key)
        Self.appendString(value, to: &bytes)
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

    /// Appends a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`.
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            guard utf8.count > 0 else { return }
            bytes.reserveCapacity(bytes.count + utf8.count + 16)
            var runStart = 0
            var offset = 0
            let count = utf8.count
            let base = UnsafeRawPointer(utf8.baseAddress!)
            while offset < count {
                // Eight bytes at a time while none needs escaping (a byte below 0x20, `"` or `\`).
                while offset + 8 <= count && !needsEscape(base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                    offset += 8
                }
                guard offset < count else { break }
                let byte = utf8[offset]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                    offset += 1
                    continue
                }
                if runStart < offset { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset])) }
                appendEscape(byte, to: &bytes)
                offset += 1
                runStart = offset
            }
            if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Whether any of eight bytes is below 0x20, `"` or `\` (SWAR: a byte's high bit is set in the result
    /// where it is zero after subtracting, or equal after xor).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let equal = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
        return below | equal != 0
    }

    private static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case 0x22: bytes.append(0x5C); bytes.append(0x22)
        case 0x5C: bytes.append(0x5C); bytes.append(0x5C)
        case 0x0A: bytes.append(0x5C); bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(0x5C); bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(0x5C); bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30,
                                      hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0xF)]])
        }
    }
}
