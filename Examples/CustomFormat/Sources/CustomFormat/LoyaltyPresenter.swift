import AlertModel
import AlertPresentation

/// The detail of an `IDLOYALTY` event, a loyalty-programme number (airline miles, hotel points) leaked: the
/// number masked but for its last four characters, and the programme's name. Neither field is in AlertKit's
/// contract: the presenter reads them from the event's raw `data`.
struct LoyaltyPresenter: LeakPresenting {
    static let match = MatchType(code: "IDLOYALTY")

    func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic,
                in context: PresentationContext) -> AlertView.Detail {
        let number = event.data?["loyaltyNumber"]?.stringValue ?? ""
        let shown = context.options.revealsSensitiveValues ? number
            : String(repeating: "•", count: max(0, number.count - 4)) + number.suffix(4)
        var fields: [AlertView.Field] = []
        if let program = event.data?["program"]?.stringValue {
            fields.append(AlertView.Field(name: "program", label: "Programme:", value: program))
        }
        if let origin = event.origin { fields.append(context.field("origin", origin)) }
        fields.append(context.field("leakDate", context.format(event.leakDate)))
        return AlertView.Detail(icon: topic.icon, value: shown.isEmpty ? topic.name : shown, fields: fields)
    }

    /// Points can be spent at once, so a leaked number with its programme is urgent; a bare number is not.
    func severity(of event: CyberAgentEvent, topic: ContentCatalog.Topic) -> Double? {
        event.data?["program"] == nil ? nil : 0.92
    }
}

extension ContentCatalog.Topic {
    /// The words for `IDLOYALTY`, built in code (a catalog file could give them too).
    static let loyalty = ContentCatalog.Topic(
        name: "Loyalty number",
        title: .init(one: "Loyalty Number Leaked", other: "{count} Loyalty Numbers Leaked"),
        subtitle: .init(one: "Your loyalty number has been leaked", other: "{count} loyalty numbers have been leaked"),
        icon: "ic-retailcard-alert",
        risks: ["Someone could spend your points or miles, or transfer them to another account."],
        steps: [
            AlertView.Step(icon: "ic-password-step", text: "Change the password of your loyalty account."),
            AlertView.Step(icon: "ic-strangebehavior-step", text: "Check your points balance and recent redemptions."),
        ],
        severity: 0.6)
}
