/// Reading without building: the same rules as `value(depth:)` and `string()`, checked in full, but no `JSONValue`
/// and no `String` made, for a reader that keeps only some of the document (`AlertFastDecoder`).
extension JSONReader {
    /// Where a string's text lies in the bytes, between its quotes, as written.
    package struct StringSpan {
        /// The first byte after the opening quote.
        package var start: Int
        /// The closing quote.
        package var end: Int
        /// Whether the text holds escapes (then it differs from its bytes).
        package var escaped: Bool
        /// Whether every byte is ASCII.
        package var ascii: Bool

        /// Whether the text is empty (an escape always stands for at least one character).
        package var isEmpty: Bool { start == end }
    }

    /// Reads the string at the reader (its opening quote) by the rules of `string()`: valid UTF-8, no raw control
    /// characters, valid escapes, no lone surrogates. Builds nothing.
    package mutating func scanString() throws(JSONSyntaxError) -> StringSpan {
        let open = index
        index += 1
        var span = StringSpan(start: index, end: index, escaped: false, ascii: true)
        let count = bytes.count
        while index < count {
            // Eight plain ASCII bytes at a time; anything else is looked at one byte at a time below.
            while index + 8 <= count, Self.plainASCII(UnsafeRawPointer(bytes.baseAddress! + index)) { index += 8 }
            guard index < count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try checkLength(from: span.start, to: index)
                span.end = index
                index += 1
                return span
            case UInt8(ascii: "\\"):
                span.escaped = true
                _ = try escapedScalar()
            case ..<0x20:
                throw error("control character in a string; it must be escaped")
            case ..<0x80:
                index += 1
            default:
                span.ascii = false
                guard let length = utf8SequenceLength(at: index) else {
                    throw error("a string is not valid UTF-8", at: span.start)
                }
                index += length
            }
        }
        throw error("unterminated string", at: open)
    }

    /// Whether eight bytes are all printable ASCII other than `"` and `\` (SWAR: a byte's high bit is set where it
    /// is below 0x20 after subtracting, or zero after xor with a quote or backslash, or set to begin with).
    @inline(__always)
    private static func plainASCII(_ pointer: UnsafeRawPointer) -> Bool {
        let word = pointer.loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let flags = (word &- ones &* 0x20) & ~word | (quote &- ones) & ~quote | (backslash &- ones) & ~backslash | word
        return flags & highs == 0
    }

    /// The length of the well-formed UTF-8 sequence whose lead byte (≥ 0x80) is at `offset`, or nil: the table of
    /// well-formed sequences of the Unicode Standard (§3.9, table 3-7), which `String(validating:)` applies too.
    package func utf8SequenceLength(at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= bytes.count else { return nil }
        let second = bytes[offset + 1]
        guard second >= low, second <= high else { return nil }
        for next in offset + 2 ..< offset + length where bytes[next] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// The text of a scanned string, equal to what `string()` returns for it; nil only if the span was not scanned.
    package func text(of span: StringSpan) -> String? {
        guard span.escaped else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[span.start..<span.end]), as: UTF8.self)
        }
        var reader = self
        reader.index = span.start - 1
        return try? reader.string()
    }

    /// Skips the value at the reader, checked as `value(depth:)` checks it (numbers are read by `number()`, whose
    /// range rules need the value).
    package mutating func skipValue(depth: Int) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
        case UInt8(ascii: "["): try skipArray(depth: depth + 1)
        case UInt8(ascii: "\""): _ = try scanString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func skipObject(depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else { throw error("nesting deeper than the depth limit of \(maxDepth) levels") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a member name in quotes")
            }
            _ = try scanString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after a member name")
            }
            index += 1
            skipWhitespace()
            try skipValue(depth: depth)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
    }

    private mutating func skipArray(depth: Int) throws(JSONSyntaxError) {
        guard depth <= maxDepth else { throw error("nesting deeper than the depth limit of \(maxDepth) levels") }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try skipValue(depth: depth)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }
}
