import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The shipped Microsoft Teams format (`Templates/formats/teams.json.mustache`): an Adaptive Card in a Teams message,
/// its texts Markdown inside JSON (`escape=markdown+json`), each button's data naming its alert by `alert.key`.
@Suite("Teams Adaptive Card")
struct TeamsFormatTests {
    /// The library's standard pipeline: its registry ships every template format, Teams included.
    static let pipeline = AlertPipeline()

    /// The card of a Teams message document.
    static func card(_ document: String) throws -> [String: Any] {
        let message = try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
        let attachment = try #require((message["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["contentType"] as? String == "application/vnd.microsoft.card.adaptive")
        return try #require(attachment["content"] as? [String: Any])
    }

    /// Every TextBlock's text, containers included.
    static func texts(_ card: [String: Any]) -> [String] {
        func walk(_ items: [[String: Any]]) -> [String] {
            items.flatMap { item in
                (item["type"] as? String == "TextBlock" ? [(item["text"] as? String) ?? ""] : [])
                    + walk(item["items"] as? [[String: Any]] ?? [])
            }
        }
        return walk(card["body"] as? [[String: Any]] ?? [])
    }

    @Test("every sample: a card that parses, its title first, each button carrying the alert's id", arguments: Fixtures.sampleNames)
    func sample(name: String) throws {
        let json = try Fixtures.sample(name)
        let view = try Self.pipeline.view(json)
        let card = try Self.card(try Self.pipeline.render(json, format: "teams").document)
        #expect(card["type"] as? String == "AdaptiveCard" && card["version"] as? String == "1.5")
        let texts = Self.texts(card)
        #expect(texts.contains { CommonMarkReader.visibleText($0).trimmingCharacters(in: .whitespacesAndNewlines) == view.title }, "\(texts.prefix(3))")
        let actions = try #require(card["actions"] as? [[String: Any]])
        #expect(actions.map { ($0["data"] as? [String: Any])?["action"] as? String } == view.actions.map(\.id))
        for action in actions {
            let key = try #require((action["data"] as? [String: Any])?["alertId"] as? String)
            #expect(key.removingPercentEncoding == view.id && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "%" }, "\(key)")
        }
    }

    @Test("a hostile value is text in Teams: no link, emphasis, code, heading, list or HTML from it, and the id still decodes",
          arguments: TemplateFormatTests.payloads)
    func hostile(payload: String) throws {
        for template in InjectionTests.templates {
            let input = try InjectionTests.alert(template, payload)
            let view = try Self.pipeline.view(input)
            let document = try Self.pipeline.render(input, format: "teams").document
            let card = try Self.card(document)
            for text in Self.texts(card) where !text.hasPrefix("- ") {  // the steps and sources are the catalog's list
                let html = CommonMarkReader.html(text)
                for tag in ["<a ", "<em>", "<strong>", "<code>", "<h1>", "<h2>", "<ul>", "<ol>", "<img", "<b>", "<script"] {
                    #expect(!html.contains(tag), "\(tag) from \(payload.debugDescription) in \(text.debugDescription)")
                }
                #expect(!text.contains("<https://") && !text.contains("https://evil"), "a live address: \(text)")
            }
            let key = try #require(((card["actions"] as? [[String: Any]])?.first?["data"] as? [String: Any])?["alertId"] as? String)
            #expect(key.removingPercentEncoding == view.id)
        }
    }

    @Test("a catalog's action id comes out as it is (mark-resolved, not mark\\-resolved); any other id is escaped")
    func actionIds() throws {
        var view = try Self.pipeline.view(Fixtures.sample("email-alert"))
        view.actions[0].id = "mark-resolved"
        view.actions[1].id = "*x* <b>"
        let teams = try Self.pipeline.formats.emitter(named: "teams")
        let card = try Self.card(try teams.render(view, options: .default))
        let ids = (card["actions"] as? [[String: Any]] ?? []).map { ($0["data"] as? [String: Any])?["action"] as? String }
        #expect(ids.first == "mark-resolved")
        #expect(ids.dropFirst().first == "\\*x\\* \\<b\\>", "an id that is no identifier is escaped as text")
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
