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

    /// Creates a catalog.
    public init(locale: String, dateFormat: String, sections: Sections, labels: [String: String], help: HelpContent,
                actions: [AlertAction], alertTypes: [String: AlertTypeContent], matchTypes: [String: Topic],
                socialCategories: [String: Topic]) {
        self.locale = locale
        self.dateFormat = dateFormat
        self.sections = sections
        self.labels = labels
        self.help = help
        self.actions = actions
        self.alertTypes = alertTypes
        self.matchTypes = matchTypes
        self.socialCategories = socialCategories
    }

    /// The section titles.
    public struct Sections: Sendable, Hashable, Codable {
        /// "What's at risk".
        public var risks: String
        /// "Next Steps".
        public var nextSteps: String
        /// "Need help?".
        public var help: String

        /// Creates the section titles.
        public init(risks: String, nextSteps: String, help: String) {
            self.risks = risks
            self.nextSteps = nextSteps
            self.help = help
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
        /// A short name for the kind, e.g. "Email address" (shown as a field where useful).
        public var name: String
        /// The title bar text, by count.
        public var title: Plural
        /// The header subtitle, by count.
        public var subtitle: Plural
        /// The detail icon.
        public var icon: String
        /// "What's at risk" paragraphs.
        public var risks: [String]
        /// "Next steps" items.
        public var steps: [AlertView.Step]
        /// How serious this kind of event is, 0…1, when the catalog says (`"severity": 0.8`); else the presenter's
        /// or `Severity`'s value for it. An alert is urgent when its most serious event reaches the threshold.
        public var severity: Double?

        /// Creates a topic, e.g. for a match type added in code:
        /// `catalog.matchTypes["IDLOYALTY"] = Topic(name: "Loyalty card", …, severity: 0.6)`.
        public init(name: String, title: Plural, subtitle: Plural, icon: String, risks: [String], steps: [AlertView.Step],
                    severity: Double? = nil) {
            self.name = name
            self.title = title
            self.subtitle = subtitle
            self.icon = icon
            self.risks = risks
            self.steps = steps
            self.severity = severity
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
            let token = Array("{count}".utf8), bytes = Array(text.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == token[0], bytes[index...].starts(with: token) {
                    out.append(contentsOf: String(count).utf8)
                    index += token.count
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The label for a field name; the name itself if the catalog has none.
    public func label(_ name: String) -> String {
        labels[name] ?? name
    }
}
