/// Reads a template's text into tokens: text, and tags between the current delimiters (`{{ }}` until a
/// `{{=<% %>=}}` tag changes them), each with its place. Names stay as written (the parser reads them); then the
/// lines that hold one standalone tag and white space alone are taken out (`StandaloneLines.swift`).
public struct Lexer: Sendable {
    /// The file named in diagnostics.
    public let file: String
    /// The template's text, as UTF-8 bytes.
    public let bytes: [UInt8]

    /// A lexer for `text`, naming `file` in its diagnostics.
    public init(_ text: String, file: String) {
        self.file = file
        self.bytes = Array(text.utf8)
    }

    /// The tokens of the text, standalone lines taken out, ending with an `.end` token.
    public func tokens() throws(TemplateDiagnostic) -> [Token] {
        StandaloneLines.apply(to: try rawTokens())
    }

    /// The tokens as written, standalone lines still in: each line break ends a text token.
    public func rawTokens() throws(TemplateDiagnostic) -> [Token] {
        var tokens: [Token] = []
        var places = PositionCounter(bytes: bytes)
        var delimiters = Delimiters.standard
        var index = 0, textStart = 0
        func flushText(to end: Int) {
            guard textStart < end else { return }
            tokens.append(Token(.text(Array(bytes[textStart..<end])), at: places.position(at: textStart), range: textStart..<end))
            textStart = end
        }
        while index < bytes.count {
            if bytes[index] == ASCII.newline {
                index += 1
                flushText(to: index)
            } else if matches(delimiters.open, at: index) {
                flushText(to: index)
                let position = places.position(at: index)
                let (kind, end) = try tag(at: index, position: position, delimiters: delimiters)
                tokens.append(Token(kind, at: position, range: index..<end))
                if case .delimiters(let open, let close) = kind { delimiters = Delimiters(open: open, close: close) }
                index = end
                textStart = end
            } else {
                index += 1
            }
        }
        flushText(to: bytes.count)
        tokens.append(Token(.end, at: places.position(at: bytes.count), range: bytes.count..<bytes.count))
        return tokens
    }

    /// The tag that starts at `start` and the offset just past it.
    private func tag(at start: Int, position: SourcePosition, delimiters: Delimiters) throws(TemplateDiagnostic) -> (Token.Kind, Int) {
        let inner = start + delimiters.open.count
        let sigil = inner < bytes.count ? bytes[inner] : 0
        switch sigil {
        case UInt8(ascii: "!"):
            guard let close = find(delimiters.close, from: inner) else { throw neverClosed(position, delimiters) }
            return (.comment, close + delimiters.close.count)
        case UInt8(ascii: "="):
            return try setDelimiters(after: inner + 1, position: position, delimiters: delimiters)
        case UInt8(ascii: "{"):
            let close = try closing(from: inner + 1, position: position, delimiters: delimiters, brace: true)
            return (.variable(trimmed(inner + 1, close), escaped: false), close + 1 + delimiters.close.count)
        case UInt8(ascii: "<"), UInt8(ascii: "$"):
            throw TemplateDiagnostic(file: file, at: position, message: "a parent or block ({{< NAME}}, {{$ NAME}}): "
                                     + "AlertKit allows neither; include partials with {{> NAME}} instead")
        case UInt8(ascii: "%"):
            // `{{% CONTENT_TYPE: TEXT }}` asks for no HTML escaping, which AlertKit's formats never do (each escapes
            // for its own output): it changes nothing and reads as a comment. Any other pragma is refused.
            if let close = find(delimiters.close, from: inner + 1),
               String(decoding: bytes[(inner + 1)..<close], as: UTF8.self).split(whereSeparator: \.isWhitespace)
                   .joined(separator: " ") == "CONTENT_TYPE: TEXT" {
                return (.comment, close + delimiters.close.count)
            }
            throw TemplateDiagnostic(file: file, at: position, message: "a pragma ({{% NAME: VALUE }}): AlertKit templates "
                                     + "take none but {{% CONTENT_TYPE: TEXT }}, which changes nothing: the format escapes every "
                                     + "value for its output already, and another content type would escape them again; a "
                                     + "template's first line names its escaping ({{! alertkit: escape=NAME }})")
        default:
            let hasSigil = [UInt8]("&#^/>".utf8).contains(sigil)
            let nameStart = hasSigil ? inner + 1 : inner
            let close = try closing(from: nameStart, position: position, delimiters: delimiters, brace: false)
            let name = trimmed(nameStart, close)
            let end = close + delimiters.close.count
            switch hasSigil ? sigil : 0 {
            case UInt8(ascii: "&"): return (.variable(name, escaped: false), end)
            case UInt8(ascii: "#"): return (.sectionOpen(name, inverted: false), end)
            case UInt8(ascii: "^"): return (.sectionOpen(name, inverted: true), end)
            case UInt8(ascii: "/"): return (.sectionClose(name), end)
            case UInt8(ascii: ">"): return (.partial(name, indentation: []), end)
            default: return (.variable(name, escaped: true), end)
            }
        }
    }

