import AlertJSON
import AlertModel
import Foundation

/// How a template format escapes every value from the view model before the template sees it: the format decides,
/// never the template's author, so `{{x}}`, `{{{x}}}` and `{{&x}}` all give the same safe text.
public enum TemplateEscaping: String, Sendable, Hashable, CaseIterable {
    /// HTML (`.html`, `.htm`): `& < > " '` as entities.
    case html
    /// The inside of a JSON string (`.json`): quotes, backslashes and control characters escaped.
    case json
    /// Slack's text inside a JSON string: `&`, `<` and `>` as Slack's entities first, so `<!channel>` or
    /// `<https://evil|click>` is shown, never acted on; then JSON.
    case slack
    /// CommonMark (`.md`, `.markdown`): every ASCII punctuation character behind a backslash (and a word joiner
    /// before `@`), so that no value becomes a Markdown construct or an autolink in any renderer.
    case markdown
    /// XML and its family (`.xml`, `.xhtml`, `.svg`, `.rss`, `.atom`, `.xsl`, `.xslt`, `.plist`, `.kml`, `.gpx`): `& < > " '`
    /// as entities, and characters XML 1.0 forbids (controls) made visible.
    case xml
    /// CSV (`.csv`, `.tsv`): each value one quoted field (quotes doubled, line breaks folded into spaces), and a value
    /// that starts like a spreadsheet formula (`=`, `+`, `-`, `@`, a tab or a carriage return) starts with `'`, so it
    /// is read as text. Write values bare in the template: `{{id}},{{title}}`.
    case csv
    /// Plain text (`.txt`, `.text`, `.log`, and any extension whose first line says `escape=text`): control
    /// characters made visible.
    case text

    /// The escaping an output extension calls for; nil for an extension AlertKit knows no escaping for (the template
    /// then names one on its first line, or is refused).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "html", "htm": self = .html
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "xml", "xhtml", "svg", "rss", "atom", "xsl", "xslt", "plist", "kml", "gpx": self = .xml
        case "csv", "tsv": self = .csv
        case "txt", "text", "log": self = .text
        default: return nil
        }
    }

    /// `value` escaped for this output. HTML, Markdown and text make control characters visible and fold line
    /// breaks into spaces, so that a value stays on the line the template put it on; JSON escapes them.
    public func escape(_ value: String) -> String {
        switch self {
        case .html:
            return CMark.escapeHTML(ControlCharacters.visible(value))
        case .json:
            if Self.isPlainASCII(value, slack: false) { return value }
            var bytes: [UInt8] = []
            JSONString.append(value, to: &bytes, quoted: false)
            return bytes.count == value.utf8.count ? value : String(decoding: bytes, as: UTF8.self)  // escapes lengthen
        case .slack:
            if Self.isPlainASCII(value, slack: true) { return value }
            return TemplateEscaping.json.escape(Self.slackEntities(value))
        case .markdown:
            return Self.markdown(ControlCharacters.visible(value))
        case .xml:
            return CMark.escapeHTML(Self.xmlCharacters(ControlCharacters.visible(value)))
        case .csv:
            return Self.csv(ControlCharacters.visible(value))
        case .text:
            return ControlCharacters.visible(value)
        }
    }

    /// Whether `value` is printable ASCII with nothing JSON (or, with `slack`, Slack) escapes: most values are, and
    /// this look is cheaper than the escaping's. Eight bytes at a time: each test below is exact for "some byte of
    /// the word is …" (the classic zero-byte and less-than tests), so a word passes only when all eight bytes do.
    static func isPlainASCII(_ value: String, slack: Bool) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func has(_ word: UInt64, _ byte: UInt8) -> Bool {
                let matched = word ^ (ones &* UInt64(byte))
                return (matched &- ones) & ~matched & highs != 0
            }
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & highs != 0 { return false }  // a byte of 0x80 or more
                if (word &- ones &* 0x20) & ~word & highs != 0 { return false }  // a byte under 0x20
                if has(word, 0x7F) || has(word, 0x22) || has(word, 0x5C) { return false }
                if slack, has(word, 0x26) || has(word, 0x3C) || has(word, 0x3E) { return false }
                index += 8
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C { return false }
                if slack, byte == 0x26 || byte == 0x3C || byte == 0x3E { return false }
                index += 1
            }
            return true
        }
    }

    /// Noncharacters (U+FFFE, U+FFFF, U+FDD0–U+FDEF and the last two of every plane), which XML forbids or
    /// discourages, made visible as `<U+FFFE>`.
    private static func xmlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isNoncharacter) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isNoncharacter(scalar) {
                out.append(contentsOf: "<U+\(String(scalar.value, radix: 16, uppercase: true))>".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    private static func csv(_ text: String) -> String {
        var field = text.replacingOccurrences(of: "\"", with: "\"\"")
        if let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first)
            || (first.properties.isWhitespace && field.trimmingCharacters(in: .whitespaces).first.map { "=+-@".contains($0) } == true) {
            field = "'" + field
        }
        return "\"" + field + "\""
    }

    private static func slackEntities(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    private static func markdown(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var lastWasSpace = true  // leading white space goes: four spaces would start a code block
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !lastWasSpace { out.unicodeScalars.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            if isASCIIPunctuation(scalar) {
                if scalar == "@" { out.unicodeScalars.append("\u{2060}") }
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(scalar)
        }
        while out.last == " " { out.removeLast() }
        return out
    }

    private static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }
}
