import Foundation

/// Reads a message as a mail client shows it: headers unfolded, RFC 2047 encoded words decoded, the HTML and
/// plain-text parts of a `multipart/alternative` message decoded from quoted-printable or base64.
public enum MailMessage {
    /// The `Subject` of `message`, decoded; nil when there is none.
    public static func subject(_ message: [UInt8]) -> String? {
        let text = String(decoding: message, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? text
        var value: String?
        for line in head.components(separatedBy: "\r\n") {
            if let current = value {
                guard line.first == " " || line.first == "\t" else { break }
                value = current + line  // unfolded: the line break goes, the white space stays
            } else if line.lowercased().hasPrefix("subject:") {
                value = String(line.dropFirst("subject:".count).drop { $0 == " " })
            }
        }
        return value.map(decodeWords)
    }

    /// `value` with its `=?utf-8?B?…?=` and `=?utf-8?Q?…?=` words decoded; white space between two encoded words
    /// is dropped, as RFC 2047 says.
    static func decodeWords(_ value: String) -> String {
        var out = ""
        var pendingSpace = ""
        var lastWasEncoded = false
        for token in value.split(separator: " ", omittingEmptySubsequences: false) {
            if let decoded = decodeWord(String(token)) {
                if !lastWasEncoded { out += pendingSpace }
                out += decoded
                lastWasEncoded = true
            } else {
                out += pendingSpace + token
                lastWasEncoded = false
            }
            pendingSpace = " "
        }
        return out
    }

    private static func decodeWord(_ word: String) -> String? {
        guard word.hasPrefix("=?"), word.hasSuffix("?="), word.count > 4 else { return nil }
        let parts = word.dropFirst(2).dropLast(2).split(separator: "?", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].lowercased() == "utf-8" else { return nil }
        switch parts[1].uppercased() {
        case "B":
            return Data(base64Encoded: String(parts[2])).map { String(decoding: $0, as: UTF8.self) }
        case "Q":
            var bytes: [UInt8] = []
            var index = parts[2].startIndex
            let text = parts[2]
            while index < text.endIndex {
                let character = text[index]
                if character == "_" { bytes.append(0x20) } else if character == "=",
                    let end = text.index(index, offsetBy: 3, limitedBy: text.endIndex),
                    let byte = UInt8(text[text.index(after: index)..<end], radix: 16) {
                    bytes.append(byte)
                    index = end
                    continue
                } else {
                    bytes.append(contentsOf: Array(String(character).utf8))
                }
                index = text.index(after: index)
            }
            return String(decoding: bytes, as: UTF8.self)
        default: return nil
        }
    }

    /// The decoded HTML part of `message`, or nil when it has none.
    public static func htmlPart(_ message: [UInt8]) -> String? { part(message, type: "text/html") }

    /// The decoded plain-text part of `message`, or nil when it has none.
    public static func textPart(_ message: [UInt8]) -> String? { part(message, type: "text/plain") }

    /// The decoded part of `message` whose content type is `type`.
    static func part(_ message: [UInt8], type: String) -> String? {
        let text = String(decoding: message, as: UTF8.self)
        guard let range = text.range(of: "boundary=\""),
              let end = text[range.upperBound...].firstIndex(of: "\"") else { return nil }
        let boundary = "--" + text[range.upperBound..<end]
        for part in text.components(separatedBy: boundary).dropFirst() {
            guard let split = part.range(of: "\r\n\r\n") else { continue }
            let headers = part[..<split.lowerBound].lowercased()
            guard headers.contains("content-type: " + type) else { continue }
            var body = String(part[split.upperBound...])
            if body.hasSuffix("\r\n") { body.removeLast() }  // the line break before the next boundary ("\r\n" is one Character)
            if headers.contains("content-transfer-encoding: base64") {
                return Data(base64Encoded: body, options: .ignoreUnknownCharacters).map { String(decoding: $0, as: UTF8.self) }
            }
            return headers.contains("quoted-printable") ? quotedPrintable(body) : body
        }
        return nil
    }

    /// `text` decoded from quoted-printable: soft line breaks removed, `=XX` bytes put back.
    static func quotedPrintable(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x41 + 10
            case 0x61...0x66: byte - 0x61 + 10
            default: nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "=") {
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { index += 3; continue }
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 2; continue }
                if index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                    out.append(high << 4 | low)
                    index += 3
                    continue
                }
            }
            out.append(byte)
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
