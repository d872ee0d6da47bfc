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
    /// The popup shown instead when `popup` has a button that calls the help line and no help line is configured
    /// (the catalog's `withoutHelpLine`: what to do instead); without one, such an action is left out (`shown`).
    public var withoutHelpLine: Popup?
    /// Where the button leads for this alert, in the channels whose buttons open links: the product's
    /// `actionLinks` address for the action (`ProductSettings.actionLink`), set by the presenter (a catalog that sets
    /// it is refused when it loads); in the view's JSON when there is one.
    public var link: String? = nil

    /// Creates an action.
    public init(id: String, label: String, placement: Placement, popup: Popup, withoutHelpLine: Popup? = nil,
                link: String? = nil) {
        self.id = id
        self.label = label
        self.placement = placement
        self.popup = popup
        self.withoutHelpLine = withoutHelpLine
        self.link = link
    }


    /// Whether the popup has a button that calls the help line.
    public var callsHelpLine: Bool { popup.buttons.contains { $0.effect == .callHelpLine } }

    /// The action as a reader is shown it: one that calls the help line gets the number on its popup (`phone`)
    /// when there is one, its `withoutHelpLine` popup when there is none, and is left out (nil) when it has neither;
    /// any other action is shown as it is. A call to action is offered only where the reader can act on it.
    public func shown(helpLine: HelpLine?) -> AlertAction? {
        guard callsHelpLine else { return self }
        var action = self
        if let helpLine {
            action.popup.phone = helpLine
        } else if let instead = withoutHelpLine {
            action.popup = instead
        } else {
            return nil
        }
        action.withoutHelpLine = nil  // applied: the view holds the popup the reader gets
        return action
    }

    /// A popup alert: title, message and buttons; every button closes it.
    public struct Popup: Sendable, Hashable, Codable {
        /// The popup's title, e.g. "Contact us".
        public var title: String
        /// The popup's message.
        public var message: String
        /// The buttons, in order.
        public var buttons: [Button]
        /// The help line its call button dials, on a popup that has one (`AlertAction.shown`): set by the presenter
        /// from the caller's options (a catalog that sets it is refused when it loads).
        public var phone: HelpLine? = nil

        /// Creates a popup.
        public init(title: String, message: String, buttons: [Button], phone: HelpLine? = nil) {
            self.title = title
            self.message = message
            self.buttons = buttons
            self.phone = phone
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
