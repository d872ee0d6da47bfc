/// Everything a reader sees of one alert, independent of any output format: what emitters draw and
/// what native clients lay out themselves. Every string in it is plain text; none is markup.
public struct AlertView: Sendable, Hashable, Codable {
    /// The alert's id.
    public var id: String
    /// The alert type's name: `cyberAgent`, `ssnTrace` or `socialMedia`.
    public var type: String
    /// The locale the content is in, e.g. `en`.
    public var locale: String
    /// The title bar's text, e.g. "Email Address Leaked".
    public var title: String
    /// The red alert header.
    public var header: Header
    /// One detail per event, in the alert's order.
    public var details: [Detail]
    /// The "What's at risk" section.
    public var risks: RiskSection
    /// The "Next steps" section.
    public var nextSteps: StepSection
    /// The "Learn more" section: the official pages the advice follows (from the catalog, never from the alert).
    public var sources: SourceSection
    /// The "Need help?" section.
    public var help: Help
    /// Every action of the alert, with its popup: the help action and the footer buttons.
    public var actions: [AlertAction]
    /// How serious the alert is, from 0 (informational) to 1 (most serious).
    public var severity: Double
    /// Whether the alert is urgent under the caller's urgency policy; every format marks it.
    public var urgent: Bool
    /// The word that marks an urgent alert, e.g. "Urgent".
    public var urgentLabel: String
    /// The day the alert's information was last found, `YYYY-MM-DD` (its newest event's `date`): what a document's
    /// own date (the email's `Date`) follows from, so that the same alert gives the same bytes on any day.
    public var date: String

    /// Creates a view.
    public init(id: String, type: String, locale: String, title: String, header: Header, details: [Detail],
                risks: RiskSection, nextSteps: StepSection, sources: SourceSection = .init(title: "Learn more", items: []),
                help: Help, actions: [AlertAction], severity: Double, urgent: Bool = false, urgentLabel: String = "Urgent",
                date: String = "") {
        self.id = id
        self.type = type
        self.locale = locale
        self.title = title
        self.header = header
        self.details = details
        self.risks = risks
        self.nextSteps = nextSteps
        self.sources = sources
        self.help = help
        self.actions = actions
        self.severity = severity
        self.urgent = urgent
        self.urgentLabel = urgentLabel
        self.date = date
    }

    /// The alert header: the alert type's icon, its title and a subtitle.
    public struct Header: Sendable, Hashable, Codable {
        /// The icon's name, e.g. `ic-cyberagent-alert`.
        public var icon: String
        /// The header's title, e.g. "Identity Risk".
        public var title: String
        /// The header's subtitle, e.g. "Your email has been leaked".
        public var subtitle: String

        /// Creates a header.
        public init(icon: String, title: String, subtitle: String) {
            self.icon = icon
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// One leaked detail: an icon, the value (masked unless revealed) and labelled fields such as "From:".
    public struct Detail: Sendable, Hashable, Codable {
        /// The icon's name, e.g. `ic-email-alert`.
        public var icon: String
        /// The leaked or linked information, e.g. the email address.
        public var value: String
        /// The lines under the value, in order.
        public var fields: [Field]

        /// Creates a detail.
        public init(icon: String, value: String, fields: [Field]) {
            self.icon = icon
            self.value = value
            self.fields = fields
        }
    }

    /// A labelled line of a detail, e.g. label "From:" and value "Test Data".
    public struct Field: Sendable, Hashable, Codable {
        /// How a field's value is shown.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// Plain text.
            case text
            /// Someone else's words (a post), set apart as a quotation; still only text.
            case quote
            /// A post's address on its own network's domain (`https` only), shown as a link; every other address
            /// from an alert is defanged text.
            case link
        }

        /// A stable name for clients, e.g. `origin` or `leakDate`.
        public var name: String
        /// The label as shown, e.g. "From:".
        public var label: String
        /// The value as shown, e.g. "Test Data" or "09-06-2016".
        public var value: String
        /// How the value is shown.
        public var kind: Kind

        /// Creates a field.
        public init(name: String, label: String, value: String, kind: Kind = .text) {
            self.name = name
            self.label = label
            self.value = value
            self.kind = kind
        }

        /// The line as shown: label, a space, value.
        public var text: String { label.isEmpty ? value : label + " " + value }
    }

