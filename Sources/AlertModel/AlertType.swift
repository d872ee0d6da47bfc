/// The kind of an alert, as the contract's `type` number gives it.
public enum AlertType: Int, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Personal data found for sale on dark-web markets or in breach dumps.
    case cyberAgent = 1
    /// A name or address newly linked to the customer's Social Security number.
    case ssnTrace = 2
    /// Risky content on a social network account linked to the customer.
    case socialMedia = 3

    /// The name used in catalogs and view models: `cyberAgent`, `ssnTrace`, `socialMedia`.
    public var name: String {
        switch self {
        case .cyberAgent: "cyberAgent"
        case .ssnTrace: "ssnTrace"
        case .socialMedia: "socialMedia"
        }
    }

    /// The product's name for the type: `CyberAgent`, `SSNTrace`, `SocialMedia`.
    public var description: String {
        switch self {
        case .cyberAgent: "CyberAgent"
        case .ssnTrace: "SSNTrace"
        case .socialMedia: "SocialMedia"
        }
    }
}
