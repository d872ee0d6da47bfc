import Foundation

/// The words of every alert in one locale: titles, subtitles, risks, next steps, icons, labels and actions.
/// It is data (`Templates/catalog/LOCALE.json`) that a writer edits; presenters only choose and combine.
public struct ContentCatalog: Sendable, Hashable, Codable {
    /// The locale, e.g. `en`.
    public var locale: String
    /// How dates are shown, with `yyyy`, `MM` and `dd`, e.g. `MM-dd-yyyy`.
    public var dateFormat: String
    /// The section titles.
    public var sections: Sections
    /// Field labels by field name, e.g. `origin` → "From:".
    public var labels: [String: String]
    /// The "Need help?" text and the id of its action.
    public var help: HelpContent
    /// Every action with its popup, in the order they are shown.
    public var actions: [AlertAction]
    /// Per alert type (`cyberAgent`, `ssnTrace`, `socialMedia`): header icon and title, and the generic topic.
    public var alertTypes: [String: AlertTypeContent]
    /// CyberAgent topics by match code, e.g. `IDEMAILADDR`.
    public var matchTypes: [String: Topic]
    /// SocialMedia topics by category code, e.g. `Phishing`.
    public var socialCategories: [String: Topic]
    /// Each social network's own domains, by the network's name in lower case (`twitter` → `twitter.com`, `x.com`):
    /// a post's address becomes a link only when it is `https` on one of them (or its `www.` or `m.` form).
    public var networks: [String: [String]]
    /// The product's name, app link, SMS opt-out text and email sender in this locale.
    public var product: ProductSettings

    /// Creates a catalog.
    public init(locale: String, dateFormat: String, sections: Sections, labels: [String: String], help: HelpContent,
                actions: [AlertAction], alertTypes: [String: AlertTypeContent], matchTypes: [String: Topic],
                socialCategories: [String: Topic], networks: [String: [String]] = [:],
                product: ProductSettings = .placeholder) {
        self.locale = locale
        self.dateFormat = dateFormat
        self.sections = sections
        self.labels = labels
        self.help = help
        self.actions = actions
        self.alertTypes = alertTypes
        self.matchTypes = matchTypes
        self.socialCategories = socialCategories
        self.networks = networks
        self.product = product
    }

    /// The section titles.
    public struct Sections: Sendable, Hashable, Codable {
        /// "What's at risk".
        public var risks: String
        /// "Next Steps".
        public var nextSteps: String
        /// "Need help?".
        public var help: String
        /// "Learn more".
        public var sources: String

        /// Creates the section titles.
        public init(risks: String, nextSteps: String, help: String, sources: String = "Learn more") {
            self.risks = risks
            self.nextSteps = nextSteps
            self.help = help
            self.sources = sources
        }
    }

    /// The "Need help?" text and its action.
    public struct HelpContent: Sendable, Hashable, Codable {
        /// The text under the title.
        public var text: String
        /// The id of the action offered.
        public var action: String

        /// Creates the help content.
        public init(text: String, action: String) {
            self.text = text
            self.action = action
        }
    }

    /// What one alert type shows in its header, and its generic topic (unknown kinds, mixed alerts).
    public struct AlertTypeContent: Sendable, Hashable, Codable {
        /// The header icon, e.g. `ic-cyberagent-alert`.
        public var icon: String
        /// The header title, e.g. "Identity Risk".
        public var header: String
        /// The topic for events this version has no specific words for, and the title of mixed alerts.
        public var generic: Topic

        /// Creates an alert type's content.
        public init(icon: String, header: String, generic: Topic) {
            self.icon = icon
            self.header = header
            self.generic = generic
        }
    }

    /// The words for one kind of event: titles, subtitles, detail icon, risks and steps.
    public struct Topic: Sendable, Hashable, Codable {
        /// The fields, boxed: a topic is copied into each event's entry and each view, and copying one reference is one
        /// retain where copying ten fields is a dozen. A change makes a new box.
        private var box: Box

