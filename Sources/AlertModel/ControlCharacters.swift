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

    /// Whether `text` holds any of these characters. Cheap on the UTF-8 bytes: only bytes that can start one
    /// (below 0x20, DEL, and the lead bytes 0xC2, 0xD8, 0xE2) lead to a closer look.
    @inlinable
    public static func occur(in text: String) -> Bool {
        var found = false
        var copy = text
        copy.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
                found = true
                break
            }
        }
        return found && text.unicodeScalars.contains(where: isControl)
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

    /// Four or more uppercase hex digits.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// JSON text with every one of these characters that is not already escaped written as a `\uXXXX` escape.
    /// They can stand only inside JSON strings, so the document means the same, but printing it cannot drive a
    /// terminal. `json` must be valid JSON text.
    public static func escapedInJSON(_ json: String) -> String {
        guard occur(in: json) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            // C0 controls cannot stand raw in valid JSON, and white space between tokens is left alone.
            if isControl(scalar) && scalar.value >= 0x20 {
                out.append(contentsOf: "\\u\(hex(scalar.value).lowercased())".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
