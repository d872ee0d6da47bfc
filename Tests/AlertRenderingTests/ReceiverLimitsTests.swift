import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Every receiver's limit at, below and above it, through `AlertPipeline.emit`: a document within the limit is as
/// the template made it; one past it is fitted (and says so), or rejected naming the limit; what comes out is
/// within the limit by a measure of the test's own (JSONSerialization's reading of a Slack message, bytes).
@Suite("Receiver limits")
final class ReceiverLimitsTests {
    static let pipeline = AlertPipeline()
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-receiver-limits") }

    /// The view of the email sample with `events` addresses.
    static func view(events: Int) throws -> AlertView { try pipeline.view(Fixtures.emailAlert(events: events)) }

    /// What a Slack message breaks, read as Slack's Block Kit reference states it, by JSONSerialization.
    static func slackProblems(_ bytes: [UInt8]) throws -> [String] {
        let message = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let blocks = message["blocks"] as? [[String: Any]] ?? []
        var problems: [String] = []
        if blocks.count > 50 { problems.append("slack.blocks") }
        func text(_ object: Any?) -> Int? { (((object as? [String: Any])?["text"]) as? String)?.unicodeScalars.count }
        for block in blocks {
            if ((block["block_id"] as? String)?.unicodeScalars.count ?? 0) > 255 { problems.append("slack.block_id") }
            switch block["type"] as? String {
            case "header": if let count = text(block["text"]), count > 150 { problems.append("slack.header") }
            case "section": if let count = text(block["text"]), count > 3000 { problems.append("slack.section") }
            case "actions":
                for element in block["elements"] as? [[String: Any]] ?? [] {
                    if let count = text(element["text"]), count > 75 { problems.append("slack.button") }
                }
            default: break
            }
        }
        if ((message["text"] as? String)?.unicodeScalars.count ?? 0) > 40_000 { problems.append("slack.text") }
        return problems
    }

    static func blockCount(_ bytes: [UInt8]) throws -> Int {
        let message = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        return (message["blocks"] as? [Any])?.count ?? 0
    }

    /// Every string of a JSON document, decoded.
    static func strings(_ bytes: [UInt8]) throws -> [String] {
        func walk(_ value: Any) -> [String] {
            switch value {
            case let text as String: [text]
            case let list as [Any]: list.flatMap(walk)
            case let object as [String: Any]: object.values.flatMap(walk)
            default: []
            }
        }
        return walk(try JSONSerialization.jsonObject(with: Data(bytes)))
    }

    // MARK: - The Block Kit scan against JSONSerialization