    /// The offset of the closing delimiter (of `}` and the delimiter, for a triple tag) of the tag whose name
    /// starts at `start`; a diagnostic when the tag is never closed before the text ends or another tag opens.
    private func closing(from start: Int, position: SourcePosition, delimiters: Delimiters, brace: Bool) throws(TemplateDiagnostic) -> Int {
        let end = brace ? [UInt8(ascii: "}")] + delimiters.close : delimiters.close
        guard let close = find(end, from: start) else { throw neverClosed(position, delimiters) }
        if find(delimiters.open, from: start, before: close) != nil { throw neverClosed(position, delimiters) }
        return close
    }

    /// `{{=<% %>=}}`: the two new delimiters, white space between them, `=` at both ends.
    private func setDelimiters(after start: Int, position: SourcePosition, delimiters: Delimiters) throws(TemplateDiagnostic) -> (Token.Kind, Int) {
        let invalid = TemplateDiagnostic(file: file, at: position, message: "a delimiter tag is written {{=<% %>=}}: two new "
                                         + "delimiters with a space between them and = at both ends")
        guard let close = find([UInt8(ascii: "=")] + delimiters.close, from: start) else {
            if find(delimiters.close, from: start) != nil { throw invalid }
            throw neverClosed(position, delimiters)
        }
        let parts = bytes[start..<close].split(whereSeparator: ASCII.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else { throw invalid }
        return (.delimiters(open: Array(parts[0]), close: Array(parts[1])), close + 1 + delimiters.close.count)
    }

    private func neverClosed(_ position: SourcePosition, _ delimiters: Delimiters) -> TemplateDiagnostic {
        TemplateDiagnostic(file: file, at: position, message: "the tag opened here with \(delimiters.openText) is never "
                           + "closed with \(delimiters.closeText)")
    }

    /// The text of `start..<end` without white space at either end.
    private func trimmed(_ start: Int, _ end: Int) -> String {
        var lower = start, upper = end
        while lower < upper, ASCII.isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower, ASCII.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    private func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset + pattern.count <= bytes.count else { return false }
        for (index, byte) in pattern.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// The first offset from `start` where `pattern` starts and, with `limit`, ends by `limit`.
    private func find(_ pattern: [UInt8], from start: Int, before limit: Int? = nil) -> Int? {
        var offset = start
        while offset + pattern.count <= (limit ?? bytes.count) {
            if matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}

/// The delimiters tags are written with.
struct Delimiters: Sendable {
    var open: [UInt8]
    var close: [UInt8]

    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))

    var openText: String { String(decoding: open, as: UTF8.self) }
    var closeText: String { String(decoding: close, as: UTF8.self) }
}

/// The bytes the lexer treats specially.
enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    /// Space, tab, carriage return or line break.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }
}

/// Turns byte offsets, asked for in increasing order, into lines and columns.
struct PositionCounter {
    let bytes: [UInt8]
    private var line = 1, lineStart = 0, scanned = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func position(at offset: Int) -> SourcePosition {
        while scanned < offset {
            if bytes[scanned] == ASCII.newline {
                line += 1
                lineStart = scanned + 1
            }
            scanned += 1
        }
        let scalars = bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourcePosition(line: line, column: scalars + 1, offset: offset)
    }
}
