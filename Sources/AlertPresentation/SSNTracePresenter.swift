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
        func clean(_ part: String?) -> String? { part.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } }
        // The parts joined in place, the result made at its size: lists of parts and joins cost an allocation each.
        let street = clean(event.address), city = clean(event.city), state = clean(event.state?.uppercased())
        let zip = clean(event.zip)
        var address = ""
        address.reserveCapacity(6 + (street?.utf8.count ?? 0) + (city?.utf8.count ?? 0) + (state?.utf8.count ?? 0)
                                + (zip?.utf8.count ?? 0))
        func add(_ part: String?, after separator: String) {
            guard let part else { return }
            if !address.isEmpty { address += separator }
            address += part
        }
        add(street, after: ", ")
        add(city, after: ", ")
        add(state, after: ", ")
        add(zip, after: state == nil ? ", " : " ")
        return address.isEmpty ? nil : address
    }
}
