/// JSON string escaping as RFC 8259 requires, and more: control characters that JSON allows raw (DEL, C1 and
/// bidirectional controls) are escaped too, so that printing JSON cannot drive a terminal, and so is U+FEFF (a byte
/// order mark inside a string, which some readers lose: Foundation's `JSONSerialization` on Linux drops one that
/// follows an escape). The text reads back as the same string.
public enum JSONString {
    /// Appends `string` as a JSON string (in quotes unless `quoted` is false): `"` and `\` escaped, control characters as `\n`, `\t`… or `\u00XX`, and DEL, C1 and
    /// bidirectional controls (`ControlCharacters`) as `\uXXXX` too, so that printing the line cannot drive a terminal.
    ///
    /// One pass over the UTF-8, eight bytes at a time where nothing needs escaping: clean runs are copied whole,
    /// escapes written between them.
    /// `shortEscapes` writes backspace and form feed as `\b` and `\f`, as `JSONEncoder` does, rather than `\u0008`
    /// and `\u000c`.
    public static func append(_ string: String, to bytes: inout [UInt8], quoted: Bool = true, shortEscapes: Bool = false) {
        var string = string
        string.withUTF8 { append(utf8: $0, to: &bytes, quoted: quoted, shortEscapes: shortEscapes) }
    }

    /// Appends valid UTF-8 text as a JSON string, escaped as `append(_:to:quoted:shortEscapes:)` does: for a document
    /// that is already bytes (cmark's output), without making a `String` of it first.
    public static func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], quoted: Bool = true,
                              shortEscapes: Bool = false) {
        guard let base = utf8.baseAddress else {
            if quoted { bytes.append(0x22); bytes.append(0x22) }
            return
        }
        let count = utf8.count
        bytes.reserveCapacity(bytes.count + count + count / 8 + 16)
        if quoted { bytes.append(0x22) }
        var runStart = 0, offset = 0
        while offset < count {
            if offset + 8 <= count {
                let flags = needsEscape(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                // The lowest flagged byte is exact (a borrow only flags bytes above it): jump straight to it.
                guard flags != 0 else { offset += 8; continue }
                offset += flags.trailingZeroBitCount >> 3
            }
            let byte = base[offset]
            var length = 0, code: UInt32 = 0
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                (length, code) = (1, UInt32(byte))
            } else if byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF, let (size, scalar) = decode(base, offset, count),
                      ControlCharacters.isControl(scalar) || scalar.value == 0xFEFF {
                (length, code) = (size, scalar.value)
            }
            guard length > 0 else { offset += 1; continue }
            if runStart < offset { bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: offset - runStart)) }
            appendEscape(code, to: &bytes, short: shortEscapes)
            offset += length
            runStart = offset
        }
        if runStart < count { bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart)) }
        if quoted { bytes.append(0x22) }
    }

    /// Appends the escape for `code`, byte by byte: an array literal here would be a heap allocation per escape,
    /// and an HTML document has one for every quote of every attribute.
    @inline(__always)
    private static func appendEscape(_ code: UInt32, to bytes: inout [UInt8], short: Bool) {
        bytes.append(0x5C)
        switch code {
        case 0x08 where short: bytes.append(UInt8(ascii: "b"))
        case 0x0C where short: bytes.append(UInt8(ascii: "f"))
        case 0x22: bytes.append(0x22)
        case 0x5C: bytes.append(0x5C)
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            bytes.append(UInt8(ascii: "u"))
            bytes.append(digits[Int(code >> 12 & 0xF)])
            bytes.append(digits[Int(code >> 8 & 0xF)])
            bytes.append(digits[Int(code >> 4 & 0xF)])
            bytes.append(digits[Int(code & 0xF)])
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

    /// The high bit of each of eight bytes (little-endian) that is below 0x20, `"`, `\`, DEL, or not ASCII (SWAR: a
    /// byte's high bit is set in the result where it is zero after subtracting, or equal after xor, or set to begin
    /// with); zero when none is. A borrow can flag a byte above a flagged one too, never one below it.
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let delete = word ^ (ones &* 0x7F)
        let equal = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (delete &- ones) & ~delete) & highs
        return below | equal | word & highs
    }

}
