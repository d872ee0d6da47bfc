import AlertJSON

/// An alert that passed validation, with the warnings it raised (e.g. an unknown match type).
public struct DecodedAlert: Sendable, Hashable {
    /// The alert.
    public var alert: Alert
    /// Things in the alert that are accepted but not understood.
    public var warnings: [ValidationIssue]

    /// Creates a decoded alert.
    public init(alert: Alert, warnings: [ValidationIssue] = []) {
        self.alert = alert
        self.warnings = warnings
    }
}
