import Foundation

/// An email as `alertkit preview` shows it: its headers decoded (RFC 2047 encoded words), its text part as text and
/// its HTML part as a page, read back from the message AlertKit wrote (quoted-printable, `multipart/alternative`).
struct MailPreview {
    /// The headers a reader looks at, in the message's order, their values unfolded and decoded.
    var headers: [(name: String, value: String)] = []
    /// The `text/plain` part.
    var text = ""
    /// The `text/html` part.
    var html = ""

    /// The headers shown: who from and to, what about, when, how to unsubscribe.
    static let shown: Set<String> = ["from", "to", "subject", "date", "list-unsubscribe", "list-unsubscribe-post"]

    /// Reads `message` (CRLF or LF line ends).
    init(_ message: String) {
        let normalized = message.replacingOccurrences(of: "\r\n", with: "\n")
        let (head, body) = Self.split(normalized)
        var boundary: String?
        for (name, value) in Self.fields(head) {
            if Self.shown.contains(name.lowercased()) { headers.append((name, Self.decodedWords(value))) }
            if name.lowercased() == "content-type", let range = value.range(of: "boundary=\"") {
                boundary = String(value[range.upperBound...].prefix { $0 != "\"" })
            }
        }
        guard let boundary else { return }
        for part in body.components(separatedBy: "--" + boundary).dropFirst() where !part.hasPrefix("--") {
            let (partHead, partBody) = Self.split(String(part.drop { $0 == "\n" }))
            let type = Self.fields(partHead).first { $0.name.lowercased() == "content-type" }?.value.lowercased() ?? ""
            let decoded = Self.quotedPrintable(partBody.hasSuffix("\n") ? String(partBody.dropLast()) : partBody)
            if type.hasPrefix("text/plain") { text = decoded } else if type.hasPrefix("text/html") { html = decoded }
        }
    }

    /// The header block and the body, split at the first empty line.
    private static func split(_ text: String) -> (head: String, body: String) {
        guard let range = text.range(of: "\n\n") else { return (text, "") }
        return (String(text[..<range.lowerBound]), String(text[range.upperBound...]))
    }

    /// The header fields, folded lines joined.
    private static func fields(_ head: String) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for line in head.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                fields[fields.count - 1].value += String(line)
            } else if let colon = line.firstIndex(of: ":") {
                fields.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
            }
        }
        return fields
    }

    /// `=XX` bytes and soft line breaks (`=` at a line's end) decoded, as UTF-8.
    static func quotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            let byte = source[index]
            guard byte == UInt8(ascii: "=") else {
                bytes.append(byte)
                index += 1
                continue
            }
            if index + 1 < source.count, source[index + 1] == UInt8(ascii: "\n") {
                index += 2  // a soft line break
            } else if index + 2 < source.count, let value = UInt8(String(decoding: source[index + 1...index + 2], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 2047 encoded words (`=?utf-8?B?…?=`, `=?utf-8?Q?…?=`) decoded; the white space between two of them goes.
    static func decodedWords(_ value: String) -> String {
        var out = ""
        var rest = Substring(value)
        var lastWasWord = false
        while let start = rest.range(of: "=?") {
            let between = rest[..<start.lowerBound]
            if !(lastWasWord && between.allSatisfy(\.isWhitespace)) { out += between }
            let parts = rest[start.upperBound...].split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[3].hasPrefix("="), let decoded = word(encoding: parts[1], text: parts[2]) else {
                out += "=?"
                rest = rest[start.upperBound...]
                lastWasWord = false
                continue
            }
            out += decoded
            rest = parts[3].dropFirst()
            lastWasWord = true
        }
        return out + rest
    }

    private static func word(encoding: Substring, text: Substring) -> String? {
        switch encoding.uppercased() {
        case "B": return Data(base64Encoded: String(text)).map { String(decoding: $0, as: UTF8.self) }
        case "Q": return quotedPrintable(text.replacingOccurrences(of: "_", with: " "))
        default: return nil
        }
    }
}
