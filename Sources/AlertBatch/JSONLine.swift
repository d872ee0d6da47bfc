import AlertModel

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

    /// Appends a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, and DEL, C1 and
    /// bidirectional controls (`ControlCharacters`) as `\uXXXX` too, so that printing the line cannot drive a terminal.
    ///
    /// Two passes over the UTF-8: one sizes the result (eight bytes at a time where nothing needs escaping),
    /// the other copies runs and writes escapes straight into the array's storage.
    public static func appendString(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            let count = utf8.count
            var extra = 0
            forEachEscape(utf8) { _, length, code in extra += escapeLength(code) - length }
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: count + extra + 2))
            bytes.withUnsafeMutableBufferPointer { out in
                var position = start
                out[position] = UInt8(ascii: "\"")
                position += 1
                var runStart = 0
                forEachEscape(utf8) { offset, length, code in
                    if runStart < offset {
                        UnsafeMutableRawPointer(out.baseAddress! + position)
                            .copyMemory(from: utf8.baseAddress! + runStart, byteCount: offset - runStart)
                        position += offset - runStart
                    }
                    position = writeEscape(code, into: out, at: position)
                    runStart = offset + length
                }
                if runStart < count {
                    UnsafeMutableRawPointer(out.baseAddress! + position)
                        .copyMemory(from: utf8.baseAddress! + runStart, byteCount: count - runStart)
                    position += count - runStart
                }
                out[position] = UInt8(ascii: "\"")
            }
        }
    }

    /// Calls `body` with the offset, length in bytes and scalar value of every character that needs escaping.
    @inline(__always)
    private static func forEachEscape(_ utf8: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, UInt32) -> Void) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var offset = 0
        while offset < count {
            if offset + 8 <= count && !needsEscape(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)) {
                offset += 8
                continue
            }
            let byte = base[offset]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                body(offset, 1, UInt32(byte))
            } else if byte == 0xC2 || byte == 0xD8 || byte == 0xE2, let (length, scalar) = decode(base, offset, count),
                      ControlCharacters.isControl(scalar) {
                body(offset, length, scalar.value)
                offset += length
                continue
            }
            offset += 1
        }
    }

    /// The scalar of a two- or three-byte UTF-8 sequence at `offset` (the text is valid UTF-8).
    @inline(__always)
    private static func decode(_ base: UnsafePointer<UInt8>, _ offset: Int, _ count: Int) -> (Int, Unicode.Scalar)? {
        let lead = UInt32(base[offset])
        if lead < 0xE0 {
            guard offset + 1 < count else { return nil }
            return Unicode.Scalar((lead & 0x1F) << 6 | UInt32(base[offset + 1]) & 0x3F).map { (2, $0) }
        }
        guard offset + 2 < count else { return nil }
        let value = (lead & 0x0F) << 12 | (UInt32(base[offset + 1]) & 0x3F) << 6 | UInt32(base[offset + 2]) & 0x3F
        return Unicode.Scalar(value).map { (3, $0) }
    }

    private static func escapeLength(_ code: UInt32) -> Int {
        switch code {
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09: 2
        default: 6
        }
    }

    private static func writeEscape(_ code: UInt32, into out: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        out[position] = 0x5C
        switch code {
        case 0x22: out[position + 1] = 0x22
        case 0x5C: out[position + 1] = 0x5C
        case 0x0A: out[position + 1] = UInt8(ascii: "n")
        case 0x0D: out[position + 1] = UInt8(ascii: "r")
        case 0x09: out[position + 1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            out[position + 1] = UInt8(ascii: "u")
            out[position + 2] = hex.utf8Start[Int(code >> 12 & 0xF)]
            out[position + 3] = hex.utf8Start[Int(code >> 8 & 0xF)]
            out[position + 4] = hex.utf8Start[Int(code >> 4 & 0xF)]
            out[position + 5] = hex.utf8Start[Int(code & 0xF)]
            return position + 6
        }
        return position + 2
    }

    /// Whether any of eight bytes is below 0x20, `"`, `\`, DEL, or not ASCII (SWAR: a byte's high bit is set in the
    /// result where it is zero after subtracting, or equal after xor, or set to begin with).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let delete = word ^ (ones &* 0x7F)
        let equal = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (delete &- ones) & ~delete) & highs
        return below | equal | word & highs != 0
    }

}
