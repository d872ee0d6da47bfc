import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// An author's first-line escaping never beats a markup extension's: `.html`, `.svg` or `.xml` output takes its own
/// escaping, or a composition that ends in it; anything else is a load error with file and line.
@Suite("A markup template's escaping")
struct MarkupEscapingTests {
    static let alert = Data(#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"<img src=x onerror=alert(1)>@b.co","Source":"s"}}]}"#.utf8)

    @Test("escape=text, json, markdown, csv, mrkdwn or html+text on a markup extension: the format is broken, file and line 1",
          arguments: ["html", "htm", "shtml", "HTML", "svg", "svgz", "xml", "xhtml", "xht"], ["text", "json", "markdown", "csv", "mrkdwn", "html+text", "xml+json"])
    func refused(fileExtension: String, escaping: String) throws {
        let scratch = try ScratchDirectory("alertkit-markup")
        let file = try scratch.file("formats/card.\(fileExtension).mustache", "{{! alertkit: escape=\(escaping) }}\n<p>{{#details}}{{value}}{{/details}}</p>\n")
        let registry = try FormatRegistry.standard(templates: [scratch.url])
        let problem = try #require(registry.problems.first { $0.file == file }, "\(registry.problems)")
        #expect(problem.line == 1 && problem.message.contains("as live markup"), "\(problem)")
        #expect(throws: (any Error).self) { try AlertPipeline(formats: registry).render(Self.alert, format: "card") }
    }

    @Test("the extension's own escaping, last in a composition or alone, loads and keeps markup out",
          arguments: [("html", "html"), ("html", "text+html"), ("htm", "html"), ("svg", "xml"), ("xml", "markdown+xml")])
    func accepted(fileExtension: String, escaping: String) throws {
        let scratch = try ScratchDirectory("alertkit-markup")
        try scratch.file("formats/card.\(fileExtension).mustache", "{{! alertkit: escape=\(escaping) }}\n<p>{{#details}}{{value}}{{/details}}</p>\n")
        let registry = try FormatRegistry.standard(templates: [scratch.url])
        #expect(registry.problems.isEmpty, "\(registry.problems)")
        let document = try AlertPipeline(formats: registry).render(Self.alert, format: "card").document
        #expect(!document.contains("<img") && document.contains("&lt;img"), "\(document)")
    }
}
