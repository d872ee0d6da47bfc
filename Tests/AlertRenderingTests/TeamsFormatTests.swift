import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The shipped Microsoft Teams format (`Templates/formats/teams.json.mustache`): an Adaptive Card 1.2 in a Teams
/// message, every text a `TextRun` in JSON (`escape=json`: a TextRun shows its text as it is, no Markdown), each
/// bot button's data naming its alert by `alert.key`.
@Suite("Teams Adaptive Card")
struct TeamsFormatTests {
    /// The library's standard pipeline: its registry ships every template format, Teams included.
    static let pipeline = AlertPipeline()
    /// The pipeline of a product whose bot receives the card's buttons (`Action.Submit`).
    static let bot: AlertPipeline = {
        var catalog = ContentCatalog.english
        catalog.product.botActions = true
        return AlertPipeline(context: PresentationContext(catalog: catalog))
    }()

    /// The card of a Teams message document.
    static func card(_ document: String) throws -> [String: Any] {
        let message = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        let attachment = try #require((message["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["contentType"] as? String == "application/vnd.microsoft.card.adaptive")
        return try #require(attachment["content"] as? [String: Any])
    }

    /// Every TextRun's text, in order, containers included.
    static func texts(_ card: [String: Any]) -> [String] {
        ActionsLeadSomewhereTests.objects(card["body"] ?? []).compactMap {
            $0["type"] as? String == "TextRun" ? $0["text"] as? String : nil
        }
    }

    /// Every `Action.Submit` in the card, in order.
    static func submits(_ card: [String: Any]) -> [[String: Any]] {
        ActionsLeadSomewhereTests.objects(card["body"] ?? []).filter { $0["type"] as? String == "Action.Submit" }
    }

    @Test("every sample: a 1.2 card that parses, its title first; with a bot each button carries the alert's id", arguments: Fixtures.sampleNames)
    func sample(name: String) throws {
        let json = try Fixtures.sample(name)
        let view = try Self.pipeline.view(json)
        let card = try Self.card(try Self.pipeline.render(json, format: "teams").document)
        #expect(card["type"] as? String == "AdaptiveCard" && card["version"] as? String == "1.2")
        let texts = Self.texts(card)
        #expect(texts.first(where: { $0 != view.urgentLabel }) == view.title, "\(texts.prefix(3))")
        #expect(Self.submits(card).isEmpty, "no Action.Submit without a bot to receive it")
        let submits = Self.submits(try Self.card(try Self.bot.render(json, format: "teams").document))
        #expect(submits.map { ($0["data"] as? [String: Any])?["action"] as? String } == view.actions.map(\.id))
        for action in submits {
            let key = try #require((action["data"] as? [String: Any])?["alertId"] as? String)
            #expect(key.removingPercentEncoding == view.id && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "%" }, "\(key)")
        }
    }

    @Test("a hostile value is text in Teams: a TextRun as it is, no selectAction or link from it, and the id still decodes",
          arguments: TemplateFormatTests.payloads)
    func hostile(payload: String) throws {
        for template in InjectionTests.templates {
            let input = try InjectionTests.alert(template, payload)
            let view = try Self.bot.view(input)
            let document = try Self.bot.render(input, format: "teams").document
            let card = try Self.card(document)
            let objects = ActionsLeadSomewhereTests.objects(card)
            #expect(!objects.contains { $0["type"] as? String == "TextBlock" }, "a TextBlock reads its text as Markdown")
            // Links are the catalog's sources only: nothing the alert holds becomes an address.
            let urls = objects.compactMap { $0["url"] as? String }
            #expect(Set(urls).isSubset(of: Set(view.sources.items.map(\.url))), "\(urls)")
            for text in Self.texts(card) {
                #expect(!text.contains("https://evil") && !text.contains("\u{2060}"), "a live address: \(text)")
            }
            let key = try #require((Self.submits(card).first?["data"] as? [String: Any])?["alertId"] as? String)
            #expect(key.removingPercentEncoding == view.id)
        }
    }

    @Test("a catalog's action id comes out as it is (mark-resolved); any other id is a JSON string like any text")
    func actionIds() throws {
        var view = try Self.bot.view(Fixtures.sample("email-alert"))
        view.actions[0].id = "mark-resolved"
        view.actions[1].id = "*x* <b> \"q\""
        let teams = try Self.bot.formats.emitter(named: "teams")
        var options = RenderOptions.default
        options.product.botActions = true
        let card = try Self.card(try teams.render(view, options: options))
        let ids = Self.submits(card).map { ($0["data"] as? [String: Any])?["action"] as? String }
        #expect(ids.first == "mark-resolved")
        #expect(ids.dropFirst().first == "*x* <b> \"q\"", "an id that is no identifier is escaped as JSON text, and reads back as it was")
    }

    @Test("its limit is declared, and every sample is within it")
    func limits() throws {
        let teams = try #require(try Self.pipeline.formats.emitter(named: "teams") as? TemplateFormat)
        #expect(teams.declaredLimits.maxBytes == 28_000 && teams.format.mediaType == "application/json")
        for name in Fixtures.sampleNames {
            #expect(try Self.pipeline.render(Fixtures.sample(name), format: "teams").document.utf8.count < 28_000)
        }
    }
}
