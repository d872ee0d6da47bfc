import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Template formats: escaping that belongs to the format, whatever tag the template uses.
@Suite("Template formats")
struct TemplateFormatTests {
    static let pipeline = AlertPipeline(context: .init(options: .init(revealsSensitiveValues: true)),
                                        formats: GoldenFileTests.pipeline.formats)

    static let payloads = [
        "{{title}}", "}}{{{id}}}", "{{> page}}", "{{=<% %>=}}<%title%>", "<b>bold</b> & \"quote\" 'apos'",
        "\"},{\"x\":1", "back\\slash", "<!channel> <https://evil.example|click> *b* _i_", "# h\n- item\n[x](javascript:x)",
        "\u{1B}[2J\u{7}\u{0}bell", "bidi \u{202E}x", "x@y.z https://evil.example/x",
    ]

    @Test("Slack and push parse and give every string back; SMS and text have no control character; no directive expands",
          arguments: payloads)
    func hostile(payload: String) throws {
        for template in InjectionTests.templates.dropFirst() {
            let input = try InjectionTests.alert(template, payload)
            for format in ["slack", "push"] {
                let document = try Self.pipeline.render(input, format: format).document
                let object = try JSONSerialization.jsonObject(with: Data(document.utf8))
                let strings = HostileTextTests.strings(in: object).map {
                    format == "slack" ? $0.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                        .replacingOccurrences(of: "&amp;", with: "&") : $0
                }
                #expect(!document.unicodeScalars.contains { ControlCharacters.isControl($0) && $0 != "\n" }, "\(format)")
                if format == "slack" {
                    #expect(strings.contains { $0.contains(Defang.text(payload)) }, "\(format): \(template)")
                    #expect(!document.contains("<!channel>") && !document.contains("<https://"))
                }
            }
            let sms = try Self.pipeline.render(input, format: "sms").document
            #expect(!sms.dropLast().unicodeScalars.contains(where: ControlCharacters.isControl))
            let email = try Self.pipeline.render(input, format: "email").document
            let (text, html) = try #require(Self.parts(ofEmail: email))
            #expect(!text.unicodeScalars.contains { ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\r" }, "email text")
            #expect(!html.contains("<b>") && !html.contains("<https://") && !html.contains("'apos'"), "email html: \(template)")
            #expect(email.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 78 }, "email line length")
            for format in ["slack", "push", "sms", "email"] {
                let document = try Self.pipeline.render(input, format: format).document
                #expect(!document.contains("4930") || payload.contains("4930"), "a directive expanded the id")
            }
        }
    }

