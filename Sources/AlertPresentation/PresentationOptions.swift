/// Choices a caller makes about how alerts are presented.
public struct PresentationOptions: Sendable, Hashable {
    /// Show sensitive values (SSNs, card and account numbers) in full instead of masked. Off by default.
    public var revealsSensitiveValues: Bool
    /// When an alert is marked urgent.
    public var urgency: UrgencyPolicy

    /// Creates options.
    public init(revealsSensitiveValues: Bool = false, urgency: UrgencyPolicy = .default) {
        self.revealsSensitiveValues = revealsSensitiveValues
        self.urgency = urgency
    }

    /// Masked values; urgent from severity 0.9.
    public static let `default` = PresentationOptions()
}
