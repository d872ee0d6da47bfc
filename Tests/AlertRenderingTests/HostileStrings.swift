import AlertTestSupport
import Foundation
import PropertyBased

/// A piece of a hostile string: text, or the JSON escape of half a UTF-16 surrogate pair (which no Swift string can
/// hold, so it exists only in the alert's JSON).
enum HostilePiece: Sendable, Hashable {
    case text(String)
    case loneSurrogate(UInt16)
}

/// One alert with a hostile string in every string field: the structure of a sample (`SampleData/`), every string
/// in it replaced except the match code, the state and the dates, which the contract constrains.
struct HostileAlert: Sendable, CustomStringConvertible {
    /// The sample whose structure it has.
    let sample: Int
    /// The strings, one for each field in the sample's order (cycled when the sample has more fields).
    let strings: [[HostilePiece]]

    /// The strings the alert's fields hold.
    var used: [[HostilePiece]] {
        (0..<HostileSamples.skeletons[sample].parts.count - 1).map { strings[$0 % strings.count] }
    }

    /// Whether a string holds half a surrogate pair: the alert must be refused. A high half escaped right before a
    /// low one is no half: the two make one character (`\ud83d\ude00` is 😀), which the decoder accepts.
    var hasLoneSurrogate: Bool {
        used.contains { pieces in
            var index = 0
            while index < pieces.count {
                if case .loneSurrogate(let unit) = pieces[index] {
                    guard (0xD800...0xDBFF).contains(unit), index + 1 < pieces.count,
                          case .loneSurrogate(let next) = pieces[index + 1], (0xDC00...0xDFFF).contains(next) else { return true }
                    index += 2
                    continue
                }
                index += 1
            }
            return false
        }
    }

    /// The strings as the decoder gives them back.
    var texts: [String] {
        used.map { $0.map { if case .text(let text) = $0 { text } else { "" } }.joined() }
    }

    /// The alert's JSON.
    var json: Data { Data(HostileSamples.skeletons[sample].fill(strings).utf8) }

    /// The same alert with every `{` and `}` in its strings replaced by `%`: no Mustache tag left in it.
    var withoutBraces: HostileAlert {
        HostileAlert(sample: sample, strings: strings.map { $0.map {
            if case .text(let text) = $0 { .text(HostileSamples.bracesAsPercent(text)) } else { $0 }
        } })
    }

    var description: String { String(decoding: json, as: UTF8.self) }
}

