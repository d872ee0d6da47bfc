@testable import AlertRendering
@testable import AlertReview
import AlertTestSupport
import Foundation
import Testing

@Suite("Formats shared between sides")
struct SharedFormatTests {
    @Test("a format whose templates are the same text on both sides is one emitter (one set of caches); a changed one is its own")
    func sharing() throws {
        let folder = try ScratchDirectory("alertkit-review")
        let slack = try String(contentsOf: TemplateFormats.shipped.appendingPathComponent("slack.json.mustache"), encoding: .utf8)
        try folder.file("formats/slack.json.mustache", slack.replacingOccurrences(of: "\"type\": \"divider\"", with: "\"type\": \"divider\", \"block_id\": \"rule\""))
        let before = ReviewSide.Prepared(.shipped, options: .default)
        let after = ReviewSide.Prepared(ReviewSide(folder: folder.url), options: .default, sharing: (.shipped, before))
        func shapes(_ prepared: ReviewSide.Prepared, _ format: String) throws -> TemplateShapes {
            try #require(try prepared.formats.get().emitter(named: format) as? TemplateFormat).shapes
        }
        #expect(try shapes(before, "sms") === shapes(after, "sms"))
        #expect(try shapes(before, "push") === shapes(after, "push"))
        #expect(try shapes(before, "slack") !== shapes(after, "slack"))
        // The same change the other way: a partial added beside the templates changes no shared format's text, but
        // every template format could include it, so none is shared.
        try folder.file("formats/footer.mustache", "{{title}}")
        let withPartial = ReviewSide.Prepared(ReviewSide(folder: folder.url), options: .default, sharing: (.shipped, before))
        #expect(try shapes(before, "sms") !== shapes(withPartial, "sms"))
    }
}
