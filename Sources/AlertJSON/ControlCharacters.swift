/// Characters in untrusted text that could drive a terminal or disguise what a reader sees: C0 and C1 control
/// characters, DEL, and the bidirectional formatting characters that reorder text (embeddings, overrides,
/// isolates and marks). Human-readable outputs show them visibly; JSON outputs escape them.
public enum ControlCharacters {
    /// Whether a scalar is one of these characters.
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, isolates
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }

    /// Whether a scalar of these characters stands for white space in running text.
    static func isSpacing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `text` holds any of these characters, read off its UTF-8 bytes: eight at a time while they are plain
    /// printable ASCII, then byte by byte (C0 controls are the bytes below 0x20; the others are told by their
    /// encodings, `containsNonC0Control`), with no walk over Unicode scalars.
    public static func occur(in text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while offset + 8 <= bytes.count {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let delete = word ^ (ones &* 0x7F)
                // A byte below 0x20, equal to DEL, or not ASCII: look closer, from this word (which starts a
                // character: every byte before it is ASCII).
                if (word &- ones &* 0x20) & ~word & highs | (delete &- ones) & ~delete & highs | word & highs != 0 { break }
                offset += 8
            }
            let rest = UnsafeBufferPointer(rebasing: bytes[offset...])
            return rest.contains { $0 < 0x20 } || containsNonC0Control(rest)
        } ?? text.unicodeScalars.contains(where: isControl)
    }

    /// `text` as a reader should see it: tab, line breaks and other spacing controls become one space each, and
    /// every other control character becomes visible, never acted on: C0 controls and DEL as their Unicode
    /// control pictures (ESC as `␛`, NUL as `␀`), C1 and bidirectional controls as `<U+202E>`.
    public static func visible(_ text: String) -> String {
        guard occur(in: text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else { out.append(scalar); continue }
            if isSpacing(scalar) {
                out.append(" ")
            } else if scalar.value < 0x20 {
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                out.append("\u{2421}")
            } else {
                out.append(contentsOf: "<U+\(hex(scalar.value))>".unicodeScalars)
            }
        }
        return String(out)
    }

    /// Whether UTF-8 bytes hold DEL, a C1 control or a bidirectional control, read off the bytes themselves:
    /// `7F`, `C2 80`–`C2 9F` (C1, `85`), `D8 9C`, `E2 80 8E`/`8F`/`A8`–`AE`, `E2 81 A6`–`A9`.
    static func containsNonC0Control(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 else { continue }
            if byte == 0x7F { return true }
            guard index < count else { return false }
            let second = bytes[index]
            switch byte {
            case 0xC2: if second >= 0x80 && second <= 0x9F { return true }
            case 0xD8: if second == 0x9C { return true }
            default:
                guard index + 1 < count else { return false }
                let third = bytes[index + 1]
                if second == 0x80 && (third == 0x8E || third == 0x8F || (third >= 0xA8 && third <= 0xAE)) { return true }
                if second == 0x81 && third >= 0xA6 && third <= 0xA9 { return true }
            }
        }
        return false
    }

    /// Four or more uppercase hex digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// JSON text with every one of these characters that is not already escaped written as a `\uXXXX` escape.
    /// They can stand only inside JSON strings, so the document means the same, but printing it cannot drive a
    /// terminal. `json` must be valid JSON text.
    public static func escapedInJSON(_ json: String) -> String {
        // C0 controls cannot stand raw in valid JSON, and white space between tokens is left alone: only DEL, C1 and
        // bidirectional controls (whose UTF-8 starts 0x7F, 0xC2, 0xD8 or 0xE2) are looked for.
        // U+FEFF too, as `JSONString` escapes it.
        guard json.utf8.withContiguousStorageIfAvailable(containsNonC0Control) ?? true
                || json.unicodeScalars.contains("\u{FEFF}") else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isControl(scalar) && scalar.value >= 0x20 || scalar.value == 0xFEFF {
                out.append(contentsOf: "\\u\(hex(scalar.value).lowercased())".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
