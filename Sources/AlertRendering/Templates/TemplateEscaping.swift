import AlertJSON
import AlertModel
import Foundation

/// How a template format escapes every value from the view model before the template sees it: the format decides,
/// never the template's author, so `{{x}}`, `{{{x}}}` and `{{&x}}` all give the same safe text. A template's first
/// line names one (`{{! alertkit: escape=jira }}`) or a composition applied left to right
/// (`escape=markdown+json`: CommonMark text inside a JSON string, as an Adaptive Card's `text` is).
public enum TemplateEscaping: Sendable, Hashable, CaseIterable, RawRepresentable {
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
    /// Jira's wiki markup (a ticket's description): every character the markup gives a meaning (`* _ - + ^ ~ ? { } [
    /// ] | ! # ( )` and `\`) behind a backslash, a word joiner after `:` and before `@` (no autolink, no mention),
    /// line breaks folded into spaces, so `{color}`, `[link|url]`, `||` tables and `h1.` stay text.
    case jira
    /// Slack's `mrkdwn` text, before the JSON that carries it (`escape=mrkdwn+json`): `&`, `<` and `>` as Slack's
    /// entities (no `<!channel>`, no `<url|text>`), a zero-width space around `* _ ~` and the backquote (no bold,
    /// italic, strike or code), a word joiner after `:` before `//` (no bare link) and before `@`, and line breaks
    /// folded into spaces (no `>` quote).
    case mrkdwn
    /// Escapings applied in order: `markdown+json` escapes for Markdown, then for a JSON string.
    case composed([TemplateEscaping])

    /// The escapings a template can name, each alone (any of them compose with `+`).
    public static let allCases: [TemplateEscaping] = [.html, .json, .slack, .markdown, .xml, .csv, .text, .jira, .mrkdwn]

    /// The escaping's name: `json`, or a composition `markdown+json`.
    public var rawValue: String {
        switch self {
        case .html: "html"
        case .json: "json"
        case .slack: "slack"
        case .markdown: "markdown"
        case .xml: "xml"
        case .csv: "csv"
        case .text: "text"
        case .jira: "jira"
        case .mrkdwn: "mrkdwn"
        case .composed(let chain): chain.map(\.rawValue).joined(separator: "+")
        }
    }

    /// The escaping named `rawValue`: one name, or names joined by `+` (applied left to right); nil for an unknown
    /// name.
    public init?(rawValue: String) {
        let names = rawValue.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard names.count > 1 else {
            guard let one = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
            self = one
            return
        }
        var chain: [TemplateEscaping] = []
        for name in names {
            guard let one = Self.allCases.first(where: { $0.rawValue == name }) else { return nil }
            chain.append(one)
        }
        self = .composed(chain)
    }

    /// The escaping whose output the document is (the last of a composition): what its media type follows.
    public var outermost: TemplateEscaping {
        if case .composed(let chain) = self, let last = chain.last { return last.outermost }
        return self
    }

    /// Whether this escaping's output is markup (HTML, XML): a template whose extension calls for one may name no
    /// other escaping last, since any other would leave alert strings live markup there.
    public var isMarkup: Bool { self == .html || self == .xml }

    /// The escaping an output extension calls for; nil for an extension AlertKit knows no escaping for (the template
    /// then names one on its first line, or is refused).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "html", "htm", "shtml": self = .html
        case "json": self = .json
        case "md", "markdown": self = .markdown
        case "xml", "xhtml", "xht", "svg", "svgz", "rss", "atom", "xsl", "xslt", "plist", "kml", "gpx": self = .xml
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
        case .jira:
            return Self.jira(ControlCharacters.visible(value))
        case .mrkdwn:
            return Self.mrkdwn(ControlCharacters.visible(value))
        case .composed(let chain):
            return chain.reduce(value) { $1.escape($0) }
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

