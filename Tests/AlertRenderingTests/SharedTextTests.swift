import AlertJSON
import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The text emitter keeps the shared blocks' text (the advice, the buttons and popups) once written; the documents
/// must be those of writing every block every time.
@Suite("Shared text")
struct SharedTextTests {
    /// One emitter for the suite: text kept for one alert serves the next ones with the same advice.
    static let emitter = TextEmitter()

    func expectSame(_ view: AlertView, _ label: String) {
        for width in [20, 72, 100] {
            var alone = TextWriter(width: width)
            alone.write(DocumentLayout.blocks(for: view, medium: .document), prefix: "")
            let reference = alone.output
            for _ in 0..<2 {
                let document = Self.emitter.renderDocument(view, options: RenderOptions(textWidth: width))
                #expect(document.bytes == Array(reference.utf8), "\(label), width \(width)")
                var line: [UInt8] = [], whole: [UInt8] = []
                document.appendJSONString(to: &line)
                JSONString.append(reference, to: &whole)
                #expect(line == whole)
            }
        }
    }

    @Test("every sample, both locales: the same text as writing every block")
    func samples() throws {
        for sample in Fixtures.sampleNames {
            for locale in ContentCatalog.shippedLocales {
                let context = PresentationContext(catalog: try .shipped(locale: locale))
                expectSame(try AlertPipeline(context: context).view(try Fixtures.sample(sample)), "\(sample) \(locale)")
            }
        }
    }

    @Test("1,000 generated alerts: the same text as writing every block")
    func generated() throws {
        let pipeline = AlertPipeline()
        for (index, line) in try Fixtures.generateFeed(["--count", "1000", "--seed", "9"]).enumerated() {
            expectSame(try pipeline.view(line), "line \(index + 1)")
        }
    }
}
