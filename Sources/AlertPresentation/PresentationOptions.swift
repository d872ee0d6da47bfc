/// Choices a caller makes about how alerts are presented.
public struct PresentationOptions: Sendable, Hashable {
    /// Show sensitive values (SSNs, card and account numbers) in full instead of masked. Off by default.
    public var revealsSensitiveValues: Bool
    /// When an alert is marked urgent.
    public var urgency: UrgencyPolicy
    /// The help line's number, if one is configured: the popup's "Call" button then dials it. Without one, an action
    /// whose popup calls it shows the catalog's `withoutHelpLine` popup, or is left out (`AlertAction.shown`).
    public var helpLine: HelpLine?

    /// Creates options.
    public init(revealsSensitiveValues: Bool = false, urgency: UrgencyPolicy = .default, helpLine: HelpLine? = nil) {
        self.revealsSensitiveValues = revealsSensitiveValues
        self.urgency = urgency
        self.helpLine = helpLine
    }

    /// Masked values; urgent from severity 0.9.
    public static let `default` = PresentationOptions()
}
