import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// A call to action is shown only where the reader can act on it (issue 38): with a help line every channel shows
/// the number (a `tel:` link where the channel has links, the number in Slack's dialog); without one the contact
/// action says what the catalog says to do instead, or is left out. Teams' buttons lead somewhere by themselves
/// (`Action.OpenUrl`) unless the product says a bot receives them (`Action.Submit`).
@Suite("Actions that lead somewhere")
struct ActionsLeadSomewhereTests {
    static let line = HelpLine("+1 (800) 555-0100")!

    static func pipeline(helpLine: HelpLine? = nil, locale: String = "en",
                         product change: (inout ProductSettings) -> Void = { _ in }) throws -> AlertPipeline {
        var catalog = try ContentCatalog.shipped(locale: locale)
        change(&catalog.product)
        return AlertPipeline(context: PresentationContext(catalog: catalog, options: PresentationOptions(helpLine: helpLine)))
    }

    static func render(_ format: String, _ pipeline: AlertPipeline, sample: String = "email-alert") throws -> String {
        try pipeline.render(Fixtures.sample(sample), format: format).document
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    /// Every object in `value`, depth first.
    static func objects(_ value: Any) -> [[String: Any]] {
        if let object = value as? [String: Any] { return [object] + object.values.flatMap(objects) }
        if let array = value as? [Any] { return array.flatMap(objects) }
        return []
    }

    @Test("the view: with a help line the contact popup carries it; without, the catalog's alternative, in both locales",
          arguments: ["en", "es"])
    func view(locale: String) throws {
        let sample = try Fixtures.sample("email-alert")
        let with = try Self.pipeline(helpLine: Self.line, locale: locale).view(sample)
        #expect(with.actions.map(\.id) == ["contact", "remind", "resolve"])
        #expect(with.actions[0].popup.phone == Self.line && with.actions[0].callsHelpLine)
        #expect(with.actions[1].popup.phone == nil && with.actions[2].popup.phone == nil)
        let without = try Self.pipeline(locale: locale).view(sample)
        let catalog = try ContentCatalog.shipped(locale: locale)
        #expect(without.actions.map(\.id) == ["contact", "remind", "resolve"])
        #expect(without.actions[0].popup == catalog.actions[0].withoutHelpLine && !without.actions[0].callsHelpLine)
        #expect(without.actions.allSatisfy { $0.popup.phone == nil })
    }

    @Test("an action that calls the help line, without one and without an alternative, is left out of every channel")
    func leftOut() throws {
        var catalog = try ContentCatalog.shipped(locale: "en")
        catalog.actions[0].withoutHelpLine = nil
        let pipeline = AlertPipeline(context: PresentationContext(catalog: catalog))
        let view = try pipeline.view(try Fixtures.sample("email-alert"))
        #expect(view.actions.map(\.id) == ["remind", "resolve"])
        for format in ["html", "markdown", "text", "slack", "teams", "email"] {
            let rendered = try Self.render(format, pipeline)
            // The page's style sheet names the button in a comment: what counts is the text a reader sees.
            let document = format == "html" ? Fixtures.visibleText(ofHTML: rendered) : rendered
            #expect(!document.contains("Contact us now") && !document.contains("Call our experts"), "\(format)")
            #expect(format != "html" || !rendered.contains("popup-contact"), "no button opens a contact popup")
        }
        // With a help line the same catalog shows it.
        let shown = AlertPipeline(context: PresentationContext(catalog: catalog, options: .init(helpLine: Self.line)))
        #expect(try Self.render("html", shown).contains("href=\"tel:+18005550100\""))
    }

    @Test("a catalog's alternative may not call the help line; an overlay that stops the popup calling it keeps loading, the alternative unused; product links and bots from an overlay")
    func catalogChecks() throws {
        let folder = try ScratchDirectory("alertkit-actions")
        func overlay(_ action: String) throws -> String {
            try folder.file("catalog/en.json", "{\"actions\": [\(action)]}")
            do { _ = try ContentCatalog.load(locale: "en", folders: [folder.url]); return "" } catch { return "\(error)" }
        }
        let calls = "{\"id\": \"call\", \"label\": \"Call\", \"role\": \"default\", \"effect\": {\"kind\": \"callHelpLine\"}}"
        let calling = try overlay("{\"id\": \"contact\", \"withoutHelpLine\": {\"title\": \"t\", \"message\": \"m\", \"buttons\": [\(calls)]}}")
        #expect(calling.contains("none of its buttons may call it"), "\(calling)")
        // An overlay cannot give `remind` an alternative at all (the shipped action has no such key).
        let notCalling = try overlay("{\"id\": \"remind\", \"withoutHelpLine\": {\"title\": \"t\", \"message\": \"m\", \"buttons\": []}}")
        #expect(!notCalling.isEmpty, "\(notCalling)")
        #expect(try overlay("{\"id\": \"contact\", \"withoutHelpLine\": {\"title\": \"Help\", \"message\": \"Chat in the app.\", \"buttons\": []}}").isEmpty)
        // An overlay that takes the Call button out cannot take the shipped alternative out with it: it loads, and
        // the popup, which no longer calls the help line, is shown as the overlay has it.
        #expect(try overlay("{\"id\": \"contact\", \"popup\": {\"buttons\": [{\"id\": \"call\", \"remove\": true}]}}").isEmpty)
        let catalog = try ContentCatalog.load(locale: "en", folders: [folder.url])
        let view = try AlertPipeline(context: PresentationContext(catalog: catalog)).view(try Fixtures.sample("email-alert"))
        #expect(view.actions[0].popup.message == "Call our experts for help." && view.actions[0].popup.buttons.map(\.id) == ["cancel"])
        // The product's action links and bot setting from a templates folder's catalog, checked as `config` checks them.
        try folder.file("catalog/en.json", #"{"product": {"actionLinks": {"remind": "https://acme.example/r"}, "botActions": true}}"#)
        let product = try ContentCatalog.load(locale: "en", folders: [folder.url]).product
        #expect(product.actionLinks == ["remind": "https://acme.example/r"] && product.botActions)
        try folder.file("catalog/en.json", #"{"product": {"actionLinks": {"remind": "https://acme.example/r?a&b"}}}"#)
        #expect(throws: (any Error).self) { try ContentCatalog.load(locale: "en", folders: [folder.url]) }
    }

    @Test("with a help line: the page's Call and the email's number are tel: links, text and Markdown show the number, Slack's dialog and help section show it, Teams links it")
    func everyChannelShowsTheNumber() throws {
        let pipeline = try Self.pipeline(helpLine: Self.line)
        #expect(try Self.render("html", pipeline).contains("href=\"tel:+18005550100\""))
        #expect(try Self.render("email", pipeline).contains("href=3D\"tel:+18005550100\"") || (try Self.render("email", pipeline)).contains("tel:+18005550100"))
        #expect(try Self.render("text", pipeline).contains("+1 (800) 555-0100"))
        #expect(try Self.render("markdown", pipeline).contains("tel:+18005550100"))
        let slack = try Self.json(try Self.render("slack", pipeline))
        let confirms = Self.objects(slack).compactMap { $0["confirm"] as? [String: Any] }
        #expect(confirms.contains { (($0["text"] as? [String: Any])?["text"] as? String)?.hasSuffix("Call our experts for help. +1 (800) 555-0100") == true })
        #expect(Self.objects(slack).contains { ($0["text"] as? String)?.hasSuffix("\n+1 (800) 555-0100") == true })
        let teams = Self.objects(try Self.json(try Self.render("teams", pipeline)))
        #expect(teams.contains { $0["type"] as? String == "Action.OpenUrl" && $0["url"] as? String == "tel:+18005550100"
                && $0["title"] as? String == "Contact us now: +1 (800) 555-0100" })
    }

    @Test("without a help line no channel offers a call: no tel: link, no Call in Slack's dialog, no Teams button")
    func noCallWithoutANumber() throws {
        let pipeline = try Self.pipeline()
        for format in ["html", "email", "text", "markdown", "slack", "teams", "sms"] {
            let document = try Self.render(format, pipeline)
            #expect(!document.contains("tel:") && !document.contains("Call our experts"), "\(format)")
        }
        #expect(try Self.render("html", pipeline).contains("Reach our experts through the contact details in your account."))
        let teams = Self.objects(try Self.json(try Self.render("teams", pipeline)))
        #expect(!teams.contains { ($0["type"] as? String)?.hasPrefix("Action.") == true && $0["url"] == nil },
                "no Action.Submit without a bot")
    }

