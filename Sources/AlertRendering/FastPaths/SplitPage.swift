import Mustache

// Fast path (docs/fast-paths.md) of the standalone page. Reference: the page template rendered around the markup.
// Held equal by `PageShellTests`.

/// The page template rendered once and cut where the alert's markup, title and language go, so that a page costs
/// its own values and not a template rendering: the cut pieces are runs shared by every page (escaped for JSON
/// once). Used only if, for probe values that need escaping, filling the pieces gives what rendering the template
/// gives; otherwise the template is rendered for every page.
struct SplitPage: Sendable {
    enum Piece: Sendable {
        case markup(SharedRun)
        case alert, title, lang
    }

    let pieces: [Piece]

    /// Values no template escaping changes and no page holds.
    private static let sentinels: [(String, Piece)] = [("\u{1}alert\u{1}", .alert), ("\u{1}title\u{1}", .title),
                                                         ("\u{1}lang\u{1}", .lang)]

    init?(page: MustacheTemplate, styles: String) {
        let rendered = page.render(["alert": Self.sentinels[0].0, "title": Self.sentinels[1].0,
                                    "lang": Self.sentinels[2].0, "styles": styles])
        var pieces: [Piece] = []
        var rest = Substring(rendered)
        while let start = rest.firstIndex(of: "\u{1}") {
            guard let (sentinel, piece) = Self.sentinels.first(where: { rest[start...].hasPrefix($0.0) }) else { return nil }
            if start > rest.startIndex { pieces.append(.markup(SharedRun(String(rest[..<start])))) }
            pieces.append(piece)
            rest = rest[rest.index(start, offsetBy: sentinel.count)...]
        }
        if !rest.isEmpty { pieces.append(.markup(SharedRun(String(rest)))) }
        self.pieces = pieces
        for (alert, title, lang) in [("<p>A &amp; B</p>\n", #"<b> & "c" 'd' é<\#u{301} ✓"#, "es"), ("", "", "")] {
            var builder = DocumentBuilder(capacity: 0)
            _ = write(into: &builder, title: title, lang: lang) { $0.own.append(contentsOf: alert.utf8); return true }
            guard builder.document().bytes == Array(page.render(["alert": alert, "title": title, "lang": lang,
                                                                 "styles": styles]).utf8) else { return nil }
        }
    }

    /// Writes the page with its title and language escaped as the template escapes them, and the alert's markup
    /// written by `alert`; `false` if `alert` declines.
    func write(into document: inout DocumentBuilder, title: String, lang: String,
               alert: (inout DocumentBuilder) -> Bool) -> Bool {
        for piece in pieces {
            switch piece {
            case .markup(let run): document.insert(run)
            case .alert: guard alert(&document) else { return false }
            case .title: Self.appendEscaped(title, to: &document.own)
            case .lang: Self.appendEscaped(lang, to: &document.own)
            }
        }
        return true
    }

    /// Escapes as swift-mustache escapes `{{value}}`: each character that is exactly `<`, `>`, `&`, `"` or `'`.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
            return out.append(contentsOf: text.utf8)
        }
        for character in text {
            switch character {
            case "<": out.append(contentsOf: "&lt;".utf8)
            case ">": out.append(contentsOf: "&gt;".utf8)
            case "&": out.append(contentsOf: "&amp;".utf8)
            case "\"": out.append(contentsOf: "&quot;".utf8)
            case "'": out.append(contentsOf: "&#39;".utf8)
            default: out.append(contentsOf: character.utf8)
            }
        }
    }
}
