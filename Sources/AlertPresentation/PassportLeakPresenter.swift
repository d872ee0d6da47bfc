import AlertModel

/// Presents a leaked passport number: the standard detail, and the advice for who issued it. A U.S. passport (or
/// one with no `country`) gets the catalog's topic (Form DS-64 if lost or stolen, DS-11 to replace it); a passport
/// of another country gets the topic's `abroad` variant, with `{country}` in its steps replaced by the country's name
/// (or the catalog's `issuingCountry` words when the code is not one AlertKit knows).
public struct PassportLeakPresenter: LeakPresenting {
    private let standard = StandardLeakPresenter()

    /// Creates the presenter.
    public init() {}

    /// The standard detail.
    public func detail(for event: CyberAgentEvent, topic: ContentCatalog.Topic,
                       in context: PresentationContext) -> AlertView.Detail {
        standard.detail(for: event, topic: topic, in: context)
    }

    /// The topic, or its `abroad` variant for a passport another country issued.
    public func topic(for event: CyberAgentEvent, base topic: ContentCatalog.Topic,
                      in context: PresentationContext) -> ContentCatalog.Topic {
        guard let country = event.qualifier, !Self.isUnitedStates(country) else { return topic }
        let name = context.countryName(country) ?? context.catalog.label("issuingCountry")
        return topic.variant("abroad", values: ["country": name])
    }

    /// Whether `country` names the United States (`US`, `USA`, `United States`), or says nothing.
    static func isUnitedStates(_ country: String) -> Bool {
        let words = country.uppercased().split(whereSeparator: { !$0.isLetter }).joined(separator: " ")
        return words.isEmpty || ["US", "USA", "U S", "U S A", "UNITED STATES", "UNITED STATES OF AMERICA"].contains(words)
    }
}
