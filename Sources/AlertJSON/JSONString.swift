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
    ///
    /// The text is escaped into a scratch buffer a chunk at a time (at most `chunk` bytes of input, a little more to
    /// finish a character) and each chunk appended at once: writing through a pointer, eight bytes at a time, costs a
    /// few instructions where an `Array` append costs tens, and a document escaped for a JSON line has an escape
    /// every few bytes (every quote of a Teams card).
    public static func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], quoted: Bool = true,
                              shortEscapes: Bool = false) {
        let count = utf8.count
        if quoted { bytes.append(0x22) }
        if let base = utf8.baseAddress, count > 0 {
            bytes.reserveCapacity(bytes.count + count + count / 8 + 16)
            var offset = 0
            while offset < count {
                let end = min(count, offset + chunk)
                // No input byte becomes more than six output bytes; a chunk reads at most 9 bytes past its end (the
                // rest of an eight-byte word, the rest of a character), and a word's store writes 8 bytes ahead.
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 6 * (end - offset + 9) + 8) { scratch in
                    let out = scratch.baseAddress!
                    let (next, written) = escape(base, from: offset, to: end, count: count, into: out, short: shortEscapes)
                    bytes.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
                    offset = next
                }
            }
        }
        if quoted { bytes.append(0x22) }
    }

    /// The most input bytes escaped into one scratch buffer (about 6 KB of scratch).
    package static var chunk: Int { 1024 }

    /// Escapes `base[start...]` into `out` until at least `end` (never past `count`): clean words of eight bytes are
    /// stored whole before they are looked at, so a clean run costs one load and one store a word. Returns where the
    /// input stopped (at a character's boundary) and how many bytes were written.
    @inline(__always)
    private static func escape(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, count: Int,
                               into out: UnsafeMutablePointer<UInt8>, short: Bool) -> (next: Int, written: Int) {
        var offset = start, written = 0
        let raw = UnsafeRawPointer(base), rawOut = UnsafeMutableRawPointer(out)
        while offset < end {
            if offset + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                rawOut.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                let flags = needsEscape(word)
                // The lowest flagged byte is exact (a borrow only flags bytes above it): jump straight to it.
                guard flags != 0 else { offset += 8; written += 8; continue }
                let clean = flags.trailingZeroBitCount >> 3
                offset += clean
                written += clean
            }
            let byte = base[offset]
            var length = 0, code: UInt32 = 0
            if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F {
                (length, code) = (1, UInt32(byte))
            } else if byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF, let (size, scalar) = decode(base, offset, count),
                      ControlCharacters.isControl(scalar) || scalar.value == 0xFEFF {
                (length, code) = (size, scalar.value)
            }
            guard length > 0 else {
                out[written] = byte
                written += 1
                offset += 1
                continue
            }
            written += writeEscape(code, to: out + written, short: short)
            offset += length
        }
        // A character whose first byte came before `end` is finished in this chunk.
        while offset < count, base[offset] & 0xC0 == 0x80 {
            out[written] = base[offset]
            written += 1
            offset += 1
        }
        return (offset, written)
    }

    /// Writes the escape for `code` at `out`; returns its length (2 or 6).
    @inline(__always)
    private static func writeEscape(_ code: UInt32, to out: UnsafeMutablePointer<UInt8>, short: Bool) -> Int {
        out[0] = 0x5C
        switch code {
        case 0x08 where short: out[1] = UInt8(ascii: "b")
        case 0x0C where short: out[1] = UInt8(ascii: "f")
        case 0x22: out[1] = 0x22
        case 0x5C: out[1] = 0x5C
        case 0x0A: out[1] = UInt8(ascii: "n")
        case 0x0D: out[1] = UInt8(ascii: "r")
        case 0x09: out[1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            let digits = hex.utf8Start
            out[1] = UInt8(ascii: "u")
            out[2] = digits[Int(code >> 12 & 0xF)]
            out[3] = digits[Int(code >> 8 & 0xF)]
            out[4] = digits[Int(code >> 4 & 0xF)]
            out[5] = digits[Int(code & 0xF)]
            return 6
        }
        return 2
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
