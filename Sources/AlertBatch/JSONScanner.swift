/// Follows the nesting of JSON text byte by byte, outside and inside strings, without parsing it: enough to find
/// where a value that starts with `{` or `[` ends.
struct JSONScanner {
    private(set) var depth = 0
    private(set) var inString = false
    private var escaped = false

    /// Takes one byte; says whether it closed the outermost bracket (the value is complete).
    @inline(__always)
    mutating func feed(_ byte: UInt8) -> Bool {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            return false
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            return depth == 0
        default: break
        }
        return false
    }

    /// Whether the bytes so far leave a bracket or a string open.
    var isOpen: Bool { depth > 0 || inString }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `line` is one whole object on its own (white space around it, and a `,` after it, allowed): the mark
    /// of NDJSON lines or of array elements written one per line.
    static func isWholeObject(_ line: ArraySlice<UInt8>) -> Bool {
        var bytes = line.drop(while: isWhitespace)
        while let last = bytes.last, isWhitespace(last) || last == UInt8(ascii: ",") { bytes = bytes.dropLast() }
        guard bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return false }
        var scanner = JSONScanner()
        for (offset, byte) in zip(0..., bytes) where scanner.feed(byte) {
            return offset == bytes.count - 1
        }
        return false
    }
}
