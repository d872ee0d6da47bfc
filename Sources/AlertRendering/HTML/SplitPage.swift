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

    /// The pieces of the page `render` makes (from the alert's markup, the title and the language), if filling them
    /// gives what `render` gives.
    init?(render: (_ alert: String, _ title: String, _ lang: String) -> String) {
        let rendered = render(Self.sentinels[0].0, Self.sentinels[1].0, Self.sentinels[2].0)
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
            guard builder.document().bytes == Array(render(alert, title, lang).utf8) else { return nil }
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

    /// Escapes as the page template's `{{value}}` does: every `<`, `>`, `&`, `"` and `'` byte (also one a combining
    /// mark follows, which swift-mustache, comparing characters, let through).
    @Sendable static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
            return out.append(contentsOf: text.utf8)
        }
        for byte in text.utf8 {
            switch byte {
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
    }
}
