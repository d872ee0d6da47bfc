/// The byte-level reader behind `JSONParser` and `AlertFastDecoder`: one set of rules for strings, numbers,
/// literals, white space and nesting, whichever of them reads.
package struct JSONReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let maxDepth: Int
    /// The longest string, in bytes as written.
    package let maxStringBytes: Int
    package var index = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, maxStringBytes: Int = .max) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
    }

    /// Throws when the string that starts at `start` and ends before `end` is over `maxStringBytes`.
    package func checkLength(from start: Int, to end: Int) throws(JSONSyntaxError) {
        guard end - start > maxStringBytes else { return }
        throw error("a string of \(end - start) bytes, over the string limit of \(maxStringBytes) bytes", at: start)
    }

    package func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var lineStart = 0
        for i in 0..<end where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return JSONSyntaxError(message: message, line: line, column: end - lineStart + 1)
    }

    package func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    @inlinable package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    package mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): throw textError()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    /// The error for plain text where a value should start (a line of text in a feed): its first word (letters only,
    /// at most 16, so that no number or value of the line is echoed), and what was wanted.
    package func textError(at position: Int? = nil) -> JSONSyntaxError {
        var end = index
        while end < bytes.count, end - index < 16, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        return error("unexpected text starting \"\(text)\", expected a JSON value (an alert is a JSON object, {…})", at: position)
    }

    package mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        guard index + count <= bytes.count else { throw error("unexpected end of input in a literal") }
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            // Text that only starts like `true`, `false` or `null` (a line of plain text in a feed): say what it is.
            throw textError(at: index + offset)  // where the text stops being the literal
        }
        index += count
    }

    package mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than the depth limit of \(maxDepth) levels") }
        index += 1
        var members: [JSONObject.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(members))
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a member name in quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after a member name")
            }
            index += 1
            skipWhitespace()
            members.append(.init(key: key, value: try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(JSONObject(members)) }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
    }

    package mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nesting deeper than the depth limit of \(maxDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }

    package mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("a number may not start with 0") }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("digits must follow '.'") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("digits must follow an exponent") }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(Self.shortened(text)) is out of range (beyond ±1.8e308)", at: start)
        }
        // A decimal that is not a whole number but rounds to one (1.0000000000000001 → 1) would pass for an integer.
        if value.rounded() == value, !Self.isWholeNumber(text) {
            throw error("the number \(Self.shortened(text)) has more digits than can be kept: it would be read as the whole "
                        + "number \(JSONValue.numberText(value))", at: start)
        }
        return value
    }

    @inlinable package func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    package static func shortened(_ text: String) -> String {
        text.count > 24 ? String(text.prefix(12)) + "…" + String(text.suffix(6)) + " (\(text.count) characters)" : text
    }

    /// Whether a JSON number's decimal text is a whole number: no nonzero digit after the point once the exponent
    /// has moved it.
    package static func isWholeNumber(_ text: String) -> Bool {
        let lower = text.lowercased()
        let mantissa = lower.split(separator: "e", maxSplits: 1).first.map(String.init) ?? lower
        // An exponent too large for Int moves the point past every digit: saturate it rather than read it as 0.
        let exponentText = lower.contains("e") ? String(lower.split(separator: "e")[1]) : "0"
        let exponent = Int(exponentText) ?? (exponentText.hasPrefix("-") ? Int.min / 2 : Int.max / 2)
        let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? Array(parts[1]) : []
        // Digits after the point once the exponent moves it right by `exponent` places (left when negative).
        let integerDigits = Array(parts[0].drop(while: { $0 == "-" }))
        if exponent >= 0 {
            return fraction.dropFirst(min(exponent, fraction.count)).allSatisfy { $0 == "0" }
        }
        let shifted = integerDigits.suffix(min(-exponent, integerDigits.count)) + fraction
        return shifted.allSatisfy { $0 == "0" }
    }

    @inlinable package mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    package mutating func string() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try checkLength(from: start, to: index)
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return try validated(raw, at: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character in a string; it must be escaped") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string", at: open) }
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try checkLength(from: start, to: index)
                index += 1
                return try scratch.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
                    try validated(buffer, at: start)
                }
            case UInt8(ascii: "\\"):
                try escape(into: &scratch)
            case ..<0x20:
                throw error("control character in a string; it must be escaped")
            default:
                scratch.append(byte)
                index += 1
            }
        }
        throw error("unterminated string", at: open)
    }

    package func validated(_ raw: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw error("a string is not valid UTF-8", at: start)
        }
        return text
    }

    package mutating func escape(into scratch: inout [UInt8]) throws(JSONSyntaxError) {
        UTF8.encode(try escapedScalar()) { scratch.append($0) }
    }

    /// The character an escape stands for, the reader at its backslash; the reader moves past it.
    package mutating func escapedScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return Unicode.Scalar(UInt8(0x08))
        case UInt8(ascii: "f"): return Unicode.Scalar(UInt8(0x0C))
        case UInt8(ascii: "n"): return Unicode.Scalar(UInt8(0x0A))
        case UInt8(ascii: "r"): return Unicode.Scalar(UInt8(0x0D))
        case UInt8(ascii: "t"): return Unicode.Scalar(UInt8(0x09))
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let save = index
                index += 2
                let low = try hex4()
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = save
                }
            }
            // A lone surrogate is no character: refused rather than silently replaced.
            guard let character = Unicode.Scalar(scalar) else {
                throw error("\\u\(String(scalar, radix: 16)) is half of a UTF-16 surrogate pair with no other half: "
                            + "not a character", at: index - 6)
            }
            return character
        default:
            throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: index - 1)
        }
    }

    package mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