        private final class Box: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        private struct Fields: Sendable, Hashable {
            var name: String, title: Plural, subtitle: Plural, icon: String, risks: [String], risksPlural: [String]?
            var steps: [AlertView.Step], severity: Double?, sources: [AlertView.Source], variants: [String: Variant]
            var data: MatchData?, urgent: Bool?
        }

        private mutating func update(_ change: (inout Fields) -> Void) {
            var fields = box.fields
            change(&fields)
            box = Box(fields)
        }

        /// Topics are equal when their words are; the same box is equal at once.
        public static func == (lhs: Topic, rhs: Topic) -> Bool {
            lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
        }

        /// Hashes the words.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(box.fields)
        }

        /// A short name for the kind, e.g. "Email address" (shown as a field where useful).
        public var name: String {
            get { box.fields.name }
            set { update { $0.name = newValue } }
        }
        /// The title bar text, by count.
        public var title: Plural {
            get { box.fields.title }
            set { update { $0.title = newValue } }
        }
        /// The header subtitle, by count.
        public var subtitle: Plural {
            get { box.fields.subtitle }
            set { update { $0.subtitle = newValue } }
        }
        /// The detail icon.
        public var icon: String {
            get { box.fields.icon }
            set { update { $0.icon = newValue } }
        }
        /// "What's at risk" paragraphs.
        public var risks: [String] {
            get { box.fields.risks }
            set { update { $0.risks = newValue } }
        }
        /// "What's at risk" paragraphs for several values, when they read differently (`risksPlural`).
        public var risksPlural: [String]? {
            get { box.fields.risksPlural }
            set { update { $0.risksPlural = newValue } }
        }
        /// "Next steps" items.
        public var steps: [AlertView.Step] {
            get { box.fields.steps }
            set { update { $0.steps = newValue } }
        }
        /// How serious this kind of event is, 0…1, when the catalog says (`"severity": 0.8`); else the presenter's
        /// or `Severity`'s value for it. An alert is urgent when its most serious event reaches the threshold.
        public var severity: Double? {
            get { box.fields.severity }
            set { update { $0.severity = newValue } }
        }
        /// The official pages the risks and steps follow, shown under "Learn more".
        public var sources: [AlertView.Source] {
            get { box.fields.sources }
            set { update { $0.sources = newValue } }
        }
        /// For a match type outside the contract defined in the catalog: where its value is, how it is masked and
        /// which other `data` members show as fields (`MatchData`). `nil` for the contract's types, whose data
        /// AlertKit knows.
        public var data: MatchData? {
            get { box.fields.data }
            set { update { $0.data = newValue } }
        }
        /// Whether an alert with this kind of event is urgent whatever its severity (`true`), never because of it
        /// (`false`), or as its severity says against the threshold (`nil`, the default).
        public var urgent: Bool? {
            get { box.fields.urgent }
            set { update { $0.urgent = newValue } }
        }
        /// Variants a presenter chooses by case, e.g. `abroad` for a passport another country issued: each replaces
        /// the risks, steps or sources it has.
        public var variants: [String: Variant] {
            get { box.fields.variants }
            set { update { $0.variants = newValue } }
        }

        /// Creates a topic, e.g. for a match type added in code:
        /// `catalog.matchTypes["IDLOYALTY"] = Topic(name: "Loyalty card", …, severity: 0.6)`.
        public init(name: String, title: Plural, subtitle: Plural, icon: String, risks: [String], steps: [AlertView.Step],
                    severity: Double? = nil, sources: [AlertView.Source] = [], risksPlural: [String]? = nil,
                    variants: [String: Variant] = [:], data: MatchData? = nil, urgent: Bool? = nil) {
            box = Box(Fields(name: name, title: title, subtitle: subtitle, icon: icon, risks: risks, risksPlural: risksPlural,
                             steps: steps, severity: severity, sources: sources, variants: variants, data: data, urgent: urgent))
        }

