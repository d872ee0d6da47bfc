import Foundation

/// An RFC 5322 message with a MIME `multipart/alternative` body (RFC 2045–2047), written with CRLF line ends:
/// headers folded at 78 columns, a subject or display name outside ASCII as RFC 2047 encoded words, and each part
/// in quoted-printable UTF-8 with lines of at most 76 characters.
struct MIMEMessage: Sendable {
    /// `Name <address>` or `address`, as the template wrote it.
    var from: String
    /// The subject, on one line.
    var subject: String
    /// When the message is sent.
    var date: Date
    /// The `Message-ID`'s left part; its right part is the `from` address's domain.
    var uniqueID: String
    /// The alternatives, plainest first (`text/plain`, then `text/html`), as (media type, text): each a document
    /// whose shared runs (`TemplateParts`) are encoded once for every message that shares them.
    var parts: [(mediaType: String, text: RenderedDocument)]
    /// Who it is to (`To`), `Name <address>` or an address; none leaves the header out.
    var to: String?
    /// Where a reader stops these messages (`List-Unsubscribe`, RFC 2369): an `https` address, which also gets RFC
    /// 8058's `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, or a `mailto:` one.
    var unsubscribe: String?

    /// The message, CRLF-terminated.
    func serialized() throws(TemplateError) -> RenderedDocument {
        let address = try Self.address(from)
        let domain = address.addr.split(separator: "@").last.map(String.init) ?? "localhost"
        var out = ""
        out += Self.header("From", address.name.map { Self.phrase($0) + " <\(address.addr)>" } ?? address.addr)
        if let to {
            let recipient = try Self.address(to, role: "recipient")
            out += Self.header("To", recipient.name.map { Self.phrase($0) + " <\(recipient.addr)>" } ?? recipient.addr)
        }
        out += Self.header("Subject", Self.unstructured(subject))
        out += Self.header("Date", Self.rfc5322(date))
        out += Self.header("Message-ID", "<\(uniqueID)@\(domain)>")
        if let unsubscribe, !unsubscribe.isEmpty {
            // Checked as a product setting; a character that could end the header or the address is refused again.
            guard unsubscribe.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) && $0 != "<" && $0 != ">" && $0 != "," }) else {
                throw TemplateError(file: "product.unsubscribe", message: "the unsubscribe address \"\(unsubscribe)\" is not "
                                    + "one an email header can carry")
            }
            out += Self.header("List-Unsubscribe", "<\(unsubscribe)>")
            if unsubscribe.lowercased().hasPrefix("https://") {
                out += Self.header("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
            }
        }
        out += Self.header("MIME-Version", "1.0")
        let boundary = "=_alertkit_\(uniqueID)"  // "=_" never occurs in quoted-printable text
        out += Self.header("Content-Type", "multipart/alternative; boundary=\"\(boundary)\"")
        out += "\r\n"
        var builder = DocumentBuilder(capacity: parts.reduce(out.utf8.count + 512) { $0 + $1.text.count * 5 / 4 })
        builder.own += out.utf8
        for part in parts {
            builder.own += "--\(boundary)\r\n".utf8
            builder.own += Self.header("Content-Type", "\(part.mediaType); charset=utf-8").utf8
            builder.own += Self.header("Content-Transfer-Encoding", "quoted-printable").utf8
            builder.own += "\r\n".utf8
            QuotedPrintableWriter.append(part.text, to: &builder)
            builder.own += "\r\n".utf8
        }
        builder.own += "--\(boundary)--\r\n".utf8
        return builder.document()
    }

    // MARK: Headers

    /// `Name: value` folded at white space to lines of at most 78 characters.
    static func header(_ name: String, _ value: String) -> String {
        // Every value is ASCII (encoded words stand in for anything else), so a word's length is its byte count;
        // `Character` counts, each a walk over grapheme breaks, were most of the headers' cost.
        guard SMSText.isASCII(value) else { return headerOfCharacters(name, value) }
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count + value.utf8.count + 16)
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: ":"))
        let nameLength = out.count
        var lineLength = nameLength
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            while start <= bytes.count {  // each word between spaces, the empty ones too
                var end = start
                while end < bytes.count && bytes[end] != 0x20 { end += 1 }
                if lineLength + 1 + (end - start) > 78 && lineLength > nameLength {
                    out.append(0x0D); out.append(0x0A)
                    lineLength = 0
                }
                out.append(0x20)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                lineLength += 1 + end - start
                start = end + 1
            }
        }
        out.append(0x0D); out.append(0x0A)
        return String(decoding: out, as: UTF8.self)
    }

    /// `header(_:_:)` for a value outside ASCII, counted in characters.
    static func headerOfCharacters(_ name: String, _ value: String) -> String {
        var out = name + ":"
        var lineLength = out.count
        for word in value.split(separator: " ", omittingEmptySubsequences: false) {
            if lineLength + 1 + word.count > 78 && lineLength > name.count + 1 {
                out += "\r\n"
                lineLength = 0
            }
            out += " " + word
            lineLength += 1 + word.count
        }
        return out + "\r\n"
    }

    /// A subject: as it is when it is printable ASCII in words short enough to fold, else RFC 2047 encoded words.
    static func unstructured(_ text: String) -> String {
        guard text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }), !text.contains("=?") else { return encodedWords(text) }
        let words = text.utf8.split(separator: 0x20)  // printable ASCII: spaces are its only white space
        return words.allSatisfy({ $0.count <= 66 }) ? words.map { String(Substring($0)) }.joined(separator: " ") : encodedWords(text)
    }

    /// `text` on one line: its runs of the characters `isSeparator` picks (line breaks, white space) each made one
    /// space, none at either end. ASCII is read in bytes; other text in characters, which `isSeparator` also judges.
    static func oneLine(_ text: String, ascii: (UInt8) -> Bool, isSeparator: (Character) -> Bool) -> String {
        guard SMSText.isASCII(text) else { return text.split(whereSeparator: isSeparator).joined(separator: " ") }
        return text.utf8.split(whereSeparator: ascii).map { String(Substring($0)) }.joined(separator: " ")
    }

    /// A display name: as it is when it is letters, digits and spaces, else encoded words.
    static func phrase(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x20 }
        return plain && !text.isEmpty && text.utf8.count <= 66 ? text : encodedWords(text)
    }

    /// `=?utf-8?B?…?=` words of at most 66 characters (one fits after `Subject: ` in 78), split between
    /// characters, separated by spaces.
    static func encodedWords(_ text: String) -> String {
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(character.utf8)
            if !chunk.isEmpty && (chunk.count + bytes.count + 2) / 3 * 4 > 66 - 12 {
                words.append("=?utf-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?utf-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words.joined(separator: " ")
    }

    /// `Mon, 02 Jan 2006 15:04:05 +0000`. RFC 5322 (3.3) carries a year of four digits, 1900 or later: a date before
    /// 1900 is written as the first second of 1900, one after 9999 as the last second of 9999 (a reader takes a year
    /// of fewer digits for another century: `1` for 2001).
    static func rfc5322(_ date: Date) -> String {
        let seconds = min(max(Int(date.timeIntervalSince1970.rounded(.down)), earliestDate), latestDate)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let (year, month, day) = civil(fromDays: days)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(weekday), \(two(day)) \(months[month - 1]) \(year) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) +0000"
    }

    /// 1900-01-01T00:00:00Z and 9999-12-31T23:59:59Z, in seconds from 1970: the dates a `Date` header can carry.
    static let earliestDate = -2_208_988_800, latestDate = 253_402_300_799

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's algorithm).
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `Name <local@domain>` or `local@domain` split into its display name and address; anything else is an error,
    /// since a mail server would refuse the message.
    static func address(_ text: String, role: String = "sender") throws(TemplateError) -> (name: String?, addr: String) {
        // ASCII (every sender we have seen) is trimmed on its bytes: Foundation's trimming and a walk over characters
        // for each test were a sixth of an email's cost. The trimmed sets agree on ASCII (`EmailFormatTests`).
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let trimmed = ascii ? asciiTrimmed(text, newlines: true) : text.trimmingCharacters(in: .whitespacesAndNewlines)
        var name: String?
        var addr = trimmed
        if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
            let before = trimmed[..<open]
            name = ascii ? asciiTrimmed(String(before), newlines: false, quotes: true)
                : before.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            addr = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        }
        let atoms = addr.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard atoms.count == 2, atoms.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 < 0x80 && addressBytes[Int($0)] } }),
              !atoms[1].contains(where: { $0 < 0x80 && addressBytes[Int($0)] && !domainBytes[Int($0)] }) else {
            throw TemplateError(file: role == "sender" ? "from.txt.mustache" : "--to", message: "the \(role) \"\(trimmed)\" is "
                                + "not an address like Name <alerts@example.com>")
        }
        return (name.flatMap { $0.isEmpty ? nil : $0 }, addr)
    }

    /// The characters of an address's local part and domain (RFC 5322's `atext` and the dot), by ASCII byte.
    private static let addressBytes: [Bool] = (0..<128).map {
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.!#$%&'*+-/=?^_`{|}~".utf8.contains(UInt8($0))
    }
    /// Those of them a domain may hold: letters, digits, `.` and `-`.
    private static let domainBytes: [Bool] = (0..<128).map {
        addressBytes[$0] && !"!#$%&'*+/=?^_`{|}~".utf8.contains(UInt8($0))
    }

    /// ASCII `text` without the white space at either end that Foundation's `whitespacesAndNewlines` (tab to
    /// carriage return, space) or, without `newlines`, `whitespaces` (tab, space) trims; then, with `quotes`, without
    /// the quotation marks at either end.
    static func asciiTrimmed(_ text: String, newlines: Bool, quotes: Bool = false) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || (newlines && byte >= 0x0A && byte <= 0x0D) }
        var bytes = Substring(text).utf8[...]
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        if quotes {
            while bytes.first == UInt8(ascii: "\"") { bytes = bytes.dropFirst() }
            while bytes.last == UInt8(ascii: "\"") { bytes = bytes.dropLast() }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Bodies

    /// `text` as quoted-printable UTF-8 (RFC 2045 §6.7): line breaks as CRLF, lines of at most 76 characters with
    /// soft breaks, `=`, controls, non-ASCII and white space before a line end encoded.
    static func quotedPrintable(_ text: String) -> String {
        // In bytes, straight into the result, in one loop with no nested functions (each costs a call a byte): every
        // token is ASCII, so a line's length is its byte count. At most 3 bytes a byte, plus a soft break every 25
        // tokens and CRLF for LF: 4 a byte and a few.
        var bytes = Array(text.utf8)
        if bytes.last == 0x0A { bytes.removeLast() }
        let hex: StaticString = "0123456789ABCDEF"
        return String(unsafeUninitializedCapacity: bytes.count * 4 + 8) { out in
            var count = 0, lineStart = 0
            bytes.withUnsafeBufferPointer { bytes in
                var index = 0
                while index <= bytes.count {
                    let atEnd = index == bytes.count
                    let byte = atEnd ? 0x0A : bytes[index]
                    index += 1
                    if atEnd && count == lineStart { break }  // the text ended on a line end: nothing to close
                    if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { continue }
                    if byte == 0x0A || byte == 0x0D {
                        // White space before a line end is encoded.
                        if count > lineStart, out[count - 1] == 0x20 || out[count - 1] == 0x09 {
                            let last = out[count - 1]
                            count -= 1
                            if count - lineStart + 3 > 76 {
                                out[count] = 0x3D; out[count + 1] = 0x0D; out[count + 2] = 0x0A
                                count += 3
                            }
                            out[count] = 0x3D
                            out[count + 1] = UInt8(ascii: last == 0x20 ? "2" : "0")
                            out[count + 2] = UInt8(ascii: last == 0x20 ? "0" : "9")
                            count += 3
                        }
                        out[count] = 0x0D; out[count + 1] = 0x0A
                        count += 2
                        lineStart = count
                    } else if (byte >= 0x21 && byte <= 0x7E && byte != 0x3D) || byte == 0x20 || byte == 0x09 {
                        if count - lineStart >= 75 {
                            out[count] = 0x3D; out[count + 1] = 0x0D; out[count + 2] = 0x0A
                            count += 3
                            lineStart = count
                        }
                        out[count] = byte
                        count += 1
                    } else {
                        if count - lineStart + 3 > 75 {
                            out[count] = 0x3D; out[count + 1] = 0x0D; out[count + 2] = 0x0A
                            count += 3
                            lineStart = count
                        }
                        out[count] = 0x3D
                        out[count + 1] = hex.utf8Start[Int(byte >> 4)]
                        out[count + 2] = hex.utf8Start[Int(byte & 0x0F)]
                        count += 3
                    }
                }
            }
            if count >= 2, out[count - 2] == 0x0D, out[count - 1] == 0x0A { count -= 2 }
            return count
        }
    }
}