    @Test("Teams: catalog links are real links with no hidden character, masked values carry no backslash, alert addresses stay defanged")
    func teamsAsTeamsRendersIt() throws {
        let pipeline = try Self.pipeline()
        for sample in Fixtures.sampleNames {
            let card = try Self.render("teams", pipeline, sample: sample)
            #expect(!card.contains("\u{2060}") && !card.contains("\\\\"), "\(sample): no word joiner, no backslash escape")
            let objects = Self.objects(try Self.json(card))
            let links = objects.filter { $0["type"] as? String == "Action.OpenUrl" }.compactMap { $0["url"] as? String }
            #expect(links.allSatisfy { $0.hasPrefix("https://") }, "\(sample): \(links)")
            let view = try pipeline.view(try Fixtures.sample(sample))
            #expect(Set(links) == Set(view.sources.items.map(\.url)), "\(sample): each source once, as a link")
            // No alert string is a link but the one the contract allows: a post's address on its own network
            // (a field of kind `link`, which the page links too). Every other address the alert holds is defanged.
            let own = view.details.flatMap(\.fields).filter { $0.kind == .link }.map(\.value)
            let texts = objects.compactMap { $0["type"] as? String == "TextRun" ? $0["text"] as? String : nil }
                .map { text in own.reduce(text) { $0.replacingOccurrences(of: $1, with: "") } }
            #expect(!texts.contains { $0.contains("http://") || $0.contains("https://") }, "\(sample)")
            #expect(!objects.contains { $0["type"] as? String == "TextBlock" }, "\(sample): TextBlock would read its text as Markdown")
        }
        let masked = try Self.render("teams", pipeline, sample: "ccn-alert")
        #expect(masked.contains("\"****1111\"") && masked.contains("exploit[.]in"))
    }