        /// The risks for `count` values.
        public func risks(_ count: Int) -> [String] {
            count > 1 ? risksPlural ?? risks : risks
        }

        /// The topic with variant `name` applied (itself if it has no such variant), `{key}` in its steps replaced
        /// by `values[key]`.
        public func variant(_ name: String, values: [String: String] = [:]) -> Topic {
            guard let variant = variants[name] else { return self }
            var topic = self
            topic.update { fields in
                fields.risksPlural = variant.risks == nil ? fields.risksPlural : nil
                fields.risks = variant.risks ?? fields.risks
                fields.steps = (variant.steps ?? fields.steps).map { step in
                    var step = step
                    for (key, value) in values { step.text = step.text.replacingOccurrences(of: "{\(key)}", with: value) }
                    return step
                }
                fields.sources = variant.sources ?? fields.sources
                fields.variants = [:]
            }
            return topic
        }

        /// What a variant replaces; what it lacks stays as the topic has it.
        public struct Variant: Sendable, Hashable, Codable {
            private enum CodingKeys: String, CodingKey { case risks, steps, sources }

            /// Reads a variant; its risks may be texts or `{"id", "text"}` objects, as a topic's.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                risks = try container.decodeIfPresent([RiskText].self, forKey: .risks)?.map(\.text)
                steps = try container.decodeIfPresent([AlertView.Step].self, forKey: .steps)
                sources = try container.decodeIfPresent([AlertView.Source].self, forKey: .sources)
            }

            /// The risks instead of the topic's.
            public var risks: [String]?
            /// The steps instead of the topic's; `{country}` and the like stand for values the presenter gives.
            public var steps: [AlertView.Step]?
            /// The sources instead of the topic's.
            public var sources: [AlertView.Source]?

            /// Creates a variant.
            public init(risks: [String]? = nil, steps: [AlertView.Step]? = nil, sources: [AlertView.Source]? = nil) {
                self.risks = risks
                self.steps = steps
                self.sources = sources
            }
        }
    }

    /// A text in a singular and a plural form; `{count}` in the plural stands for the number.
    public struct Plural: Sendable, Hashable, Codable {
        /// For one event.
        public var one: String
        /// For several events; may contain `{count}`.
        public var other: String

        /// Creates a text with its two forms.
        public init(one: String, other: String) {
            self.one = one
            self.other = other
        }

        /// The form for `count`, with `{count}` replaced.
        public func callAsFunction(_ count: Int) -> String {
            count == 1 ? one : Self.substitute(count, into: other)
        }

        /// `{count}` replaced by the number, in one pass over the bytes.
        private static func substitute(_ count: Int, into text: String) -> String {
            let token: StaticString = "{count}"
            let number = String(count)  // a short string: held inline
            var text = text
            // Straight into the result: its bytes, each token in place of the number (a count's digits are at most
            // 20 bytes, the token 7, so the text's size and 13 a token bound it).
            return text.withUTF8 { bytes in
                let tokens = UnsafeBufferPointer(start: token.utf8Start, count: token.utf8CodeUnitCount)
                var bound = bytes.count
                for index in bytes.indices where bytes[index] == tokens[0] { bound += 13 }
                return String(unsafeUninitializedCapacity: bound) { out in
                    var written = 0, index = 0
                    while index < bytes.count {
                        if bytes[index] == tokens[0], bytes[index...].starts(with: tokens) {
                            for digit in number.utf8 {
                                out[written] = digit
                                written += 1
                            }
                            index += tokens.count
                        } else {
                            out[written] = bytes[index]
                            written += 1
                            index += 1
                        }
                    }
                    return written
                }
            }
        }
    }

    /// The label for a field name; the name itself if the catalog has none.
    public func label(_ name: String) -> String {
        labels[name] ?? name
    }
}
