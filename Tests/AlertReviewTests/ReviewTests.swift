import AlertPresentation
import AlertRendering
import AlertReview
import AlertTestSupport
import Foundation
import Testing

@Suite("Review")
struct ReviewTests {
    static let samples: [[UInt8]] = Fixtures.sampleNames.compactMap { try? [UInt8](Fixtures.sample($0)) }

    @Test("what AlertKit ships against itself: every format unchanged in every locale")
    func againstItself() throws {
        let report = Review(before: .shipped, after: .shipped).run(Self.samples)
        #expect(Self.samples.count == Fixtures.sampleNames.count)
        #expect(Set(report.rows.map(\.locale)) == ["en", "es"])
        #expect(report.rows.count == 2 * 8, "\(report.rows.map(\.format))")
        for row in report.rows {
            #expect(row.records == Self.samples.count && row.unchanged == row.records && row.presence == .both, "\(row)")
        }
        #expect(!report.hasChanges && !report.hasNewFailures)
    }

    @Test("one step reworded in a catalog override: exactly the alerts that show it change, in the formats that show steps")
    func rewordedStep() throws {
        let folder = try ScratchDirectory("alertkit-review")
        var catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: TemplateFormats.shipped.deletingLastPathComponent().appendingPathComponent("catalog/en.json"))) as! [String: Any]
        var matchTypes = catalog["matchTypes"] as! [String: Any]
        var email = matchTypes["IDEMAILADDR"] as! [String: Any]
        var steps = email["steps"] as! [[String: Any]]
        steps[0]["text"] = "Change your password today, and use a new one for every account."
        email["steps"] = steps
        matchTypes = ["IDEMAILADDR": email]
        catalog = ["matchTypes": matchTypes]
        try folder.file("catalog/en.json", String(decoding: try JSONSerialization.data(withJSONObject: catalog), as: UTF8.self))
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), locales: ["en", "es"]).run(Self.samples)
        let pipeline = AlertPipeline()
        let showing = try Self.samples.filter { try pipeline.view($0).nextSteps.items.contains { $0.text == "Change your password immediately." }
            || pipeline.view($0).nextSteps.groups.contains { $0.items.contains { $0.text == "Change your password immediately." } } }.count
        #expect(showing > 0)
        for row in report.rows {
            switch (row.locale, row.format) {
            case ("es", _): #expect(row.changed == 0, "the Spanish catalog is not overridden: \(row)")
            case ("en", "markdown"), ("en", "text"), ("en", "json"), ("en", "html"), ("en", "email"), ("en", "slack"):
                #expect(row.changed == showing && row.newlyFailing == 0, "\(row)")
            default: break
            }
        }
        #expect(report.hasChanges && !report.hasNewFailures)
    }

    @Test("a template that does not parse on the after side: every format newly failing there, the error named, no crash")
    func brokenTemplate() throws {
        let folder = try ScratchDirectory("alertkit-review")
        try folder.file("formats/teams.json.mustache", "{{! alertkit: escape=json }}\n{\"title\": \"{{title}\"}\n")
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), locales: ["en"]).run(Self.samples)
        for row in report.rows {
            #expect(row.newlyFailing == row.records && row.firstFailure?.contains("teams.json.mustache") == true, "\(row)")
        }
        #expect(report.hasNewFailures)
        #expect(report.description.contains("newly failing"))
    }
}
