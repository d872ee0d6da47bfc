import AlertModel
import AlertPresentation
import AlertTestSupport
import Testing

@Suite("The sample email alert")
struct EmailAlertViewTests {
    let view: AlertView
    /// The view of a product with a help line: the exercise's "Contact us now" is there "to contact our help line".
    let withHelpLine: AlertView
    static let line = HelpLine("+1 (800) 555-0100")!

    init() throws {
        let alert = try AlertDecoder().decode(Fixtures.sample("email-alert")).alert
        view = PresenterRegistry.standard.present(alert)
        withHelpLine = PresenterRegistry.standard.present(alert, in: PresentationContext(options: .init(helpLine: Self.line)))
    }

    @Test("title, header and detail follow docs/contract.md's display rules")
    func header() {
        #expect(view.title == "Email Address Leaked")
        #expect(view.header == .init(icon: "ic-cyberagent-alert", title: "Identity Risk", subtitle: "Your email has been leaked"))
        #expect(view.details.count == 1)
        #expect(view.details[0].icon == "ic-email-alert")
        #expect(view.details[0].value == "mateagar+1@gmail.com")  // the customer's own, as the exercise shows it (issue 29)
        #expect(view.details[0].fields.map(\.text) == ["From: Test Data", "Date of leak: 09-06-2016"])
    }

    @Test("What's at risk, Next Steps and Need help? carry the sample's texts and icons")
    func sections() {
        #expect(view.risks.title == "What's at risk")
        #expect(view.risks.paragraphs == ["Your email and password were compromised and could be used to access other accounts."])
        #expect(view.nextSteps.title == "Next Steps")
        #expect(view.nextSteps.items == [
            .init(icon: "ic-ellipsis-step", text: "Change your password immediately."),
            .init(icon: "ic-email-step", text: "Change passwords for any accounts that share this email and password combo."),
            .init(icon: "ic-strangebehavior-step", text: "Keep an eye on accounts for any strange behavior."),
        ])
        #expect(view.help.title == "Need help?")
        #expect(view.help.text == "Talk to an expert and get help with any issues related to Identity Protection.")
        #expect(view.action(view.help.action)?.label == "Contact us now")
    }

    @Test("without a help line the contact popup is the catalog's alternative; the other two are as with one")
    func withoutHelpLine() {
        #expect(view.actions[0] == AlertAction(id: "contact", label: "Contact us now", placement: .help, popup: .init(
            title: "Contact us", message: "Reach our experts through the contact details in your account.", buttons: [
                .init(id: "ok", label: "OK", role: .default, effect: .none),
            ])))
        #expect(Array(view.actions.dropFirst()) == Array(withHelpLine.actions.dropFirst()))
    }

    @Test("with a help line the three actions and popups are docs/contract.md's table, as data, the number on the contact popup")
    func actions() {
        #expect(withHelpLine.actions == [
            AlertAction(id: "contact", label: "Contact us now", placement: .help, popup: .init(
                title: "Contact us", message: "Call our experts for help.", buttons: [
                    .init(id: "cancel", label: "Cancel", role: .cancel, effect: .none),
                    .init(id: "call", label: "Call", role: .default, effect: .callHelpLine),
                ], phone: Self.line)),
            AlertAction(id: "remind", label: "Remind me later", placement: .footer, popup: .init(
                title: "Reminder scheduled", message: "We’ll remind you about this alert tomorrow.", buttons: [
                    .init(id: "ok", label: "OK", role: .default, effect: .remind(afterSeconds: 86_400)),
                ])),
            AlertAction(id: "resolve", label: "Mark as resolved", placement: .footer, popup: .init(
                title: "Are you sure?",
                message: "Marking an alert as resolved means you will no longer be alerted on this leak and the alert will be removed.",
                buttons: [
                    .init(id: "cancel", label: "Cancel", role: .cancel, effect: .none),
                    .init(id: "yes", label: "Yes", role: .destructive, effect: .resolveAlert),
                ])),
        ])
        #expect(view.actions(at: .footer).map(\.label) == ["Remind me later", "Mark as resolved"])
    }
}
