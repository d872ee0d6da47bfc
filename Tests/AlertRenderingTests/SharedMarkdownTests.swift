import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The Markdown emitter keeps the shared blocks' CommonMark once rendered and puts it in place; the documents must be
/// cmark's rendering of the whole layout.
@Suite("Shared Markdown")
struct SharedMarkdownTests {
    static let emitter = MarkdownEmitter()

    func expectSame(_ view: AlertView, _ label: String) {
        let reference = Array(CMark.commonMark(DocumentLayout.blocks(for: view, medium: .document)).utf8)
        for pass in 0..<2 {
            let document = Self.emitter.renderDocument(view, options: .default)
            #expect(document.bytes == reference, "\(label), pass \(pass)")
            #expect(pass == 0 || document.sharedRunCount == 2, "\(label): the advice and the controls put in place")
        }
    }

    @Test("every sample, both locales: cmark's rendering of the whole layout")
    func samples() throws {
        for sample in Fixtures.sampleNames {
            for locale in ContentCatalog.shippedLocales {
                let context = PresentationContext(catalog: try .shipped(locale: locale))
                expectSame(try AlertPipeline(context: context).view(try Fixtures.sample(sample)), "\(sample) \(locale)")
            }
        }
    }

    @Test("1,000 generated alerts and hostile strings: cmark's rendering of the whole layout")
    func generated() throws {
        let pipeline = AlertPipeline()
        for (index, line) in try Fixtures.generateFeed(["--count", "1000", "--seed", "13"]).enumerated() {
            expectSame(try pipeline.view(line), "line \(index + 1)")
        }
        for payload in InjectionTests.payloads + HostileTextTests.controls {
            for template in InjectionTests.templates {
                expectSame(try pipeline.view(try InjectionTests.alert(template, payload)), payload.debugDescription)
            }
        }
    }
}
