import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The sample alert's acceptance criteria (docs/contract.md, "The page"), checked on the rendered sample in every document format.
@Suite("Acceptance: the email alert in every format")
struct AcceptanceTests {
    /// What the page must show, in this order (docs/contract.md: the page's order, the actions and their popups). The
    /// leaked address is the customer's own, shown as it is (issue 29), as the exercise's screen shows it.
    static let inOrder = [
        "Email Address Leaked", "Identity Risk", "Your email has been leaked", "mateagar+1@gmail.com",
        "From: Test Data", "Date of leak: 09-06-2016",
        "What's at risk", "Your email and password were compromised and could be used to access other accounts.",
        "Next Steps", "Change your password immediately.",
        "Change passwords for any accounts that share this email and password combo.",
        "Keep an eye on accounts for any strange behavior.",
        "Need help?", "Talk to an expert and get help with any issues related to Identity Protection.", "Contact us now",
        "Remind me later", "Mark as resolved",
        "Contact us", "Call our experts for help.", "Cancel", "Call",
        "Reminder scheduled", "We’ll remind you about this alert tomorrow.", "OK",
        "Are you sure?",
        "Marking an alert as resolved means you will no longer be alerted on this leak and the alert will be removed.",
        "Cancel", "Yes",
    ]

    /// The exercise's "Contact us now" button is there "to contact our help line", so its popup (Cancel, Call) is
    /// what a product with a help line shows; these render with one. Without one, `withoutHelp()` below.
    static let helpLine = HelpLine("+1 800 555 0100")

    func render(_ format: String, helpLine: HelpLine? = AcceptanceTests.helpLine) throws -> String {
        let context = PresentationContext(catalog: try .shipped(locale: "en"), options: .init(helpLine: helpLine))
        return try AlertPipeline(context: context).render(Fixtures.sample("email-alert"), format: format).document
    }

    @Test("without a help line the contact popup says what to do instead (the catalog's withoutHelpLine), with one button that closes it")
    func withoutHelp() throws {
        let page = try render("html", helpLine: nil)
        let text = Fixtures.visibleText(ofHTML: page)
        #expect(Fixtures.firstOutOfOrder(["Contact us now", "Contact us", "Reach our experts through the contact details in your account.", "OK"], in: text) == nil)
        #expect(!text.contains("Call our experts for help.") && !page.contains("tel:"))
        #expect(page.components(separatedBy: "popovertargetaction=\"hide\"").count - 1 == 4)
        #expect(try render("html").contains("href=\"tel:+18005550100\""), "with one, Call dials it")
    }

    @Test("the HTML page shows every acceptance string in order")
    func html() throws {
        let page = try render("html")
        #expect(Fixtures.firstOutOfOrder(Self.inOrder, in: Fixtures.visibleText(ofHTML: page)) == nil)
    }

    @Test("the HTML page names the icons of the header, the detail and the three steps, in order")
    func icons() throws {
        let page = try render("html")
        let icons = ["ic-cyberagent-alert", "ic-email-alert", "ic-ellipsis-step", "ic-email-step", "ic-strangebehavior-step"]
        #expect(Fixtures.firstOutOfOrder(icons.map { "data-icon='\($0)'" }, in: page) == nil)
        #expect(!page.contains("<script"), "no JavaScript")
        #expect(!page.contains("http://") || page.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") })
    }

    @Test("each action opens its popup, and each popup button closes it")
    func popups() throws {
        let page = try render("html")
        for id in ["contact", "remind", "resolve"] {
            #expect(page.contains("popovertarget=\"popup-\(id)\" popovertargetaction=\"show\""))
            #expect(page.contains("id=\"popup-\(id)\" popover=\"auto\" role=\"alertdialog\""))
        }
        // Cancel, OK, Cancel and Yes close their popups; Call is a tel: link that dials the help line.
        #expect(page.components(separatedBy: "popovertargetaction=\"hide\"").count - 1 == 4)
        #expect(page.components(separatedBy: "href=\"tel:+18005550100\"").count - 1 >= 1)
    }

