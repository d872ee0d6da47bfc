/// When an alert is urgent: its severity reaches the threshold and urgency is enabled.
public struct UrgencyPolicy: Sendable, Hashable, Codable {
    /// The severity, in 0…1, from which an alert is urgent.
    public var threshold: Double
    /// Whether alerts are ever marked urgent.
    public var enabled: Bool

    /// Creates a policy; the threshold is clamped to 0…1.
    public init(threshold: Double = 0.9, enabled: Bool = true) {
        self.threshold = min(1, max(0, threshold))
        self.enabled = enabled
    }

    /// Threshold 0.9, enabled.
    public static let `default` = UrgencyPolicy()

    /// Whether an alert of this severity is urgent.
    public func isUrgent(severity: Double) -> Bool {
        enabled && severity >= threshold
    }
}
