import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The escapings for the channels teams add (Jira wiki markup, Slack `mrkdwn`) and their composition
/// (`markdown+json`, `mrkdwn+json`), named on a template's first line.
@Suite("Channel escapings")
struct ChannelEscapingTests {
    static let hostile = "{color:red}x{color} [a|https://evil.example] *b* _i_ -s- +u+ ^p^ ~q~ ??c?? !img.png! ||t|| #1 "
        + "<!channel> <https://evil.example|click> `code` @here bq. h1. \\\\ line\nbreak"

    @Test("names compose left to right; an unknown name in a chain is refused")
    func names() {
        #expect(TemplateEscaping(rawValue: "markdown+json") == .composed([.markdown, .json]))
        #expect(TemplateEscaping(rawValue: "markdown+json")?.rawValue == "markdown+json")
        #expect(TemplateEscaping(rawValue: "jira") == .jira && TemplateEscaping(rawValue: "markdown+yaml") == nil)
        #expect(TemplateEscaping(rawValue: "markdown+json")?.outermost == .json)
        let composed = TemplateEscaping.composed([.markdown, .json])
        #expect(composed.escape("a \"b\" *c*") == TemplateEscaping.json.escape(TemplateEscaping.markdown.escape("a \"b\" *c*")))
    }

    @Test("Jira: every character the markup reads is escaped, no autolink or mention, one line")
    func jira() {
        let escaped = TemplateEscaping.jira.escape(Self.hostile)
        let scalars = Array(escaped.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where "*_-+^~?{}[]|!#()".unicodeScalars.contains(scalar) {
            #expect(index > 0 && scalars[index - 1] == "\\", "\(scalar) unescaped in \(escaped)")
        }
        #expect(!escaped.contains("https://") && !escaped.contains(" @") && !escaped.contains("\n"))
        #expect(escaped.contains("https:\u{2060}//") && escaped.contains("\u{2060}@here"))
        #expect(TemplateEscaping.jira.escape("h1. Title").hasPrefix("\u{2060}h1."))
    }

    @Test("Slack mrkdwn: no mention, link, bold, italic, strike, code or quote from a value")
    func mrkdwn() {
        let escaped = TemplateEscaping.mrkdwn.escape(Self.hostile + "\n> quoted")
        #expect(!escaped.contains("<") && !escaped.contains(">") && escaped.contains("&lt;!channel&gt;"))
        for marker in ["*", "_", "~", "`"] {
            #expect(escaped.components(separatedBy: "\u{200B}" + marker + "\u{200B}").count - 1
                    == Self.hostile.filter { String($0) == marker }.count, "\(marker)")
        }
        #expect(!escaped.contains("https://") && !escaped.contains("\n"))
    }

    @Test("a template names its escaping on its first line: jira as text, mrkdwn+json as JSON that gives the text back")
    func templates() throws {
        let scratch = try ScratchDirectory("alertkit-escaping")
        try scratch.file("ticket.txt.mustache", "{{! alertkit: escape=jira }}\nh2. {{title}}\n{{#details}}* {{value}}\n{{/details}}")
        try scratch.file("note.json.mustache", "{{! alertkit: escape=mrkdwn+json }}\n{\"text\": \"*{{title}}*{{#details}} {{value}}{{/details}}\"}")
        let pipeline = AlertPipeline(formats: try .standard(templates: [scratch.url]))
        let payload = #"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"*b* <!here> {color:red}","Source":"s"}}]}"#
        let ticket = try pipeline.render(Data(payload.utf8), format: "ticket").document
        #expect(ticket.contains("\\*b\\*") && ticket.contains("\\{color:\u{2060}red\\}") && ticket.drop(while: \.isNewline).hasPrefix("h2. "), "\(ticket)")
        let note = try pipeline.render(Data(payload.utf8), format: "note").document
        let object = try #require(try JSONSerialization.jsonObject(with: Data(note.utf8)) as? [String: String])
        #expect(object["text"]?.contains("&lt;!here&gt;") == true && object["text"]?.hasPrefix("*Email Address Leaked*") == true)
        #expect(try pipeline.formats.emitter(named: "note").format.mediaType == "application/json")
    }
}
