/// Choices a caller makes about how alerts are presented.
public struct PresentationOptions: Sendable, Hashable {
    /// Show sensitive values (SSNs, card and account numbers) in full instead of masked. Off by default.
    public var revealsSensitiveValues: Bool

    /// Creates options.
    public init(revealsSensitiveValues: Bool = false) {
        self.revealsSensitiveValues = revealsSensitiveValues
    }

    /// Masked values.
    public static let `default` = PresentationOptions()
}