    /// What Markdown and text show, in this order: the page's content, the sources, then each action as one line
    /// with its popup's words (nothing opens in a document, so there are no popups; docs/contract.md).
    static let inDocumentOrder = Array(inOrder.prefix(while: { $0 != "Contact us now" })) + [
        "Contact us now", "Call our experts for help.", "Learn more", "CISA: Use strong passwords",
        "Remind me later", "We’ll remind you about this alert tomorrow.", "Mark as resolved",
        "Marking an alert as resolved means you will no longer be alerted on this leak and the alert will be removed.",
    ]

    @Test("Markdown and text show the same content in the same order, each action as one line and no popup", arguments: ["markdown", "text"])
    func otherFormats(format: String) throws {
        let rendered = try render(format)
        // Markdown as a reader sees it (escapes resolved); text wraps lines, so compare with white space folded.
        let document = format == "markdown" ? CommonMarkReader.visibleText(rendered) : rendered
        let folded = document.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(Fixtures.firstOutOfOrder(Self.inDocumentOrder, in: folded) == nil)
        #expect(!folded.contains("Are you sure?") && !folded.contains("Reminder scheduled") && !rendered.contains("\n>"))
    }

    @Test("JSON carries the actions with their popups, roles and effects")
    func json() throws {
        let data = Data(try render("json").utf8)
        let view = try JSONDecoder().decode(AlertView.self, from: data)
        #expect(view.actions.map(\.popup.title) == ["Contact us", "Reminder scheduled", "Are you sure?"])
        #expect(view.actions.flatMap(\.popup.buttons).map(\.role) == [.cancel, .default, .default, .cancel, .destructive])
        #expect(view.actions.flatMap(\.popup.buttons).map(\.effect) == [.none, .callHelpLine, .remind(afterSeconds: 86_400), .none, .resolveAlert])
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let actions = try #require(object["actions"] as? [[String: Any]])
        let effect = (actions[1]["popup"] as? [String: Any]).flatMap { ($0["buttons"] as? [[String: Any]])?.first?["effect"] }
        #expect((effect as? [String: Any])?["kind"] as? String == "remind")
    }

    @Test("the library's registry ships every format (the four in Swift and the shipped templates) and refuses unknown names with the known ones")
    func registry() throws {
        let all = ["email", "html", "json", "markdown", "push", "slack", "sms", "teams", "text"]
        #expect(FormatRegistry.builtIn.formats.map(\.name) == ["html", "json", "markdown", "text"])
        #expect(FormatRegistry.standard.formats.map(\.name) == all)
        #expect(FormatRegistry.standard.problems.isEmpty)
        #expect(try FormatRegistry.standard.emitter(named: "md").format.name == "markdown")
        #expect {
            try FormatRegistry.standard.emitter(named: "pdf")
        } throws: { error in
            (error as? UnknownFormatError)?.description == "unknown format \"pdf\"; known formats: " + all.joined(separator: ", ")
        }
    }

    @Test("a presenter registered in Swift reaches every shipped format through the library's registry",
          arguments: FormatRegistry.standard.formats.map(\.name))
    func extensionReachesEveryFormat(format: String) throws {
        var extensions = AlertExtensions()
        extensions.register(LoyaltyTestPresenter(), for: MatchType(code: "IDLOYALTY"))
        let pipeline = try extensions.pipeline()
        let alert = Data(#"{"id": "77:1", "type": 1, "events": [{"date": "2026-11-02", "data": {"match": "IDLOYALTY", "loyaltyNumber": "ACME-5512-7731"}}]}"#.utf8)
        let output = try pipeline.render(alert, format: format)
        #expect(output.warnings.isEmpty, "a registered code raises no warning")
        #expect(!output.document.contains("5512"), "the presenter's mask holds in \(format)")
        if !["sms", "push"].contains(format) {  // they show no details for any alert
            #expect(output.document.contains("LOYALTY") && output.document.contains("7731"), "the presenter's value reaches \(format)")
        }
    }
}

/// A Swift presenter for a match type outside the contract: its value is `LOYALTY-` and the number's last four.
private struct LoyaltyTestPresenter: LeakPresenting {
    func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic, in context: PresentationContext) -> AlertView.Detail {
        let number = event.data?["loyaltyNumber"]?.stringValue ?? ""
        return AlertView.Detail(icon: topic.icon, value: "LOYALTY-" + number.suffix(4), fields: [])
    }
}
