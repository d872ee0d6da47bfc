// Decoding that lets a catalog written for an earlier version leave out what was added since: a topic's `sources`
// and `variants`, the "Learn more" title and the networks' domains.

extension ContentCatalog {
    private enum CodingKeys: String, CodingKey {
        case locale, dateFormat, sections, labels, help, actions, alertTypes, matchTypes, socialCategories, networks, product
    }

    /// Reads a catalog; `networks` may be missing (no post address then becomes a link), and `product` (a
    /// placeholder name and sender).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(locale: try container.decode(String.self, forKey: .locale),
                  dateFormat: try container.decode(String.self, forKey: .dateFormat),
                  sections: try container.decode(Sections.self, forKey: .sections),
                  labels: try container.decode([String: String].self, forKey: .labels),
                  help: try container.decode(HelpContent.self, forKey: .help),
                  actions: try container.decode([AlertAction].self, forKey: .actions),
                  alertTypes: try container.decode([String: AlertTypeContent].self, forKey: .alertTypes),
                  matchTypes: try container.decode([String: Topic].self, forKey: .matchTypes),
                  socialCategories: try container.decode([String: Topic].self, forKey: .socialCategories),
                  networks: try container.decodeIfPresent([String: [String]].self, forKey: .networks) ?? [:],
                  product: try container.decodeIfPresent(ProductSettings.self, forKey: .product) ?? .placeholder)
    }

    /// Writes the catalog as a catalog file has it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(locale, forKey: .locale)
        try container.encode(dateFormat, forKey: .dateFormat)
        try container.encode(sections, forKey: .sections)
        try container.encode(labels, forKey: .labels)
        try container.encode(help, forKey: .help)
        try container.encode(actions, forKey: .actions)
        try container.encode(alertTypes, forKey: .alertTypes)
        try container.encode(matchTypes, forKey: .matchTypes)
        try container.encode(socialCategories, forKey: .socialCategories)
        try container.encode(networks, forKey: .networks)
        try container.encode(product, forKey: .product)
    }
}

extension ContentCatalog.Sections {
    private enum CodingKeys: String, CodingKey {
        case risks, nextSteps, help, sources
    }

    /// Reads the section titles; `sources` may be missing ("Learn more").
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(risks: try container.decode(String.self, forKey: .risks),
                  nextSteps: try container.decode(String.self, forKey: .nextSteps),
                  help: try container.decode(String.self, forKey: .help),
                  sources: try container.decodeIfPresent(String.self, forKey: .sources) ?? "Learn more")
    }

    /// Writes the section titles.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(risks, forKey: .risks)
        try container.encode(nextSteps, forKey: .nextSteps)
        try container.encode(help, forKey: .help)
        try container.encode(sources, forKey: .sources)
    }
}

extension ContentCatalog.Topic {
    private enum CodingKeys: String, CodingKey {
        case name, title, subtitle, icon, risks, risksPlural, steps, severity, sources, variants, data, urgent
    }

    /// Reads a topic; `sources`, `variants`, `data` and `urgent` may be missing; risks are texts or `{"id", "text"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  title: try container.decode(ContentCatalog.Plural.self, forKey: .title),
                  subtitle: try container.decode(ContentCatalog.Plural.self, forKey: .subtitle),
                  icon: try container.decode(String.self, forKey: .icon),
                  risks: try container.decode([RiskText].self, forKey: .risks).map(\.text),
                  steps: try container.decode([AlertView.Step].self, forKey: .steps),
                  severity: try container.decodeIfPresent(Double.self, forKey: .severity),
                  sources: try container.decodeIfPresent([AlertView.Source].self, forKey: .sources) ?? [],
                  risksPlural: try container.decodeIfPresent([RiskText].self, forKey: .risksPlural)?.map(\.text),
                  variants: try container.decodeIfPresent([String: Variant].self, forKey: .variants) ?? [:],
                  data: try container.decodeIfPresent(ContentCatalog.MatchData.self, forKey: .data),
                  urgent: try container.decodeIfPresent(Bool.self, forKey: .urgent))
    }

    /// Writes the topic as a catalog file has it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(icon, forKey: .icon)
        try container.encode(risks, forKey: .risks)
        try container.encodeIfPresent(risksPlural, forKey: .risksPlural)
        try container.encode(steps, forKey: .steps)
        try container.encodeIfPresent(severity, forKey: .severity)
        try container.encode(sources, forKey: .sources)
        if !variants.isEmpty { try container.encode(variants, forKey: .variants) }
        try container.encodeIfPresent(data, forKey: .data)
        try container.encodeIfPresent(urgent, forKey: .urgent)
    }
}

/// One "What's at risk" paragraph as a catalog writes it: a text, or an object with an `id` (by which an override
/// changes or removes this one paragraph) and its `text`.
struct RiskText: Decodable {
    let text: String

    private enum CodingKeys: String, CodingKey { case text }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.text = text
        } else {
            self.text = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .text)
        }
    }
}
