import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The same alert, templates and options give the same bytes in every format, whenever and however often it is
/// rendered: nothing reads the clock but the email's `Date`, which a pinned date fixes, and no cache a first rendering
/// fills makes the second differ.
@Suite("Deterministic output")
struct DeterminismTests {
    static func pipeline() throws -> AlertPipeline { AlertPipeline(formats: try .standard(templates: [])) }

    @Test("every sample in every format, rendered twice by each of two pipelines: the same bytes", arguments: Fixtures.sampleNames)
    func twice(sample: String) throws {
        let data = try Fixtures.sample(sample)
        let (first, second) = (try Self.pipeline(), try Self.pipeline())
        let names = first.formats.formats.map(\.name)
        #expect(names.count >= 8, "\(names)")
        for name in names {
            for fragment in [false, true] {
                let options = RenderOptions(fragment: fragment, date: Fixtures.pinnedDate)
                let reference = try first.render(data, format: name, options: options).document
                for (pipeline, pass) in [(first, "again"), (second, "another pipeline"), (second, "its second time")] {
                    #expect(try pipeline.render(data, format: name, options: options).document == reference,
                            "\(sample), \(name), \(pass)")
                }
            }
        }
    }

    @Test("the email is dated when it is made unless a date pins it; its ids follow from its content and that date")
    func emailDate() throws {
        let pipeline = try Self.pipeline()
        let data = try Fixtures.sample("email-alert")
        let before = Date().timeIntervalSince1970.rounded(.down)
        let unpinned = try pipeline.render(data, format: "email").document
        let after = Date().timeIntervalSince1970.rounded(.up)
        let header = try #require(Self.dateHeader(unpinned))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let moment = try #require(formatter.date(from: String(header.dropFirst("Date: ".count)))).timeIntervalSince1970
        #expect(before <= moment && moment <= after, "\(header) is not the moment of rendering (\(before)...\(after))")

        let pinned = RenderOptions(date: RenderOptions.date("2026-11-25T09:30:00Z"))
        let email = try pipeline.render(data, format: "email", options: pinned).document
        #expect(email.contains("Date: Wed, 25 Nov 2026 09:30:00 +0000\r\n"), "\(email.prefix(300))")
        let view = try AlertPipeline().view(data)
        var renamed = view
        renamed.title += " (changed)"
        let emitter = try pipeline.formats.emitter(named: "email")
        let first = try emitter.render(view, options: pinned), changed = try emitter.render(renamed, options: pinned)
        #expect(Self.messageID(first) != nil && Self.messageID(first) != Self.messageID(changed),
                "a changed message has another Message-ID")
        #expect(try emitter.render(view, options: pinned) == first, "a pinned date gives the same bytes")
        let later = RenderOptions(date: RenderOptions.date("2026-11-25T09:30:01Z"))
        #expect(Self.messageID(try emitter.render(view, options: later)) != Self.messageID(first),
                "a message sent at another moment is another message")
    }

    static func dateHeader(_ message: String) -> Substring? {
        message.split(separator: "\r\n").first { $0.hasPrefix("Date: ") }
    }

    static func messageID(_ message: String) -> Substring? {
        message.split(separator: "\r\n").first { $0.hasPrefix("Message-ID: ") }
    }
}
