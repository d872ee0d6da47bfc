import AlertModel

/// Presents SSNTrace alerts: each linked name with its address (as a postal address), when it was
/// first seen (or, without `firstSeen`, when it was found) and where. The same name and address reported twice is
/// one record with both sources.
public struct SSNTracePresenter: AlertPresenting {
    /// Creates the presenter.
    public init() {}

    /// The view of an SSNTrace alert.
    public func present(_ alert: Alert, in context: PresentationContext) -> AlertView {
        guard case .ssnTrace(let events) = alert.events else {
            return PresenterRegistry.standard.present(alert, in: context)
        }
        let topic = context.catalog.alertTypes[AlertType.ssnTrace.name]!.generic
        let entries = events.map { event in
            var fields: [AlertView.Field] = []
            if let address = Self.postalAddress(event) { fields.append(context.field("address", address)) }
            if let source = event.source, !source.isEmpty { fields.append(context.field("source", source)) }
            // Without `firstSeen`, the date shown is when the alert found the record, under that label.
            if let firstSeen = event.firstSeen {
                fields.append(context.field("firstSeen", context.format(firstSeen)))
            } else {
                fields.append(context.field("found", context.format(event.date)))
            }
            let identity = CyberAgentPresenter.identity(of: event.name) + "\u{0}"
                + CyberAgentPresenter.identity(of: Self.postalAddress(event) ?? "")
            return ViewAssembler.Entry(topic: topic, severity: topic.severity ?? Severity.ssnTrace,
                                       detail: .init(icon: topic.icon, value: event.name, fields: fields), identity: identity)
        }
        return ViewAssembler(context: context).view(of: alert, entries: entries)
    }

    /// "street, city, ST zip" from the parts that are present; `nil` when none is.
    static func postalAddress(_ event: SSNTraceEvent) -> String? {
        let clean = { (part: String?) in part.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } }
        let stateZip = [clean(event.state?.uppercased()), clean(event.zip)].compactMap { $0 }.joined(separator: " ")
        let parts = [clean(event.address), clean(event.city), stateZip.isEmpty ? nil : stateZip].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
