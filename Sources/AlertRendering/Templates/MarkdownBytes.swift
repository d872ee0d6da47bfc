import AlertJSON

// Fast path (docs/fast-paths.md) of the `markdown+json` escaping (an Adaptive Card's text). Reference:
// `TemplateEscaping.escape(_:)`, which works on Unicode scalars. Held equal by `ByteWriterTests`.

/// `markdown+json` on bytes, for a value of printable ASCII (what most alert values are): the Markdown escaping of
/// `TemplateEscaping.markdown`, rule for rule, into a scratch buffer, then JSON's escaping of that into the document.
/// Nothing of another kind is handled here: a value with a control character or a character outside ASCII goes the
/// way of `escape(_:)`.
enum MarkdownBytes {
    /// Appends `text` escaped for Markdown inside a JSON string; false (nothing written) when it is not printable ASCII.
    static func appendMarkdownJSON(_ text: String, to output: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            markdown(bytes, into: &out)
            out.withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &output, quoted: false) }
            return true
        }
    }

    private static let wordJoiner: [UInt8] = [0xE2, 0x81, 0xA0]

    @inline(__always) private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `TemplateEscaping.markdown` for printable ASCII: white space runs as one space, none at either end; each
    /// character by its rule, `next` being the character after it in the value (a space past its end).
    private static func markdown(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var lastWasSpace = true
        var onlyDigits = true  // whether `out` holds digits alone (an ordered list item's number, when not empty)
        let count = bytes.count
        for index in 0..<count {
            let byte = bytes[index]
            if byte == 0x20 {
                if !lastWasSpace {
                    out.append(0x20)
                    onlyDigits = false
                }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            let next = index + 1 < count ? bytes[index + 1] : 0x20
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "~"), UInt8(ascii: "|"):
                out.append(0x5C)
            case UInt8(ascii: "&") where next == UInt8(ascii: "#") || isLetter(next):
                out.append(0x5C)
            case UInt8(ascii: "!") where next == UInt8(ascii: "["):
                out.append(0x5C)
            case UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="):
                if out.isEmpty { out.append(0x5C) }
            case UInt8(ascii: "."), UInt8(ascii: ")"):
                if !out.isEmpty, onlyDigits { out.append(0x5C) }
            case UInt8(ascii: "@"):
                out += wordJoiner
            default:
                break
            }
            out.append(byte)
            if !isDigit(byte) { onlyDigits = false }
            switch byte {
            case UInt8(ascii: ":"):
                if next == UInt8(ascii: "/"), index + 2 < count, bytes[index + 2] == UInt8(ascii: "/") { out += wordJoiner }
            case UInt8(ascii: "w"), UInt8(ascii: "W"):
                // `www.` starting a word: a word joiner after its first `w`.
                let startsWord = index == 0 || !(isLetter(bytes[index - 1]) || isDigit(bytes[index - 1]))
                if startsWord, index + 3 < count, bytes[index + 1] | 0x20 == UInt8(ascii: "w"),
                   bytes[index + 2] | 0x20 == UInt8(ascii: "w"), bytes[index + 3] == UInt8(ascii: ".") {
                    out += wordJoiner
                }
            default:
                break
            }
        }
        while out.last == 0x20 { out.removeLast() }
    }
}
