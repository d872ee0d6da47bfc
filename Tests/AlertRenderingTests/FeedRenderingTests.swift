import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Whatever the generator makes renders in every format and locale, complete and masked.
@Suite("Rendering the generator's feed")
struct FeedRenderingTests {
    static let sensitiveKeys = ["ssn", "dlNumber", "medicalId", "ccn", "bankAccount", "nationalId", "iban",
                                "passportNumber", "retailCard"]

    @Test("gen-feed.py --count 5000 --seed 7: every alert, every format and locale, no gap, no placeholder, no raw secret",
          arguments: ContentCatalog.shippedLocales)
    func feed(locale: String) throws {
        let lines = try Fixtures.generateFeed(["--count", "5000", "--seed", "7"])
        #expect(lines.count == 5000)
        let pipeline = AlertPipeline(context: PresentationContext(catalog: try .shipped(locale: locale)))
        let emitters = try ["html", "markdown", "text", "json"].map { try FormatRegistry.standard.emitter(named: $0) }
        for line in lines {
            let json = try JSONParser().parse(line)
            let secrets = Self.secrets(in: json)
            let view = try pipeline.view(line)
            #expect(!view.details.isEmpty && !view.risks.paragraphs.isEmpty && !view.nextSteps.items.isEmpty)
            for text in ParityTests.texts(of: view) where text.isEmpty || text.contains("{") || text.contains("}") {
                Issue.record("empty or placeholder text \"\(text)\" in \(view.id)")
            }
            for emitter in emitters {
                let document = try emitter.render(view, options: .default)
                for secret in secrets where document.contains(secret) {
                    Issue.record("\(emitter.format.name) shows the raw value \(secret) of \(view.id)")
                }
            }
        }
    }

    /// The raw values of the masked match types in an alert.
    static func secrets(in json: JSONValue) -> [String] {
        guard case .array(let events)? = json["events"] else { return [] }
        return events.flatMap { event in sensitiveKeys.compactMap { event["data"]?[$0]?.stringValue } }
            .filter { $0.count > 4 }
    }
}