    @Test("Teams and Slack: a product's action link opens with the alert's key; Action.Submit only where a bot receives it")
    func productActions() throws {
        let sample = "email-alert"
        let linked = try Self.pipeline { product in
            product.actionLinks = ["remind": "https://acme.example/a/{alertKey}/remind"]
            product.alertKeys = AlertKeySigner(name: "test") { "k" + String($0.utf8.count) }
        }
        let teams = Self.objects(try Self.json(try Self.render("teams", linked, sample: sample)))
        let opens = teams.filter { $0["type"] as? String == "Action.OpenUrl" && $0["title"] as? String == "Remind me later" }
        // The key signs "action", NUL, the action's id, NUL, the alert's id (25 bytes), never the id alone.
        #expect(opens.map { $0["url"] as? String } == ["https://acme.example/a/k25/remind"])
        #expect(!teams.contains { $0["type"] as? String == "Action.Submit" })
        let slack = Self.objects(try Self.json(try Self.render("slack", linked, sample: sample)))
        let buttons = slack.filter { $0["type"] as? String == "button" }
        #expect(buttons.map { $0["value"] as? String } == ["4930982%3A105", "4930982%3A105", "4930982%3A105"])
        #expect(buttons.compactMap { $0["url"] as? String } == ["https://acme.example/a/k25/remind"])
        // Without the signer a link that names {alertKey} is not used (the command and the server refuse to start).
        let unsigned = try Self.pipeline { $0.actionLinks = ["remind": "https://acme.example/a/{alertKey}/remind"] }
        #expect(!(try Self.render("teams", unsigned, sample: sample)).contains("acme.example"))
        let bot = try Self.pipeline { $0.botActions = true }
        let submits = Self.objects(try Self.json(try Self.render("teams", bot, sample: sample)))
            .filter { $0["type"] as? String == "Action.Submit" }
        // With a bot the contact action goes to it too (its popup, without a help line, is the catalog's alternative).
        #expect(submits.compactMap { ($0["data"] as? [String: Any])?["action"] as? String } == ["contact", "remind", "resolve"])
        #expect(submits.allSatisfy { ($0["data"] as? [String: Any])?["alertId"] as? String == "4930982%3A105" })
    }

    @Test("an action link's key is its own (not the unsubscribe key, not another action's); a signer's token outside [A-Za-z0-9._~-] gives no address")
    func actionKeys() {
        var product = ContentCatalog.english.product
        product.unsubscribe = "https://acme.example/u/{alertKey}"
        product.actionLinks = ["remind": "https://acme.example/r/{alertKey}", "resolve": "https://acme.example/s/{alertKey}"]
        product.alertKeys = AlertKeySigner(name: "hex") { $0.utf8.map { String($0, radix: 16) }.joined() }
        let keys = [product.unsubscribeAddress(alertID: "7"), product.actionLink("remind", alertID: "7"),
                    product.actionLink("resolve", alertID: "7")].map { $0?.split(separator: "/").last.map(String.init) }
        #expect(!keys.contains(nil) && Set(keys).count == 3, "\(keys)")
        #expect(keys[0] == "37", "the unsubscribe key signs the id alone, as before")
        product.alertKeys = AlertKeySigner(name: "leaky") { "x\"><a href=" + $0 }
        #expect(product.actionLink("remind", alertID: "7") == nil && product.unsubscribeAddress(alertID: "7") == nil)
        product.alertKeys = AlertKeySigner(name: "empty") { _ in "" }
        #expect(product.actionLink("remind", alertID: "7") == nil)
    }

    @Test("product action links: https only, ids as action ids, at most 2,000 bytes (at, below and above)")
    func actionLinkProblems() {
        func problem(_ links: [String: String]) -> String? { ProductSettings.Override(actionLinks: links).problem }
        #expect(problem(["remind": "https://acme.example/r"]) == nil)
        #expect(problem(["remind": "http://acme.example/r"])?.contains("is not an https:// address") == true)
        #expect(problem(["remind": "HTTPS://acme.example/r"])?.contains("is not an https:// address") == true)
        #expect(problem(["remind": "https://acme.example/r?a=1&b=2"])?.contains("a raw &") == true)
        #expect(problem(["remind": "https://acme.example/r?a=1%26b=2"]) == nil)
        #expect(problem(["Remind": "https://acme.example/r"])?.contains("is not [a-z0-9-]+") == true)
        let base = "https://acme.example/"
        let at = base + String(repeating: "a", count: ProductSettings.actionLinkLimit - base.utf8.count)
        #expect(problem(["remind": String(at.dropLast())]) == nil)
        #expect(problem(["remind": at]) == nil)
        #expect(problem(["remind": at + "a"])?.contains("over 2000") == true)
    }
}
