import AlertModel
import AlertPresentation

/// Acme's loyalty-card numbers (`IDLOYALTY`, outside AlertKit's contract): the number masked but for its last four
/// characters, the programme as a labelled field, urgent. Its words are here, in English and Spanish; a
/// `catalog/LOCALE.json` of `--templates` that defines `IDLOYALTY` wins over them.
struct LoyaltyPresenter: LeakPresenting {
    static let match = MatchType(code: "IDLOYALTY")

    func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic,
                in context: PresentationContext) -> AlertView.Detail {
        guard let number = event.data?["loyaltyNumber"]?.stringValue else {
            return AlertView.Detail(icon: topic.icon, value: topic.name, fields: [])
        }
        // AlertKit's own rule (`last-four`), so the number reads like every other masked value.
        let value = context.options.revealsSensitiveValues ? number : Masking.mask(number, rule: .lastFour)
        let program = event.data?["program"]?.stringValue.map { name in
            AlertView.Field(name: "program", label: context.catalog.labels["program"]
                            ?? (context.catalog.locale == "es" ? "Programa:" : "Program:"), value: name)
        }
        let origin = event.origin.map { context.field("origin", $0) }
        return AlertView.Detail(icon: topic.icon, value: value, fields: [program, origin].compactMap { $0 }
                                + [context.field("leakDate", context.format(event.leakDate))])
    }

    /// The catalog's words when it defines `IDLOYALTY`, else these, in the catalog's language.
    func topic(for event: CyberAgentEvent, base topic: ContentCatalog.Topic,
               in context: PresentationContext) -> ContentCatalog.Topic {
        if context.catalog.matchTypes[Self.match.code] != nil { return topic }
        return context.catalog.locale == "es" ? .loyaltyES : .loyaltyEN
    }
}

extension ContentCatalog.Topic {
    static let loyaltyEN = ContentCatalog.Topic(
        name: "Loyalty card number",
        title: .init(one: "Loyalty Card Number Leaked", other: "{count} Loyalty Card Numbers Leaked"),
        subtitle: .init(one: "Your loyalty card number has been leaked", other: "Your loyalty card numbers have been leaked"),
        icon: "ic-retailcard-alert",
        risks: ["Someone with your card number could spend your points or rewards, or move them to another account."],
        steps: [
            AlertView.Step(icon: "ic-phone-step", text: "Call the program and ask for a new card number."),
            AlertView.Step(icon: "ic-password-step", text: "Change the password of your loyalty account."),
            AlertView.Step(icon: "ic-receipt-step", text: "Check your points balance and recent redemptions."),
        ],
        severity: 0.6,
        sources: [AlertView.Source(title: "FTC: What to do if you were affected by a data breach",
                                   url: "https://consumer.ftc.gov/articles/what-do-if-you-were-affected-data-breach")],
        urgent: true)

    static let loyaltyES = ContentCatalog.Topic(
        name: "Número de tarjeta de fidelidad",
        title: .init(one: "Número de tarjeta de fidelidad filtrado", other: "{count} números de tarjeta de fidelidad filtrados"),
        subtitle: .init(one: "Se ha filtrado su número de tarjeta de fidelidad",
                        other: "Se han filtrado sus números de tarjeta de fidelidad"),
        icon: "ic-retailcard-alert",
        risks: ["Quien tenga su número podría gastar sus puntos o recompensas, o pasarlos a otra cuenta."],
        steps: [
            AlertView.Step(icon: "ic-phone-step", text: "Llame al programa y pida un nuevo número de tarjeta."),
            AlertView.Step(icon: "ic-password-step", text: "Cambie la contraseña de su cuenta de fidelidad."),
            AlertView.Step(icon: "ic-receipt-step", text: "Revise su saldo de puntos y los canjes recientes."),
        ],
        severity: 0.6,
        sources: [AlertView.Source(title: "FTC: Qué hacer si le afectó una filtración de datos (en inglés)",
                                   url: "https://consumer.ftc.gov/articles/what-do-if-you-were-affected-data-breach")],
        urgent: true)
}
