import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The same alert, templates and options give the same bytes in every format, whenever and however often it is
/// rendered: nothing reads the clock (the email is dated by the alert), and no cache a first rendering fills makes
/// the second differ.
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
                let options = RenderOptions(fragment: fragment)
                let reference = try first.render(data, format: name, options: options).document
                for (pipeline, pass) in [(first, "again"), (second, "another pipeline"), (second, "its second time")] {
                    #expect(try pipeline.render(data, format: name, options: options).document == reference,
                            "\(sample), \(name), \(pass)")
                }
            }
        }
    }

    @Test("the email is dated by the alert's newest event at midnight UTC, and its ids follow from its content")
    func emailDate() throws {
        let pipeline = try Self.pipeline()
        let email = try pipeline.render(try Fixtures.sample("email-alert"), format: "email").document
        #expect(email.contains("Date: Mon, 12 Sep 2016 00:00:00 +0000\r\n"), "\(email.prefix(300))")
        let view = try AlertPipeline().view(try Fixtures.sample("email-alert"))
        #expect(view.date == "2016-09-12")
        var renamed = view
        renamed.title += " (changed)"
        let emitter = try pipeline.formats.emitter(named: "email")
        let before = try emitter.render(view, options: .default), after = try emitter.render(renamed, options: .default)
        #expect(Self.messageID(before) != nil && Self.messageID(before) != Self.messageID(after),
                "a changed message has another Message-ID")
        #expect(Self.messageID(before) == Self.messageID(try emitter.render(view, options: .default)))
    }

    @Test("dates of views: midnight UTC of the alert's day; the epoch for a view without one", arguments: [
        ("2016-09-12", 1_473_638_400.0), ("1970-01-01", 0), ("1969-12-31", -86_400), ("2000-03-01", 951_868_800),
        ("2024-02-29", 1_709_164_800), ("", 0), ("not a date", 0),
    ])
    func viewDates(day: String, seconds: Double) throws {
        var view = try AlertPipeline().view(try Fixtures.sample("email-alert"))
        view.date = day
        #expect(EmailFormat.date(of: view).timeIntervalSince1970 == seconds, "\(day)")
    }

    static func messageID(_ message: String) -> Substring? {
        message.split(separator: "\r\n").first { $0.hasPrefix("Message-ID: ") }
    }
}