    @Test("the one-pass Block Kit scan finds what JSONSerialization's reading finds, over 600 generated messages")
    func blockKitScan() throws {
        var random = SplitMix(seed: 38)
        let pieces = ["a", "é", "\"", "\\", "\n", "\u{1F600}", "\u{2028}", " ", "{", "]", ","]
        func text(_ most: Int) -> String {
            let length = Int.random(in: 0..<most + 1, using: &random)
            return String((0..<length).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }.joined().unicodeScalars.prefix(length))
        }
        for _ in 0..<600 {
            var blocks: [[String: Any]] = []
            for _ in 0..<Int.random(in: 0..<56, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: blocks.append(["type": "header", "text": ["type": "plain_text", "text": text(160)]])
                case 1: blocks.append(["text": ["text": text(3010), "type": "plain_text"], "type": "section"])
                case 2: blocks.append(["type": "actions", "elements": (0..<Int.random(in: 0..<3, using: &random)).map { _ in
                    ["type": "button", "text": ["type": "plain_text", "text": text(80)], "value": text(10)] }])
                default: blocks.append(["type": "divider", "block_id": text(260)])
                }
            }
            let message: [String: Any] = ["text": text(Int.random(in: 0..<8, using: &random) == 0 ? 40_010 : 40), "blocks": blocks]
            let bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
            let found = ReceiverLimits.slack.check(bytes).map(\.rule)
            #expect(found.sorted() == (try Self.slackProblems(bytes)).sorted(), "\(String(decoding: bytes.prefix(300), as: UTF8.self))")
        }
    }

    @Test("the scan reads a cut or broken message as far as it goes", arguments: ["{\"blocks\":[{\"type\":\"header\",\"text\":{\"text\":\"ab",
                                                                                  "{\"blocks\":[[[[", "\"\\", "}}]]", ""])
    func brokenMessages(text: String) {
        #expect(ReceiverLimits.slack.check(Array(text.utf8)).isEmpty)
    }

    // MARK: - Slack

    /// The largest number of details whose Slack message, as the template makes it, has at most 50 blocks.
    static func mostSlackDetails() throws -> Int {
        let slack = try pipeline.formats.emitter(named: "slack")
        let blocks = try blockCount(slack.renderDocument(view(events: 1), options: pipeline.limited(.default)).bytes)
        return 50 - blocks + 1
    }

    @Test("Slack: 50 blocks at, below and above (the first details and \"And 2 more\")", arguments: [-1, 0, 1])
    func slackBlocks(offset: Int) throws {
        let most = try Self.mostSlackDetails()
        let events = most + offset
        let slack = try Self.pipeline.formats.emitter(named: "slack")
        let unfitted = try slack.renderDocument(Self.view(events: events), options: Self.pipeline.limited(.default)).bytes
        #expect(try Self.blockCount(unfitted) == 50 + offset)
        let document = try Self.pipeline.emit(Self.view(events: events), with: slack, options: .default)
        #expect(try Self.slackProblems(document.bytes).isEmpty)
        if offset <= 0 {
            #expect(document.fit == nil)
            #expect(document.bytes == unfitted)
        } else {
            let fit = try #require(document.fit)
            #expect(fit.rules == ["slack.blocks"])
            #expect(fit.shownDetails == events - 2 && fit.totalDetails == events)
            #expect(try Self.blockCount(document.bytes) == 50)
            #expect(try Self.strings(document.bytes).contains("And 2 more"))
            #expect(fit.warning.hasPrefix("warning: fitted to its receiver's limits (slack.blocks: \(50 + offset) blocks, Slack takes at most 50)"), "\(fit.warning)")
        }
    }

    @Test("Slack: 1,000 events shows the first and the number of the rest, with the product's app link")
    func slackThousand() throws {
        var pipeline = Self.pipeline
        var catalog = pipeline.context.catalog
        catalog.product.appLink = "https://app.example.com/alerts"
        pipeline.context = PresentationContext(catalog: catalog, options: pipeline.options)
        let slack = try pipeline.formats.emitter(named: "slack")
        let document = try pipeline.emit(try Self.view(events: 1000), with: slack, options: .default)
        let fit = try #require(document.fit)
        #expect(try Self.slackProblems(document.bytes).isEmpty)
        let strings = try Self.strings(document.bytes)
        #expect(strings.contains { $0.hasPrefix("And \(1000 - fit.shownDetails) more") && $0.contains("See them all: https://app.example.com/alerts") },
                "\(strings.filter { $0.contains("more") })")
    }

    /// The Slack message of a view whose only detail is `value`, not urgent, titled `title`.
    static func slackMessage(detail value: String, title: String? = nil, label: String? = nil) throws -> RenderedDocument {
        var view = try view(events: 1)
        view.details = [AlertView.Detail(icon: view.details[0].icon, value: value, fields: [])]
        view.urgent = false
        if let title { view.title = title }
        if let label { view.actions[view.actions.count - 1].label = label }
        return try pipeline.emit(view, with: try pipeline.formats.emitter(named: "slack"), options: .default)
    }

    static func words(_ count: Int) -> String {
        String(String(repeating: "leaked word ", count: count / 12 + 1).prefix(count - 1)) + "x"
    }

    @Test("Slack: 3,000 characters in a section at, below and above (cut at a word with \"…\")", arguments: [-1, 0, 1, 7000])
    func slackSection(offset: Int) throws {
        let value = Self.words(3000 + offset)
        let document = try Self.slackMessage(detail: value)
        #expect(try Self.slackProblems(document.bytes).isEmpty)
        let strings = try Self.strings(document.bytes)
        if offset <= 0 {
            #expect(document.fit == nil)
            #expect(strings.contains(value))
        } else {
            let fit = try #require(document.fit)
            #expect(fit.rules == ["slack.section"] && fit.cutTexts == 1 && fit.shownDetails == 1)
            let cut = try #require(strings.first { $0.hasSuffix("…") && $0.hasPrefix("leaked word") })
            #expect(cut.unicodeScalars.count <= 3000 && cut.unicodeScalars.count > 2900, "\(cut.count)")
            #expect(value.hasPrefix(String(cut.dropLast())) && cut.dropLast().last?.isLetter == true)
        }
    }

    @Test("Slack: 150 characters in a header and 75 in a button at, below and above", arguments: [-1, 0, 1])
    func slackHeaderAndButton(offset: Int) throws {
        let header = try Self.slackMessage(detail: "a", title: Self.words(150 + offset))
        let button = try Self.slackMessage(detail: "a", label: Self.words(75 + offset))
        for document in [header, button] {
            #expect(try Self.slackProblems(document.bytes).isEmpty)
            #expect((document.fit != nil) == (offset > 0))
        }
        #expect(header.fit?.rules == (offset > 0 ? ["slack.header"] : nil))
        #expect(button.fit?.rules == (offset > 0 ? ["slack.button"] : nil))
    }

    @Test("Slack: the actions' block_id is the alert's key, at most 255 characters: a longer id is rejected naming it",
          arguments: [-1, 0, 1])
    func slackBlockID(offset: Int) throws {
        var view = try Self.view(events: 1)
        view.id = String(repeating: "7", count: 255 + offset)
        let slack = try Self.pipeline.formats.emitter(named: "slack")
        if offset <= 0 {
            let document = try Self.pipeline.emit(view, with: slack, options: .default)
            #expect(document.fit == nil && String(decoding: document.bytes, as: UTF8.self).contains("\"block_id\": \"\(view.id)\""))
        } else {
            #expect {
                try Self.pipeline.emit(view, with: slack, options: .default)
            } throws: { error in
                guard case RenderLimitError.overReceiverLimit(let findings) = error else { return false }
                return findings.map(\.rule) == ["slack.block_id"] && findings[0].message.contains("256 characters")
            }
        }
    }

    // MARK: - Sizes: Teams, push, email

    /// The largest number of events whose document in `format`, as its template makes it, is at most `most` bytes.
    static func mostEvents(_ format: String, within most: Int, below: Int = 1200) throws -> Int {
        let emitter = try pipeline.formats.emitter(named: format)
        var low = 1, high = below
        while low < high {
            let middle = (low + high + 1) / 2
            let size = try emitter.renderDocument(view(events: middle), options: pipeline.limited(.default)).count
            if size <= most { low = middle } else { high = middle - 1 }
        }
        return low
    }

    @Test("Teams: the card's 28,000 bytes and the email's 102,000 (Gmail's clipping) at and above, by events",
          arguments: [("teams", 28_000), ("email", 102_000)])
    func sizes(format: String, most: Int) throws {
        let events = try Self.mostEvents(format, within: most)
        let emitter = try Self.pipeline.formats.emitter(named: format)
        let within = try Self.pipeline.emit(Self.view(events: events), with: emitter, options: .default)
        #expect(within.fit == nil && within.count <= most)
        let over = try Self.pipeline.emit(Self.view(events: events + 1), with: emitter, options: .default)
        let fit = try #require(over.fit)
        #expect(over.count <= most && fit.shownDetails < events + 1 && fit.cutTexts == 0)
        #expect(String(decoding: over.bytes, as: UTF8.self).contains("And \(events + 1 - fit.shownDetails) more"))
    }

    @Test("push: FCM's 4,000 bytes at, below and above (a long title cut)", arguments: [-1, 0, 1])
    func push(offset: Int) throws {
        let push = try Self.pipeline.formats.emitter(named: "push")
        var view = try Self.view(events: 1)
        view.title = ""
        let base = try push.renderDocument(view, options: Self.pipeline.limited(.default)).count
        view.title = Self.words(4000 - base + offset)
        let document = try Self.pipeline.emit(view, with: push, options: .default)
        #expect(document.count <= 4000)
        #expect(document.fit?.rules == (offset > 0 ? ["push.fcm"] : nil))
        #expect(try JSONSerialization.jsonObject(with: Data(document.bytes)) is [String: Any])
    }

    // MARK: - A template's own limits

    private func formats(_ name: String, _ text: String) throws -> FormatRegistry {
        let folder = UUID().uuidString
        try scratch.file(folder + "/" + name, text)
        return try FormatRegistry.standard(templates: [scratch.url.appendingPathComponent(folder)])
    }

    @Test("a template's max-bytes and max-characters at, below and above; one nothing can fit is rejected naming it",
          arguments: [-1, 0, 1])
    func declared(offset: Int) throws {
        var view = try Self.view(events: 1)
        view.title = "Your email address was found in a leak"  // longer than the shortest a text is cut to
        for (key, measure) in [("max-bytes", { (text: String) in text.utf8.count }), ("max-characters", { $0.unicodeScalars.count })] {
            let most = measure(view.title + "\n") + offset
            let formats = try formats("tiny.txt.mustache", "{{! alertkit: escape=text \(key)=\(most) }}\n{{title}}\n")
            let emitter = try formats.emitter(named: "tiny")
            let document = try Self.pipeline.emit(view, with: emitter, options: .default)
            #expect((document.fit == nil) == (offset >= 0), "\(key) \(offset)")
            #expect(measure(String(decoding: document.bytes, as: UTF8.self)) <= most)
            if offset >= 0 { #expect(String(decoding: document.bytes, as: UTF8.self) == view.title + "\n") }
            var long = view
            long.title += " and more words"
            let fitted = try Self.pipeline.emit(long, with: emitter, options: .default)
            #expect(measure(String(decoding: fitted.bytes, as: UTF8.self)) <= most)
            #expect(fitted.fit?.rules == [key == "max-bytes" ? "template.bytes" : "template.characters"])
        }
        let formats = try formats("tiny.txt.mustache", "{{! alertkit: escape=text max-bytes=\(10 + offset) }}\n0123456789 {{title}}\n")
        #expect {
            try Self.pipeline.emit(view, with: try formats.emitter(named: "tiny"), options: .default)
        } throws: { error in
            guard case RenderLimitError.overReceiverLimit(let findings) = error else { return false }
            return findings.map(\.rule) == ["template.bytes"]
                && (error as? RenderLimitError)?.description.contains("template.bytes: ") == true
        }
    }

    @Test("limits=slack and limits=push hold a template not named after its channel; another word is refused")
    func declaredReceiver() throws {
        let view = try Self.view(events: 60)
        let formats = try formats("chat.json.mustache",
                                  "{{! alertkit: escape=json limits=slack }}\n{\"blocks\":[{{#details}}{\"type\":\"divider\"}{{^last()}},{{/last()}}{{/details}}]}\n")
        let document = try Self.pipeline.emit(view, with: try formats.emitter(named: "chat"), options: .default)
        #expect(try Self.blockCount(document.bytes) == 50 && document.fit?.shownDetails == 49)
        #expect(throws: TemplateError.self) { try DeclaredLimits(header: "{{! alertkit: escape=json limits=sms }}", file: "x") }
        #expect(try DeclaredLimits(header: "{{! alertkit: escape=json limits=push }}", file: "x").receiver == .push)
    }
}
