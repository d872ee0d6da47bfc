// Fast path (docs/fast-paths.md) of the `markdown+json` escaping (an Adaptive Card's text). Reference:
// `TemplateEscaping.escape(_:)`, which works on Unicode scalars. Held equal by `ByteWriterTests`.

import AlertJSON

/// `markdown+json` on bytes, for a value of printable characters (what most alert values are): the Markdown escaping
/// of `TemplateEscaping.markdown`, rule for rule, written straight into the document with JSON's escaping of what it
/// writes (for printable ASCII and the word joiner, that is `\\` and `\"` alone; other printable characters JSON writes
/// as they are). Nothing of another kind is handled here: a value with a control character, white space other than
/// the ASCII space, U+FEFF, or a character outside ASCII where a rule looks at its neighbour (after `&`, before `w`)
/// goes the way of `escape(_:)`.
enum MarkdownBytes {
    /// Appends `text` escaped for Markdown inside a JSON string; false (nothing written) when `escape(_:)` must do it.
    static func appendMarkdownJSON(_ text: String, to output: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            var ascii = true
            for byte in bytes where byte < 0x20 || byte >= 0x7F {
                if byte == 0x7F || byte < 0x20 { return false }
                ascii = false
            }
            if !ascii, !takesOutsideASCII(bytes) { return false }
            // At most four bytes a byte: `\\\\` for a backslash, a word joiner and the byte for `@`, `:` or `w`.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count * 4 + 1) { buffer in
                var out = Out(base: buffer.baseAddress!)
                markdown(bytes, into: &out)
                output.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: out.count))
            }
            return true
        }
    }

    /// Whether the characters outside ASCII in `bytes` (valid UTF-8) are ones the byte rules may copy as they are:
    /// not a control character (`ControlCharacters.visible` would change it), not white space (`oneLine` folds it),
    /// not U+FEFF (JSON escapes it), and not after `&` or before `w`/`W`, where the rules ask whether it is a letter.
    static func takesOutsideASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            guard lead >= 0x80 else { index += 1; continue }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            guard index + length <= count else { return false }
            var value = UInt32(lead) & (0x7F >> length)
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset]) & 0x3F }
            guard let scalar = Unicode.Scalar(value), !ControlCharacters.isControl(scalar), value != 0xFEFF,
                  !scalar.properties.isWhitespace else { return false }
            if index > 0, bytes[index - 1] == UInt8(ascii: "&") { return false }
            if index + length < count, bytes[index + length] | 0x20 == UInt8(ascii: "w") { return false }
            index += length
        }
        return true
    }

    @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Where the escaped bytes go: a buffer of four bytes for each of the value's.
    private struct Out {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        @inline(__always) mutating func append(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }
    }

    /// A byte of the Markdown text, as JSON writes it.
    @inline(__always) private static func put(_ byte: UInt8, into out: inout Out) {
        if byte == 0x5C || byte == 0x22 { out.append(0x5C) }
        out.append(byte)
    }

    /// U+2060, which JSON writes as it is.
    @inline(__always) private static func wordJoiner(into out: inout Out) {
        out.append(0xE2)
        out.append(0x81)
        out.append(0xA0)
    }

    /// `TemplateEscaping.markdown` for printable ASCII: white space runs as one space, none at either end (a space is
    /// written only before what follows it); each character by its rule, `next` being the character after it in the
    /// value (a space past its end).
    private static func markdown(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout Out) {
        var written = false  // whether anything but white space is written yet
        var pendingSpace = false
        var onlyDigits = true  // whether what is written is digits alone (an ordered list item's number, when any)
        let count = bytes.count
        for index in 0..<count {
            let byte = bytes[index]
            if byte == 0x20 {
                pendingSpace = written
                continue
            }
            if pendingSpace {
                out.append(0x20)
                pendingSpace = false
                onlyDigits = false
            }
            let next = index + 1 < count ? bytes[index + 1] : 0x20
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"), UInt8(ascii: "|"):
                put(0x5C, into: &out)
            case UInt8(ascii: "&") where next == UInt8(ascii: "#") || isLetter(next):
                put(0x5C, into: &out)
            case UInt8(ascii: "!") where next == UInt8(ascii: "["):
                put(0x5C, into: &out)
            case UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="):
                if !written { put(0x5C, into: &out) }
            case UInt8(ascii: "."), UInt8(ascii: ")"):
                if written, onlyDigits { put(0x5C, into: &out) }
            case UInt8(ascii: "@"):
                wordJoiner(into: &out)
            default:
                break
            }
            put(byte, into: &out)
            written = true
            if !isDigit(byte) { onlyDigits = false }
            switch byte {
            case UInt8(ascii: ":"):
                if next == UInt8(ascii: "/"), index + 2 < count, bytes[index + 2] == UInt8(ascii: "/") { wordJoiner(into: &out) }
            case UInt8(ascii: "w"), UInt8(ascii: "W"):
                // `www.` starting a word: a word joiner after its first `w`.
                let startsWord = index == 0 || !(isLetter(bytes[index - 1]) || isDigit(bytes[index - 1]))
                if startsWord, index + 3 < count, bytes[index + 1] | 0x20 == UInt8(ascii: "w"),
                   bytes[index + 2] | 0x20 == UInt8(ascii: "w"), bytes[index + 3] == UInt8(ascii: ".") {
                    wordJoiner(into: &out)
                }
            default:
                break
            }
        }
    }
}
