import AlertJSON
import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// HTML is written through shapes (cmark lays out each shape once; texts are escaped into it). It must give the bytes
/// that rendering the whole layout through cmark gives, for every alert, and its JSON escaping the bytes that escaping
/// the whole document gives.
@Suite("Markup shapes")
struct MarkupShapeTests {
    /// The shape-written fragment and page body of `view` against cmark's rendering of the same layout.
    func expectSameAsCmark(_ view: AlertView, _ label: String, emitter: HTMLEmitter = HTMLEmitter(), shaped: Bool = true) {
        for standalone in [false, true] {
            let blocks = DocumentLayout.blocks(for: view, standalone: standalone)
            // The walk made from the view takes the layout's texts, addresses and places in the layout's order.
            let fromView = ShapeWalk(view: view, standalone: standalone), fromBlocks = ShapeWalk(blocks)
            #expect(fromView.slots == fromBlocks.slots && fromView.withPlaces().places == fromBlocks.places, "\(label): walks agree")
            #expect(zip(fromView.nested, fromBlocks.nested).allSatisfy { $0.slots == $1.slots && $0.withPlaces().places == $1.places })
            #expect(fromView.places.isEmpty && fromView.withPlaces().signature == fromView.signature,
                    "a view's places are collected only when asked, and do not change its signature")
            var builder = DocumentBuilder(capacity: 0)
            #expect(MarkupShape.write(fromView, icons: emitter.icons, into: &builder) == shaped,
                    "\(label): written through shapes: \(shaped)")
            let prefix = standalone ? "" : "<article>\n"
            let document = emitter.document(view, standalone: standalone, prefix: prefix.utf8, suffix: "</article>\n")
            let reference = emitter.referenceHTML(blocks, prefix: prefix.utf8, suffix: "</article>\n")
            #expect(document.bytes == reference, "\(label), standalone: \(standalone)")
            #expect(document.count == reference.count)
            var json: [UInt8] = []
            document.appendJSONString(to: &json)
            var whole: [UInt8] = []
            reference.withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &whole) }
            #expect(json == whole, "\(label): JSON string, standalone: \(standalone)")
        }
    }

    @Test("every sample, both locales: the shapes give cmark's bytes", arguments: Fixtures.sampleNames)
    func samples(sample: String) throws {
        for locale in ContentCatalog.shippedLocales {
            let context = PresentationContext(catalog: try .shipped(locale: locale))
            let view = try AlertPipeline(context: context).view(try Fixtures.sample(sample))
            expectSameAsCmark(view, "\(sample) \(locale)")
            // Twice: the second time every shape and shared block comes from the cache.
            expectSameAsCmark(view, "\(sample) \(locale), cached")
        }
    }

    @Test("hostile strings in every field: the shapes give cmark's bytes")
    func hostile() throws {
        for payload in InjectionTests.payloads + HostileTextTests.controls + ["\u{1}\u{3}\u{4}%01", "a&b'c\"d<e>f"] {
            for template in InjectionTests.templates {
                expectSameAsCmark(try AlertPipeline().view(try InjectionTests.alert(template, payload)), payload.debugDescription)
            }
        }
    }

    @Test("2,000 generated alerts in both locales: the shapes give cmark's bytes")
    func generated() throws {
        let lines = try Fixtures.generateFeed(["--count", "1000", "--seed", "5"])
        for locale in ContentCatalog.shippedLocales {
            let pipeline = AlertPipeline(context: PresentationContext(catalog: try .shipped(locale: locale)))
            for (index, line) in lines.enumerated() {
                expectSameAsCmark(try pipeline.view(line), "line \(index + 1), \(locale)")
            }
        }
    }

    @Test("a link cmark would percent-encode or blank is rendered through cmark, and the bytes are the same")
    func declinedLinks() throws {
        for url in ["https://x.example/a&b", "https://x.example/é", "https://x.example/a b", "https://x.example/'q'",
                    "http://x.example/", "javascript:alert(1)", "https://x.example/[1]"] {
            var view = try AlertPipeline().view(try Fixtures.sample("social-phishing-alert"))
            view.details[0].fields.append(AlertView.Field(name: "link", label: "Link:", value: url, kind: .link))
            var written: [UInt8] = []
            #expect(!HTMLText.appendHref(url, to: &written) && written.isEmpty, "\(url) is declined")
            expectSameAsCmark(view, url, shaped: false)
        }
    }

    @Test("a shape whose markers do not come out as laid is declined")
    func mismatchedMarkers() {
        let text = Array("<p>\u{1}</p>\n".utf8)
        #expect(MarkupShape(rendering: text, expected: [.text]) != nil)
        #expect(MarkupShape(rendering: text, expected: [.text, .text]) == nil)
        #expect(MarkupShape(rendering: Array("<a href=\"%01\">\u{1}</a>".utf8), expected: [.href, .text]) != nil)
        #expect(MarkupShape(rendering: Array("<p>%01 \u{1}</p>".utf8), expected: [.text]) == nil)
    }

    @Test("a text is escaped as cmark escapes a text node")
    func textEscaping() {
        var out: [UInt8] = []
        HTMLText.appendEscaped("a\"b&c'd<e>f\u{1B}g", to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "a&quot;b&amp;c'd&lt;e&gt;f\u{241B}g")
    }
}
