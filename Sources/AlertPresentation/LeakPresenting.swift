import AlertModel

/// Presents the detail of one CyberAgent event; registered per match type in `CyberAgentPresenter`.
public protocol LeakPresenting: Sendable {
    /// The detail of `event`, whose topic the catalog gives.
    func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic, in context: PresentationContext) -> AlertView.Detail

    /// How serious `event` is, 0…1, or `nil` to use the topic's `severity`, else `Severity.of(event.match)`.
    /// The default implementation returns `nil`.
    func severity(of event: CyberAgentEvent, topic: ContentCatalog.Topic) -> Double?

    /// The words for `event`: the catalog's topic for its match type (`topic`), or one of its variants when the
    /// advice depends on the case (a passport another country issued). The default implementation returns `topic`.
    func topic(for event: CyberAgentEvent, base topic: ContentCatalog.Topic, in context: PresentationContext) -> ContentCatalog.Topic
}

extension LeakPresenting {
    /// `topic`, as the catalog has it.
    public func topic(for event: CyberAgentEvent, base topic: ContentCatalog.Topic,
                      in context: PresentationContext) -> ContentCatalog.Topic { topic }

    /// `nil`: the catalog's or the standard severity.
    public func severity(of event: CyberAgentEvent, topic: ContentCatalog.Topic) -> Double? { nil }
}

/// The detail every match type shows: the value (masked if sensitive), its qualifier (a country by its name in the
/// catalog's language), "From:" and "Date of leak:". For a match type the catalog defines (`ContentCatalog.MatchData`),
/// the value and fields are where its `data` says, masked by its rule.
public struct StandardLeakPresenter: LeakPresenting {
    /// Creates the presenter.
    public init() {}

    /// The detail of `event`.
    public func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic,
                       in context: PresentationContext) -> AlertView.Detail {
        var fields: [AlertView.Field] = []
        var value = topic.name
        switch event.match {
        case .known(let known):
            guard let raw = event.value else { break }
            value = context.options.revealsSensitiveValues ? raw : Masking.mask(raw, as: known)
            if let key = known.qualifierKey, let qualifier = event.qualifier, !qualifier.isEmpty {
                let shown = key == "country" ? context.countryName(qualifier) ?? qualifier : qualifier
                fields.append(context.field(key, shown))
            }
        case .unknown:
            // A match type the catalog defines: its value and fields where its `data` says.
            guard let data = topic.data else { break }
            if let raw = data.value(in: event.data) {
                value = context.options.revealsSensitiveValues ? raw : Masking.mask(raw, rule: data.mask)
            }
            // A member the contract marks as sensitive keeps its mask wherever the catalog puts it.
            fields += data.fields(in: event.data).map { field in
                let rule = context.options.revealsSensitiveValues ? nil : Masking.contractRule(forMember: field.name)
                return context.field(field.name, rule.map { Masking.mask(field.value, rule: $0) } ?? field.value)
            }
        }
        if let origin = event.origin {
            fields.append(context.field("origin", origin))
        }
        fields.append(context.field("leakDate", context.format(event.leakDate)))
        return AlertView.Detail(icon: topic.icon, value: value, fields: fields)
    }
}
