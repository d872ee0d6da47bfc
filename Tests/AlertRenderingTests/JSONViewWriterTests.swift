import AlertJSON
import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The JSON emitter writes the view itself; `JSONEncoder` (with the control-character escapes) is the reference.
@Suite("JSON view writer")
struct JSONViewWriterTests {
    /// One emitter for the suite: its shared sections, written for one alert, serve the next alerts with equal advice.
    static let emitter = JSONEmitter()

    func expectSame(_ view: AlertView, _ label: String) throws {
        for fragment in [false, true] {
            let options = RenderOptions(fragment: fragment)
            let written = try #require(JSONViewWriter.json(of: view, pretty: !fragment), "\(label)")
            let reference = try JSONEmitter.encoded(view, options: options)
            #expect(written + "\n" == reference, "\(label) fragment: \(fragment)")
            // Through the emitter, its sections as shared runs (written now, or for an earlier view): the same bytes,
            // and the same JSON string in a batch line.
            for _ in 0..<2 {
                let document = try Self.emitter.renderDocument(view, options: options)
                #expect(document.bytes == Array(reference.utf8), "\(label) fragment: \(fragment), sections shared")
                var line: [UInt8] = [], whole: [UInt8] = []
                document.appendJSONString(to: &line)
                JSONString.append(reference, to: &whole)
                #expect(line == whole)
            }
        }
    }

    @Test("every sample, both locales, with and without a help line: the same bytes as JSONEncoder",
          arguments: Fixtures.sampleNames)
    func samples(sample: String) throws {
        for locale in ContentCatalog.shippedLocales {
            for line in [nil, HelpLine("+1 (800) 555-0100")] {
                let context = PresentationContext(catalog: try .shipped(locale: locale), options: .init(helpLine: line))
                try expectSame(try AlertPipeline(context: context).view(try Fixtures.sample(sample)), sample)
            }
        }
    }

    @Test("hostile strings in every field: the same bytes as JSONEncoder")
    func hostile() throws {
        for payload in InjectionTests.payloads + HostileTextTests.controls + ["\u{2028}\u{2029}", "/\\\"", "é\u{301}👍🏽"] {
            for template in InjectionTests.templates {
                let view = try AlertPipeline(context: .init(options: .init(revealsSensitiveValues: true)))
                    .view(try InjectionTests.alert(template, payload))
                try expectSame(view, payload.debugDescription)
            }
        }
    }

    @Test("500 generated alerts: the same bytes as JSONEncoder")
    func feed() throws {
        for line in try Fixtures.generateFeed(["--seed", "33", "--count", "500"]) {
            try expectSame(try AlertPipeline().view(line), "feed")
        }
    }

    @Test("severities: plain decimals written as JSONEncoder writes them; exponent forms left to it")
    func severities() throws {
        var view = try AlertPipeline().view(try Fixtures.sample("email-alert"))
        for severity in [0.0, 1.0, 0.5, 0.95, 0.333, 0.1 + 0.2] {
            view.severity = severity
            try expectSame(view, "\(severity)")
        }
        view.severity = 1e-7
        #expect(JSONViewWriter.json(of: view, pretty: true) == nil)
    }
}
