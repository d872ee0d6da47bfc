import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Batch writes `renderUTF8`; `alertkit render`, the previews and the library's `render` write `render`. The HTML
/// emitter builds fragments from cmark's bytes directly: they must be the same documents.
@Suite("Documents as bytes")
struct ByteOutputTests {
    func expectSame(_ view: AlertView, _ label: String) throws {
        let formats = try FormatRegistry.standard(templates: [])
        for format in formats.formats {
            let emitter = try formats.emitter(named: format.name)
            for fragment in [false, true] {
                let options = RenderOptions(fragment: fragment, date: Date(timeIntervalSince1970: 0))
                let bytes = try emitter.renderUTF8(view, options: options)
                #expect(bytes == Array(try emitter.render(view, options: options).utf8),
                        "\(label), \(format.name), fragment: \(fragment)")
            }
        }
    }

    @Test("every sample, both locales: renderUTF8 gives render's bytes in every format", arguments: Fixtures.sampleNames)
    func samples(sample: String) throws {
        for locale in ContentCatalog.shippedLocales {
            let context = PresentationContext(catalog: try .shipped(locale: locale))
            try expectSame(try AlertPipeline(context: context).view(try Fixtures.sample(sample)), "\(sample) \(locale)")
        }
    }

    @Test("hostile strings: renderUTF8 gives render's bytes")
    func hostile() throws {
        for payload in InjectionTests.payloads + HostileTextTests.controls {
            for template in InjectionTests.templates {
                try expectSame(try AlertPipeline().view(try InjectionTests.alert(template, payload)), payload.debugDescription)
            }
        }
    }
}
