/// How a value's text is written into a document by an escaped tag (`{{name}}`); triple and `&` tags write it as it
/// is. A renderer takes its escaping as a type parameter, so the choice is made when the renderer is built, and the
/// call is direct.
public protocol ByteEscaping: Sendable {
    /// Appends `text`, escaped, to `output`.
    static func write(_ text: String, into output: inout [UInt8])
}

/// HTML escaping as the Mustache specification has it: `&` `<` `>` `"` as `&amp;` `&lt;` `&gt;` `&quot;`.
public enum HTMLEscaping: ByteEscaping {
    /// Appends `text` with the four characters replaced.
    public static func write(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                default: continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                copied = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }
}

/// No escaping: the text as it is.
public enum NoEscaping: ByteEscaping {
    /// Appends `text` unchanged.
    public static func write(_ text: String, into output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}
