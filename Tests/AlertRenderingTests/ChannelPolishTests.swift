import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// What each channel's reader gets (issue 29): Slack's blocks and confirm dialogs, the SMS's brand and opt-out, no
/// document starting with a blank line.
@Suite("Channels as a product team ships them")
struct ChannelPolishTests {
    static let pipeline = AlertPipeline()

    @Test("no format's document starts with a blank line", arguments: Fixtures.sampleNames)
    func noLeadingBlankLine(name: String) throws {
        for format in Self.pipeline.formats.formats.map(\.name) {
            let document = try Self.pipeline.render(Fixtures.sample(name), format: format).document
            #expect(document.first?.isWhitespace == false, "\(name) \(format) starts with \(document.prefix(8).debugDescription)")
        }
    }

    @Test("Slack: at most 50 blocks; a confirm dialog only where the popup asks, its confirm and deny labels the popup's own and different; the sources under Learn more", arguments: Fixtures.sampleNames)
    func slack(name: String) throws {
        let json = try Fixtures.sample(name)
        let view = try Self.pipeline.view(json)
        let message = try #require(try JSONSerialization.jsonObject(with: Data(Self.pipeline.render(json, format: "slack").document.utf8)) as? [String: Any])
        let blocks = try #require(message["blocks"] as? [[String: Any]])
        #expect(blocks.count <= 50)
        let buttons = try #require(blocks.last?["elements"] as? [[String: Any]])
        #expect(buttons.count == view.actions.count)
        for (button, action) in zip(buttons, view.actions) {
            let confirm = button["confirm"] as? [String: Any]
            #expect((confirm != nil) == (action.popup.buttons.count > 1), "\(action.id): a dialog only for a choice")
            guard let confirm else { continue }
            let yes = (confirm["confirm"] as? [String: Any])?["text"] as? String
            let no = (confirm["deny"] as? [String: Any])?["text"] as? String
            #expect(yes != nil && no != nil && yes != no, "\(action.id): \(yes ?? "-") / \(no ?? "-")")
            #expect(yes == action.popup.buttons.last?.label && no == action.popup.buttons.first?.label)
        }
        let texts = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }
        for source in view.sources.items {
            #expect(texts.contains { $0.contains(source.url) }, "\(name): \(source.url) is not under \(view.sources.title)")
        }
    }

    @Test("SMS: the product's name first, its app link and opt-out text kept whole at the end; GSM-7 kept when only typographic punctuation would force UCS-2", arguments: Fixtures.sampleNames)
    func sms(name: String) throws {
        var options = RenderOptions.default
        options.product = ProductSettings(name: "Acme Guard", appLink: "https://acme.example/a", smsOptOut: "Reply STOP to opt out.",
                                          sender: .init(name: "Acme", address: "alerts@acme.example"))
        let view = try Self.pipeline.view(Fixtures.sample(name))
        let sms = try Self.pipeline.formats.emitter(named: "sms").render(view, options: options)
        let text = String(sms.dropLast())  // the final line break
        #expect(text.hasPrefix("Acme Guard: ") && text.hasSuffix(" https://acme.example/a Reply STOP to opt out."), "\(text)")
        #expect(SMSText.segments(text) <= 2 && !text.contains("...") && !text.contains("…"), "\(text)")
        let plain = SMSText.plainIfGSM7(text)
        #expect(plain == text, "typographic punctuation that alone forced UCS-2 was left in: \(text)")
    }

    @Test("SMS: an emoji in the product's name (UCS-2, 134 characters in two parts) still leaves the opt-out whole, and the name first",
          arguments: Fixtures.sampleNames)
    func smsOptOutKept(name: String) throws {
        var options = RenderOptions.default
        let link = "https://acme-identity.example/alerts/open"  // with the opt-out, 64 of the 66 allowed
        options.product = ProductSettings(name: "Acme 🛡️ Guard", appLink: link, smsOptOut: "Reply STOP to opt out.",
                                          sender: .init(name: "Acme", address: "alerts@acme.example"))
        #expect(options.product.problem == nil)
        let view = try Self.pipeline.view(Fixtures.sample(name))
        let sms = try Self.pipeline.formats.emitter(named: "sms").render(view, options: options)
        let text = String(sms.dropLast())
        #expect(text.hasPrefix("Acme") && text.hasSuffix(" \(link) Reply STOP to opt out."), "\(text)")
        #expect(!SMSText.isGSM7(text) && SMSText.length(text) <= 134 && SMSText.segments(text) <= 2, "\(text)")
    }

    @Test("product settings: an app link and opt-out of 66 characters together are taken, 67 refused")
    func smsTailLimit() {
        func product(_ optOut: String) -> ProductSettings {
            ProductSettings(name: "Acme", appLink: "https://a.example/" + String(repeating: "x", count: 20), smsOptOut: optOut,
                            sender: .init(name: "Acme", address: "alerts@acme.example"))
        }
        let taken = String(repeating: "o", count: ProductSettings.smsTailLimit - 39)  // 38 of the link, and a space
        #expect(product(String(taken.dropLast())).problem == nil)
        #expect(product(taken).problem == nil)
        #expect(product(taken + "o").problem?.contains("/product/smsOptOut") == true)
        #expect(product("").problem == nil)
    }

    @Test("SMS fitting: the last line is kept whole, a first sentence over the budget cut at a word before it; a tail too long for any body is cut too")
    func smsTail() {
        let tail = "Acme https://acme.example/a Reply STOP"
        let body = String(repeating: "word ", count: 60)
        let fitted = SMSText.fitDocument(body + "\n" + tail, segments: 1)
        #expect(fitted.hasSuffix("... " + tail) && SMSText.length(fitted) <= 160, "\(fitted)")
        #expect(SMSText.fitDocument("It’s short.\nReply STOP", segments: 1) == "It's short. Reply STOP", "made plain to stay GSM-7")
        #expect(SMSText.fitDocument("✓ ok.\nReply STOP", segments: 1) == "✓ ok. Reply STOP", "UCS-2 stays UCS-2")
        let long = String(repeating: "x", count: 150)
        #expect(SMSText.length(SMSText.fitDocument("a b c.\n" + long, segments: 1)) <= 160)
    }
}
