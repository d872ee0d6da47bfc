import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Issue 10's injection cases in the formats: control characters never reach a reader raw, Markdown shows every
/// value as text in CommonMark and GFM renderers alike, and wrapping keeps every grapheme.
@Suite("Hostile text in every format")
struct HostileTextTests {
    static let controls = [
        "\u{1B}]0;pwned\u{7}title", "\u{1B}[2J\u{1B}[31mNo action needed", "nul\u{0}byte", "bell\u{7}back\u{8}space",
        "C1 \u{9B}2J and \u{85}next", "bidi \u{202E}gpj.exe\u{202C} \u{2066}x\u{2069} \u{200F}", "del\u{7F}",
    ]

    /// A pipeline that shows sensitive values, so every field's text is in the output.
    static let pipeline = AlertPipeline(context: .init(options: .init(revealsSensitiveValues: true)))

    static func controlScalars(_ text: String, allowing allowed: Set<UInt32> = [0x0A]) -> [UInt32] {
        text.unicodeScalars.filter { ControlCharacters.isControl($0) && !allowed.contains($0.value) }.map(\.value)
    }

    @Test("10. control characters in any field are made visible in HTML, Markdown and text", arguments: controls)
    func visible(payload: String) throws {
        for template in InjectionTests.templates {
            let input = try InjectionTests.alert(template, payload)
            for format in ["html", "markdown", "text"] {
                let document = try Self.pipeline.render(input, format: format).document
                #expect(Self.controlScalars(document).isEmpty, "\(format): \(Self.controlScalars(document)) from \(template)")
            }
        }
        let text = try Self.pipeline.render(try InjectionTests.alert(InjectionTests.templates[3], payload), format: "text").document
        #expect(text.contains(ControlCharacters.visible(payload).split(separator: " ").first.map(String.init) ?? ""))
    }

    @Test("10. JSON escapes control characters and gives every string back unchanged", arguments: controls)
    func json(payload: String) throws {
        for template in InjectionTests.templates.dropFirst() {
            let input = try InjectionTests.alert(template, payload)
            for fragment in [false, true] {
                let document = try Self.pipeline.render(input, format: "json", options: .init(fragment: fragment)).document
                #expect(Self.controlScalars(document).isEmpty, "\(Self.controlScalars(document))")
                let strings = try Self.strings(in: JSONSerialization.jsonObject(with: Data(document.utf8)))
                // A third-party place shows it defanged, the customer's own value as it is (docs/content.md).
                #expect(strings.contains(where: { $0.contains(Defang.text(payload)) || $0.contains(Defang.identifier(payload)) }),
                        "\(template)")
            }
        }
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let list as [Any]: list.flatMap(strings(in:))
        case let object as [String: Any]: object.values.flatMap(strings(in:))
        default: []
        }
    }

    static let markdownPayloads = [
        "https://evil.example/x", "see www.evil.example now", "mail bob@evil.example", "evil.example/path",
        "~~struck~~", "| a | b |", "   ", "* * *", "- - -", "___", "x@y.z and http://a.b", "<!channel> <https://e.x|click>",
    ]

    @Test("11. every value in Markdown is text to cmark-gfm (autolink, tables, strikethrough) and markdown-it with linkify")
    func gfm() throws {
        var documents: [(String, String)] = []
        for payload in Self.markdownPayloads {
            for template in InjectionTests.templates.dropFirst() {
                let markdown = try Self.pipeline.render(try InjectionTests.alert(template, payload), format: "markdown").document
                documents.append((payload, markdown))
            }
        }
        let rendered = try Self.renderGFM(documents.map(\.1))
        for ((payload, markdown), html) in zip(documents, rendered) {
            // No value makes a link: the payloads' addresses are on no network's domain, and the catalog's sources are
            // the only links.
            for bad in ["<del", "<s>", "<table", "<hr"] {
                #expect(!html.contains(bad), "\(bad) from \(payload.debugDescription): \(markdown)")
            }
            #expect(TrustedLinks.untrusted(inHTML: html).isEmpty, "\(payload.debugDescription): \(markdown)")
        }
    }

    /// The HTML that cmark-gfm (with GitHub's extensions) and markdown-it (GFM-like, with linkify) make of each
    /// document, one after the other for each.
    static func renderGFM(_ documents: [String]) throws -> [String] {
        let scratch = try ScratchDirectory("alertkit-gfm")
        let input = try scratch.file("documents.json", try JSONEncoder().encode(documents))
        let script = """
            import json, subprocess, sys
            from markdown_it import MarkdownIt
            md = MarkdownIt("gfm-like", {"linkify": True}).enable(["linkify", "strikethrough", "table"])
            out = []
            for doc in json.load(open(sys.argv[1])):
                gfm = subprocess.run(["cmark-gfm", "--extension", "autolink", "--extension", "strikethrough",
                                      "--extension", "table", "--extension", "tagfilter"],
                                     input=doc.encode(), capture_output=True, check=True).stdout.decode()
                out.append(gfm + "\\n" + md.render(doc))
            json.dump(out, sys.stdout)
            """
        let result = try Fixtures.run("/usr/bin/env", ["python3", "-c", script, input])
        try #require(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode([String].self, from: result.standardOutput)
    }

    @Test("11. a value of spaces alone is no thematic break, and nothing else in the document changes")
    func spaces() throws {
        let markdown = try Self.pipeline.render(try InjectionTests.alert(InjectionTests.templates[4], "   "), format: "markdown").document
        #expect(!CommonMarkReader.html(markdown).contains("<hr"))
        #expect(!markdown.contains("**   **"))
    }

    @Test("12. text wraps by word and keeps every grapheme, combining marks on spaces included",
          arguments: ["( ͡° ͜ʖ ͡°)", "e\u{301} a\u{308}\u{308} \u{20DD}", "👩‍👩‍👧 🇪🇸 ok"])
    func graphemes(payload: String) throws {
        for width in [20, 72] {
            let input = try InjectionTests.alert(InjectionTests.templates[5], payload)  // the Source field: "From: …"
            let text = try Self.pipeline.render(input, format: "text", options: .init(textWidth: width)).document
            let words = payload.split(separator: " ", omittingEmptySubsequences: true)
            for word in words { #expect(text.contains(word), "\(word) lost at width \(width): \(text)") }
            let folded = text.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
            #expect(folded.contains(payload) || width < 72, "\(text)")
        }
    }
}