    /// The "What's at risk" section.
    public struct RiskSection: Sendable, Hashable, Codable {
        /// The section's title.
        public var title: String
        /// One paragraph per risk, most serious first.
        public var paragraphs: [String]

        /// Creates the section.
        public init(title: String, paragraphs: [String]) {
            self.title = title
            self.paragraphs = paragraphs
        }
    }

    /// The "Next steps" section.
    public struct StepSection: Sendable, Hashable, Codable {
        /// The section's title.
        public var title: String
        /// The steps, most urgent first, each once.
        public var items: [Step]
        /// The same steps grouped by the kind of information they protect, for an alert that mixes several kinds
        /// (an email address and a card number, say): each group has the kind's name and the steps it adds. Empty
        /// when the alert has one kind.
        public var groups: [StepGroup]

        /// Creates the section.
        public init(title: String, items: [Step], groups: [StepGroup] = []) {
            self.title = title
            self.items = items
            self.groups = groups
        }
    }

    /// The steps for one kind of information in a mixed alert.
    public struct StepGroup: Sendable, Hashable, Codable {
        /// The kind's name, e.g. "Credit card number".
        public var title: String
        /// Its steps that no earlier group has.
        public var items: [Step]

        /// Creates a group.
        public init(title: String, items: [Step]) {
            self.title = title
            self.items = items
        }
    }

    /// The "Learn more" section.
    public struct SourceSection: Sendable, Hashable, Codable {
        /// The section's title.
        public var title: String
        /// The pages, each once, in the order of the advice.
        public var items: [Source]

        /// Creates the section.
        public init(title: String, items: [Source]) {
            self.title = title
            self.items = items
        }
    }

    /// An official page that advice follows, e.g. "IdentityTheft.gov" at `https://www.identitytheft.gov/`.
    /// It comes from the catalog, which is trusted; an alert's data never becomes a source.
    public struct Source: Sendable, Hashable, Codable {
        /// The page's name as shown.
        public var title: String
        /// Its `https` address.
        public var url: String

        /// Creates a source.
        public init(title: String, url: String) {
            self.title = title
            self.url = url
        }
    }

    /// One next step: an icon and what to do.
    public struct Step: Sendable, Hashable, Codable {
        /// The icon's name, e.g. `ic-ellipsis-step`.
        public var icon: String
        /// What to do.
        public var text: String

        /// Creates a step.
        public init(icon: String, text: String) {
            self.icon = icon
            self.text = text
        }
    }

    /// The "Need help?" section: a title, a text and the id of its action.
    public struct Help: Sendable, Hashable, Codable {
        /// The section's title.
        public var title: String
        /// The text under it.
        public var text: String
        /// The id of the action the section offers (one of `actions`).
        public var action: String
        /// The help line that buttons with the `callHelpLine` effect dial, if one is configured.
        public var phone: HelpLine?

        /// Creates the section.
        public init(title: String, text: String, action: String, phone: HelpLine? = nil) {
            self.title = title
            self.text = text
            self.action = action
            self.phone = phone
        }
    }
}

extension AlertView {
    /// The action with the given id.
    public func action(_ id: String) -> AlertAction? {
        actions.action(id)
    }

    /// The actions shown at one place, in order.
    public func actions(at placement: AlertAction.Placement) -> [AlertAction] {
        actions.placed(at: placement)
    }
}

extension [AlertAction] {
    /// The action with the given id.
    public func action(_ id: String) -> AlertAction? {
        first { $0.id == id }
    }

    /// The actions shown at one place, in order.
    public func placed(at placement: AlertAction.Placement) -> [AlertAction] {
        filter { $0.placement == placement }
    }
}
