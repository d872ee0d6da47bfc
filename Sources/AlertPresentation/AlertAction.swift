/// Something the reader can do about an alert: a button, and the popup it opens.
public struct AlertAction: Sendable, Hashable, Codable {
    /// Where the action's button stands.
    public enum Placement: String, Sendable, Hashable, Codable {
        /// In the "Need help?" section.
        case help
        /// Pinned at the bottom of the screen.
        case footer
    }

    /// A stable id, e.g. `contact`, `remind`, `resolve` (lowercase letters, digits and `-`).
    public var id: String
    /// The button's label, e.g. "Contact us now".
    public var label: String
    /// Where the button stands.
    public var placement: Placement
    /// The popup the button opens.
    public var popup: Popup

    /// Creates an action.
    public init(id: String, label: String, placement: Placement, popup: Popup) {
        self.id = id
        self.label = label
        self.placement = placement
        self.popup = popup
    }

    /// A popup alert: title, message and buttons; every button closes it.
    public struct Popup: Sendable, Hashable, Codable {
        /// The popup's title, e.g. "Contact us".
        public var title: String
        /// The popup's message.
        public var message: String
        /// The buttons, in order.
        public var buttons: [Button]

        /// Creates a popup.
        public init(title: String, message: String, buttons: [Button]) {
            self.title = title
            self.message = message
            self.buttons = buttons
        }
    }

    /// A popup button: a label, a role and what the host should do when it is tapped.
    public struct Button: Sendable, Hashable, Codable {
        /// A stable id, e.g. `call`.
        public var id: String
        /// The label, e.g. "Call".
        public var label: String
        /// How the button is styled and which key triggers it.
        public var role: Role
        /// What the host carries out when the button is tapped (the popup closes in every case).
        public var effect: Effect

        /// Creates a button.
        public init(id: String, label: String, role: Role, effect: Effect) {
            self.id = id
            self.label = label
            self.role = role
            self.effect = effect
        }
    }

    /// A button's role, as iOS alert actions have them.
    public enum Role: String, Sendable, Hashable, Codable {
        /// Dismisses without doing anything.
        case cancel
        /// The usual choice.
        case `default`
        /// A choice that removes something.
        case destructive
    }

    /// What tapping a button does, for the host to carry out.
    public enum Effect: Sendable, Hashable, Codable {
        /// Nothing but closing the popup.
        case none
        /// Call the help line.
        case callHelpLine
        /// Remind the reader about the alert after a number of seconds.
        case remind(afterSeconds: Int)
        /// Resolve the alert: stop alerting on this leak and remove the alert.
        case resolveAlert

        private enum CodingKeys: String, CodingKey { case kind, afterSeconds }

        /// Decodes `{"kind": "remind", "afterSeconds": 86400}` and the like.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decode(String.self, forKey: .kind) {
            case "none": self = .none
            case "callHelpLine": self = .callHelpLine
            case "remind": self = .remind(afterSeconds: try container.decode(Int.self, forKey: .afterSeconds))
            case "resolveAlert": self = .resolveAlert
            case let other:
                throw DecodingError.dataCorruptedError(forKey: .kind, in: container,
                                                       debugDescription: "unknown effect \(other)")
            }
        }

        /// Encodes as an object with a `kind` and, for reminders, `afterSeconds`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch self {
            case .none: try container.encode("none", forKey: .kind)
            case .callHelpLine: try container.encode("callHelpLine", forKey: .kind)
            case .remind(let seconds):
                try container.encode("remind", forKey: .kind)
                try container.encode(seconds, forKey: .afterSeconds)
            case .resolveAlert: try container.encode("resolveAlert", forKey: .kind)
            }
        }
    }
}