/// The samples as skeletons with holes for strings, and the generators of hostile strings.
enum HostileSamples {
    /// Parts of hostile strings: markup and syntax of every output (HTML, Markdown, Mustache, JSON, Slack, MIME),
    /// controls and bidi characters, invisible ones, long words and combining floods.
    static let fragments: [String] = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "\"><svg onload=alert(1)>", "' onmouseover='x",
        "</div></body>", "<!--", "-->", "<![CDATA[", "&amp;", "&#x3C;b&#x3E;", "<style>*{}</style>", "<a href=//e.x>",
        "[x](javascript:alert(1))", "![i](http://e.x/i.png)", "<https://evil.example>", "**b** _i_ `c` ~~s~~",
        "# h", "> q", "- item", "1. item", "| a | b |\n|---|---|", "***", "\\", "[r]: http://e.x", "www.evil.example",
        "bob@evil.example", "https://evil.example/x?a=1&b=2", "javascript:alert(1)", "data:text/html,<b>x</b>",
        "{{id}}", "{{{title}}}", "{{#details}}x{{/details}}", "{{^urgent}}!{{/urgent}}", "{{>partial}}",
        "{{=<% %>=}}", "{{! c }}", "{{%CONTENT_TYPE: text/html}}", "{{uppercased(title)}}", "{{.}}", "}}{{",
        "\"", "\\u0000", "\\\"}", "\"},{\"id\":\"x\"}", "</script>", "<!channel>", "<@U123>", "<https://e.x|click>",
        "*bold*", "`x`", ">quote", "\r\nBcc: victim@example.com\r\n", "\n\n--=_alertkit_\n", "=?utf-8?q?x?=", "=3D",
        "\u{202E}gpj.exe", "\u{2066}x\u{2069}", "\u{200F}", "\u{061C}", "\u{202A}\u{202B}\u{202C}\u{202D}",
        "\u{200B}\u{200C}\u{200D}\u{FEFF}\u{2060}", "\u{0}", "\u{1B}[2J\u{1B}[31m", "\u{1B}]0;t\u{7}", "\u{9B}2J",
        "\u{85}", "\u{7F}", "\r\n", "\t", "\u{2028}\u{2029}", "\u{8}\u{8}\u{8}",
        String(repeating: "A", count: 300), String(repeating: "x", count: 2000), String(repeating: "ab ", count: 200),
        "e" + String(repeating: "\u{301}", count: 200), "Z\u{338}\u{322}\u{31B}\u{354}\u{34E}", "👨‍👩‍👧‍👦", "🇺🇸",
        "\u{FFFD}", "\u{10FFFF}", "\u{FDFA}", "ǅ", "İ", "ß", "   ", "0", "-1", "null", "true",
    ]

    /// Ranges of scalars drawn at random: controls, bidi and invisible characters, and the whole of Unicode.
    static let ranges: [ClosedRange<UInt32>] = [
        0x00...0x1F, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x0300...0x036F,
        0x20...0x7E, 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF,
    ]

    static let scalar = zip(Gen.element(of: ranges), Gen<UInt32>.value(in: 0...UInt32.max)).map { range, n in
        Unicode.Scalar(range!.lowerBound + n % UInt32(range!.count)) ?? "\u{FFFD}"
    }

    /// One piece: mostly fragments and random scalars, rarely half a surrogate pair.
    static let piece = zip(Gen.int(in: 0...999), Gen.element(of: fragments), scalar.array(of: 1...12))
        .map { roll, fragment, scalars -> HostilePiece in
            if roll < 2 { return .loneSurrogate(roll == 0 ? 0xD83D : 0xDE00) }
            if roll < 550 { return .text(fragment!) }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            return .text(String(text))
        }

    /// A whole case: a sample's structure and 24 hostile strings.
    static let alert = zip(Gen.int(in: 0...(skeletons.count - 1)), piece.array(of: 1...5).array(of: 24))
        .map { sample, strings in HostileAlert(sample: sample, strings: strings) }

    /// A sample with its strings taken out.
    struct Skeleton: Sendable {
        /// The JSON text around the holes.
        let parts: [String]

        func fill(_ strings: [[HostilePiece]]) -> String {
            var text = parts[0]
            for (index, part) in parts.dropFirst().enumerated() {
                text += HostileSamples.literal(strings[index % strings.count]) + part
            }
            return text
        }
    }

    /// Every sample as a skeleton.
    static let skeletons: [Skeleton] = Fixtures.sampleNames.map { name in
        let json = try! JSONSerialization.jsonObject(with: Fixtures.sample(name))
        var count = 0
        let holed = holes(in: json, key: nil, count: &count)
        precondition(count > 0, "\(name) has no string to replace")
        let text = String(decoding: try! JSONSerialization.data(withJSONObject: holed, options: [.sortedKeys]), as: UTF8.self)
        // The holes in the order the text has them (the serializer orders keys its own way).
        var parts: [String] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\"\u{E000}hole"), let end = rest[start.upperBound...].range(of: "\u{E001}\"") {
            parts.append(String(rest[..<start.lowerBound]))
            rest = rest[end.upperBound...]
        }
        parts.append(String(rest))
        return Skeleton(parts: parts)
    }

    private static func hole(_ index: Int) -> String { "\u{E000}hole\(index)\u{E001}" }

    /// The keys whose values the contract constrains (a match code, a two-letter state), kept as the sample has them.
    private static let kept: Set<String> = ["match", "state"]

    private static func holes(in value: Any, key: String?, count: inout Int) -> Any {
        switch value {
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for key in object.keys.sorted() { result[key] = holes(in: object[key]!, key: key, count: &count) }
            return result
        case let list as [Any]:
            return list.map { holes(in: $0, key: key, count: &count) }
        case let text as String:
            if kept.contains(key ?? "") || text.first?.isNumber == true && text.contains("-") && text.count >= 10 {
                return text  // dates and times
            }
            defer { count += 1 }
            return hole(count)
        default:
            return value
        }
    }

    /// A JSON string literal of `pieces`: quotes, backslashes and C0 controls escaped, everything else as UTF-8, and
    /// half surrogate pairs as `\uD83D`.
    static func literal(_ pieces: [HostilePiece]) -> String {
        var out = "\""
        for piece in pieces {
            switch piece {
            case .loneSurrogate(let unit):
                out += "\\u" + String(unit, radix: 16)
            case .text(let text):
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\"": out += "\\\""
                    case "\\": out += "\\\\"
                    case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                    default: out.unicodeScalars.append(scalar)
                    }
                }
            }
        }
        return out + "\""
    }

    static func bracesAsPercent(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "{" || $0 == "}" ? "%" : $0 }))
    }
}