    /// The text and HTML parts of a message, quoted-printable decoded.
    static func parts(ofEmail message: String) -> (text: String, html: String)? {
        let sections = message.components(separatedBy: "\r\n--=_alertkit_")
        guard sections.count == 4 else { return nil }
        func body(_ section: String) -> String {
            let content = section.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            var bytes: [UInt8] = []
            let raw = Array(content.replacingOccurrences(of: "=\r\n", with: "").utf8)
            var index = 0
            while index < raw.count {
                if raw[index] == UInt8(ascii: "="), index + 2 < raw.count,
                   let byte = UInt8(String(decoding: raw[index + 1...index + 2], as: UTF8.self), radix: 16) {
                    bytes.append(byte)
                    index += 3
                } else {
                    bytes.append(raw[index])
                    index += 1
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return (body(sections[1]), body(sections[2]))
    }

    @Test("SMS: at most 160 GSM-7 characters or 70 in UCS-2, cut at a word with an ellipsis", arguments: Fixtures.sampleNames)
    func sms(sample: String) throws {
        let text = try Self.pipeline.render(Fixtures.sample(sample), format: "sms").document
        #expect(text.hasSuffix("\n"))
        let message = String(text.dropLast())
        #expect(SMSText.length(message) <= (SMSText.isGSM7(message) ? 160 : 70), "\(message)")
        let view = try Self.pipeline.view(Fixtures.sample(sample))
        // Typographic punctuation may be written plain to keep the message GSM-7 (`Driver’s` as `Driver's`).
        #expect(message.contains(SMSText.plainIfGSM7(String(view.title.prefix(20)))) || message.contains(String(view.title.prefix(20))))
    }

    @Test("SMSText fits long text at a word, GSM-7 or UCS-2")
    func smsFit() {
        let long = String(repeating: "word ", count: 60)
        let fitted = SMSText.fit(long)
        #expect(fitted.count == 157 && fitted.hasSuffix("word...") && SMSText.length(fitted) <= 160)
        let greek = String(repeating: "λόγος ", count: 20)
        let unicode = SMSText.fit(greek)
        #expect(!SMSText.isGSM7(unicode) && unicode.utf16.count <= 70 && unicode.hasSuffix("…"))
        #expect(SMSText.fit("a {b}") == "a {b}" && SMSText.length("a {b}") == 7)
    }

    @Test("every tag a template may use gives the same escaped value")
    func tags() throws {
        let scratch = try ScratchDirectory("alertkit-tags")
        try scratch.file("probe.html.mustache", "{{title}}|{{{title}}}|{{&title}}|{{#details}}{{value}}{{/details}}|{{> part}}\n")
        try scratch.file("part.mustache", "{{{header.subtitle}}}")
        let formats = try FormatRegistry.standard(templates: [scratch.url])
        let input = try InjectionTests.alert(InjectionTests.templates[4], "<script>x</script>")
        let document = try AlertPipeline(formats: formats).render(input, format: "probe").document
        let parts = document.dropLast().split(separator: "|", omittingEmptySubsequences: false)
        #expect(parts[0] == parts[1] && parts[1] == parts[2])
        #expect(parts[3].contains("&lt;script&gt;x&lt;/script&gt;"), "\(document)")
        #expect(!document.contains("<script"))
    }

    @Test("a template cannot replace a built-in format, and a broken one breaks its own format with its file and line")
    func errors() throws {
        let scratch = try ScratchDirectory("alertkit-broken")
        try scratch.file("html.html.mustache", "{{title}}")
        let shadowing = try FormatRegistry.standard(templates: [scratch.url])
        #expect(shadowing.problems.map(\.message) == ["a template cannot replace the built-in format html; name the file otherwise"])
        #expect(try shadowing.emitter(named: "html") is HTMLEmitter)
        let broken = try ScratchDirectory("alertkit-broken")
        try broken.file("bad.txt.mustache", "line one\n{{#details}}\n{{value}}\n")
        let registry = try FormatRegistry.standard(templates: [broken.url])
        let error = try #require(registry.broken.first?.error)
        #expect(registry.broken.count == 1 && error.file.hasSuffix("bad.txt.mustache") && error.line == 4 && error.column == 1, "\(error)")
        #expect(error.message == "the template ends inside the section {{#details}} opened at line 2, column 1: close it with {{/details}}")
        let view = try AlertPipeline(formats: registry).view(Fixtures.sample("email-alert"))
        #expect(throws: TemplateError.self) { try registry.emitter(named: "bad").render(view, options: RenderOptions()) }
        #expect(try registry.emitter(named: "slack").render(view, options: RenderOptions()).contains("Email Address Leaked"))
    }

    @Test("a transform given a value it does not take breaks its format at load; a misspelt name only warns")
    func transformTypes() throws {
        let folder = try ScratchDirectory("alertkit-transform-types")
        try folder.file("bad.txt.mustache", "{{title}}\n{{uppercased(details)}}\n")
        try folder.file("warned.txt.mustache", "{{titel}}\n")
        let registry = try FormatRegistry.standard(templates: [folder.url])
        let error = try #require(registry.broken.first?.error)
        #expect(registry.broken.count == 1 && error.file.hasSuffix("bad.txt.mustache") && error.line == 2 && error.column == 1, "\(error)")
        #expect(error.message == "uppercased(…) takes a string; in uppercased(details) it is given a list")
        let view = try AlertPipeline(formats: registry).view(Fixtures.sample("email-alert"))
        #expect(throws: TemplateError.self) { try registry.emitter(named: "bad").render(view, options: RenderOptions()) }
        #expect(registry.unresolvedNames(of: "warned").map(\.message) == ["titel is not in the view model; did you mean title?"])
        #expect(try registry.emitter(named: "warned").render(view, options: RenderOptions()) == "\n")
    }
}
