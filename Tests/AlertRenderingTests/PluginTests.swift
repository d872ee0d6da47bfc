import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Extending AlertKit in Swift from outside, as `Examples/CustomFormat` does: a new match type with its own data,
/// words and severity.
@Suite("Swift plugins")
struct PluginTests {
    static let loyalty = Data("""
    {"id": "77:1", "type": 1, "events": [{"date": "2026-11-02", "data": {
      "match": "IDLOYALTY", "loyaltyNumber": "LY-1234", "program": "Miles", "tier": 3}}]}
    """.utf8)

    struct Loyalty: LeakPresenting {
        var severity: Double?
        func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic,
                    in context: PresentationContext) -> AlertView.Detail {
            AlertView.Detail(icon: topic.icon, value: event.data?["loyaltyNumber"]?.stringValue ?? "?", fields: [])
        }
        func severity(of event: CyberAgentEvent, topic: ContentCatalog.Topic) -> Double? { severity }
    }

    static func pipeline(_ presenter: Loyalty?, topicSeverity: Double? = nil) throws -> AlertPipeline {
        var presenters = PresenterRegistry.standard
        if let presenter {
            var cyberAgent = CyberAgentPresenter()
            cyberAgent.register(presenter, for: MatchType(code: "IDLOYALTY"))
            presenters.register(cyberAgent, for: .cyberAgent)
        }
        var catalog = try ContentCatalog.shipped(locale: "en")
        var topic = catalog.alertTypes["cyberAgent"]!.generic
        topic.title = .init(one: "Loyalty Number Leaked", other: "{count} Loyalty Numbers Leaked")
        topic.severity = topicSeverity
        catalog.matchTypes["IDLOYALTY"] = topic
        return AlertPipeline(presenters: presenters, context: PresentationContext(catalog: catalog))
    }

    @Test("an unknown match type keeps its raw data; unregistered it warns, registered it does not")
    func rawDataAndWarning() throws {
        let decoded = try AlertDecoder().decode(Self.loyalty)
        guard case .cyberAgent(let events) = decoded.alert.events else { Issue.record("not CyberAgent"); return }
        #expect(events[0].data?["loyaltyNumber"] == .string("LY-1234") && events[0].data?["tier"] == .number(3))
        #expect(events[0].value == nil)
        #expect(decoded.warnings.count == 1)
        #expect(try Self.pipeline(nil).render(Self.loyalty, format: "text").warnings.count == 1)
        let registered = try Self.pipeline(Loyalty()).render(Self.loyalty, format: "text")
        #expect(registered.warnings.isEmpty)
        #expect(registered.document.contains("LY-1234") && registered.document.hasPrefix("Loyalty Number Leaked"))
        let known = try AlertDecoder().decode(Fixtures.sample("email-alert"))
        guard case .cyberAgent(let knownEvents) = known.alert.events else { return }
        #expect(knownEvents[0].data == nil)
    }

    @Test("severity: the presenter's, else the catalog topic's, else the standard 0.5; either can make it urgent")
    func severity() throws {
        #expect(try Self.pipeline(Loyalty()).view(Self.loyalty).severity == 0.5)
        #expect(try !Self.pipeline(Loyalty()).view(Self.loyalty).urgent)
        #expect(try Self.pipeline(Loyalty(), topicSeverity: 0.95).view(Self.loyalty).urgent)
        let both = try Self.pipeline(Loyalty(severity: 0.3), topicSeverity: 0.95).view(Self.loyalty)
        #expect(both.severity == 0.3 && !both.urgent)
        #expect(try Self.pipeline(Loyalty(severity: 7)).view(Self.loyalty).severity == 1)
    }

    @Test("a catalog file may add words for a new match type, with a severity, and a severity to a shipped topic")
    func catalogFile() throws {
        let scratch = try ScratchDirectory("alertkit-plugin")
        let english = try ContentCatalog.shipped(locale: "en")
        var topic = english.alertTypes["cyberAgent"]!.generic
        topic.title = .init(one: "Loyalty Number Leaked", other: "{count} Loyalty Numbers Leaked")
        topic.severity = 0.93
        let encoded = try JSONEncoder().encode(["matchTypes": ["IDLOYALTY": topic]])
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: [String: Any]])
        object["matchTypes"]?["IDEMAILADDR"] = ["severity": 0.99]
        try scratch.file("catalog/en.json", try JSONSerialization.data(withJSONObject: object))
        let catalog = try ContentCatalog.load(locale: "en", folders: [scratch.url])
        #expect(catalog.matchTypes["IDLOYALTY"]?.severity == 0.93)
        let pipeline = AlertPipeline(context: PresentationContext(catalog: catalog))
        let view = try pipeline.view(Self.loyalty)
        #expect(view.title == "Loyalty Number Leaked" && view.urgent)
        #expect(try pipeline.view(Fixtures.sample("email-alert")).urgent)
        try scratch.file("catalog/en.json", #"{"matchTypes": {"IDEMAILADDR": {"severty": 1}}}"#)
        #expect(throws: CatalogError.self) { try ContentCatalog.load(locale: "en", folders: [scratch.url]) }
    }
}
