import AlertModel

/// Presents SSNTrace alerts: each linked name with its address (as a postal address), when it was
/// first seen and where.
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
            fields.append(context.field("firstSeen", context.format(event.firstSeen ?? event.date)))
            return ViewAssembler.Entry(topic: topic, severity: topic.severity ?? Severity.ssnTrace,
                                       detail: .init(icon: topic.icon, value: event.name, fields: fields))
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
