@testable import AlertRendering
@testable import AlertReview
import AlertTestSupport
import Foundation
import Testing

@Suite("Formats shared between sides")
struct SharedFormatTests {
    @Test("a format whose templates are the same text on both sides is shared (one emitter, one set of caches); a changed one is not")
    func sharing() throws {
        let folder = try ScratchDirectory("alertkit-review")
        let slack = try String(contentsOf: TemplateFormats.shipped.appendingPathComponent("slack.json.mustache"), encoding: .utf8)
        try folder.file("formats/slack.json.mustache", slack.replacingOccurrences(of: "\"type\": \"divider\"", with: "\"type\": \"divider\", \"block_id\": \"rule\""))
        let shipped = try ReviewSide.Prepared(.shipped, options: .default).formats.get()
        func shares(_ side: ReviewSide, _ format: String) throws -> Bool {
            side.rendersLike(.shipped, format: format, emitter: try shipped.emitter(named: format))
        }
        let changed = ReviewSide(folder: folder.url)
        #expect(try shares(changed, "sms") && shares(changed, "push") && shares(changed, "html"))
        #expect(try !shares(changed, "slack"))
        // The same change the other way: a partial added beside the templates changes no shared format's text, but
        // every template format could include it, so none is shared; the built-in formats still are.
        try folder.file("formats/footer.mustache", "{{title}}")
        #expect(try !shares(changed, "sms") && !shares(changed, "push") && shares(changed, "html"))
    }
}