    static func slackEntities(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// CommonMark and GFM text on one line that renders as exactly `text`, escaping only what would change its
    /// meaning: `immediately.` stays as it is. Always escaped: `\\`, `` ` ``, `*`, `_`, `[`, `]`, `<`, `>`, `~`, `|`; `&`
    /// before a letter or `#` (an entity) and `!` before `[` (an image). At the value's start, which a template may put
    /// at a line's start: `#`, `+`, `-`, `=` and a number's `.` or `)` (a heading, a list item, a setext line). A word
    /// joiner (U+2060) breaks what GFM would make a link: before `@`, after the `:` of `://`, inside `www.`.
    private static func markdown(_ text: String) -> String {
        oneLine(text) { out, scalars, index in
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            // Nothing but white space written yet: `oneLine` skips leading white space and writes a space only after
            // something else, so that is an empty `out` (looking through `out` for each scalar made this quadratic).
            let atStart = out.isEmpty
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "~", "|":
                out.append("\\")
                out.append(scalar)
            case "&" where next == "#" || isAlphabetic(next), "!" where next == "[":
                out.append("\\")
                out.append(scalar)
            case "#", "+", "-", "=":
                if atStart { out.append("\\") }
                out.append(scalar)
            case ".", ")":
                // `1.` or `1)` at the start: an ordered list item.
                if !out.isEmpty, out.allSatisfy({ ("0"..."9").contains($0) }) { out.append("\\") }
                out.append(scalar)
            case "@":
                out.append("\u{2060}")
                out.append(scalar)
            case ":":
                out.append(scalar)
                if next == "/", index + 2 < scalars.count, scalars[index + 2] == "/" { out.append("\u{2060}") }
            case "w", "W":
                out.append(scalar)
                let word = scalars[index...].prefix(4).map { Character($0).lowercased() }.joined()
                let startsWord = index == 0 || !(isAlphabetic(scalars[index - 1]) || ("0"..."9").contains(scalars[index - 1]))
                if word == "www.", startsWord { out.append("\u{2060}") }
            default:
                out.append(scalar)
            }
        }
    }

    /// `text` on one line, each character but white space through `append` (given all the scalars and the index):
    /// runs of white space as one space, none at either end (four leading spaces would start a code block, a line
    /// break a list, heading or quote).
    /// `properties.isWhitespace`, answered without the Unicode tables for ASCII (most of what alerts hold).
    @inline(__always)
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// `properties.isAlphabetic`, answered without the Unicode tables for ASCII.
    @inline(__always)
    static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value) : scalar.properties.isAlphabetic
    }

    private static func oneLine(_ text: String,
                                _ append: (inout String.UnicodeScalarView, [Unicode.Scalar], Int) -> Void) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var lastWasSpace = true
        for index in scalars.indices {
            if isWhitespace(scalars[index]) {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            append(&out, scalars, index)
        }
        var result = String(out)
        while result.last == " " { result.removeLast() }
        return result
    }

    /// Jira wiki markup: see `jira`.
    private static func jira(_ text: String) -> String {
        var result = oneLine(text) { out, scalars, index in
            let scalar = scalars[index]
            switch scalar {
            case "\\", "*", "_", "-", "+", "^", "~", "?", "{", "}", "[", "]", "|", "!", "#", "(", ")":
                out.append("\\")
                out.append(scalar)
            case ":":
                out.append(scalar)
                out.append("\u{2060}")
            case "@":
                out.append("\u{2060}")
                out.append(scalar)
            default:
                out.append(scalar)
            }
        }
        // `h1.` to `h6.` and `bq.` start a heading or a quote at the start of a line.
        if let first = result.first, first == "h" || first == "b", result.prefix(4).contains(".") { result = "\u{2060}" + result }
        return result
    }

    /// Slack `mrkdwn`: see `mrkdwn`.
    private static func mrkdwn(_ text: String) -> String {
        oneLine(text) { out, scalars, index in
            let scalar = scalars[index]
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "*", "_", "~", "`":
                out.append("\u{200B}")
                out.append(scalar)
                out.append("\u{200B}")
            case ":":
                out.append(scalar)
                if index + 2 < scalars.count, scalars[index + 1] == "/", scalars[index + 2] == "/" { out.append("\u{2060}") }
            case "@":
                out.append("\u{2060}")
                out.append(scalar)
            default:
                out.append(scalar)
            }
        }
    }
}
