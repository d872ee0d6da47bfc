/// A document being written: its bytes, and the indentation of the partials being rendered, which every line they
/// write starts with (a standalone `{{> name}}` tag's white space).
struct DocumentOutput {
    var bytes: [UInt8] = []
    /// The white space every line of the partials being rendered starts with.
    var indentation: [UInt8] = []
    /// Whether the next byte starts a line (and so needs `indentation` first).
    var atLineStart = true

    /// Starts a line's indentation when a value is written at a line's start.
    @inline(__always)
    mutating func beforeValue() {
        if atLineStart, !indentation.isEmpty {
            bytes += indentation
            atLineStart = false
        }
    }

    /// Adds `more` to the indentation (a partial included after white space) and returns what it was.
    mutating func indent(by more: [UInt8]) -> [UInt8] {
        let outer = indentation
        if !more.isEmpty {
            indentation += more
            atLineStart = true
        }
        return outer
    }

    /// Template text, each line starting with the partials' indentation when there is one.
    mutating func writeText(_ text: [UInt8]) {
        guard !indentation.isEmpty else { return bytes.append(contentsOf: text) }
        var start = 0
        while start < text.count {
            if atLineStart {
                bytes += indentation
                atLineStart = false
            }
            let newline = text[start...].firstIndex(of: ASCII.newline)
            let end = newline.map { $0 + 1 } ?? text.count
            bytes.append(contentsOf: text[start..<end])
            atLineStart = newline != nil
            start = end
        }
    }
}
