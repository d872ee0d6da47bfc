/// What a CyberAgent event found: one of the contract's 13 match types, or one this version does not know.
public typealias MatchType = OpenCode<MatchKind>

/// The 13 match types of the contract.
public enum MatchKind: String, Sendable, Hashable, Codable, CaseIterable {
    case email = "IDEMAILADDR"
    case ssn = "IDSSN"
    case driversLicense = "IDDLNUMBER"
    case medicalID = "IDMEDICALID"
    case homePhone = "IDHOMEPHONE"
    case workPhone = "IDWORKPHONE"
    case cellPhone = "IDCELLPHONE"
    case creditCard = "IDCCN"
    case bankAccount = "IDBANK"
    case nationalID = "IDNATIONAL"
    case iban = "IDIBAN"
    case passport = "IDPASSPORTNUM"
    case retailCard = "IDRETAILCARD"

    /// The `data` key that holds the leaked value, e.g. `email`.
    public var valueKey: String {
        switch self {
        case .email: "email"
        case .ssn: "ssn"
        case .driversLicense: "dlNumber"
        case .medicalID: "medicalId"
        case .homePhone, .workPhone, .cellPhone: "phone"
        case .creditCard: "ccn"
        case .bankAccount: "bankAccount"
        case .nationalID: "nationalId"
        case .iban: "iban"
        case .passport: "passportNumber"
        case .retailCard: "retailCard"
        }
    }

    /// Whether the value is sensitive (an SSN, a card, account or ID number): masked by default when shown, and
    /// never echoed in error messages.
    public var isSensitive: Bool {
        switch self {
        case .email, .homePhone, .workPhone, .cellPhone: false
        default: true
        }
    }

    /// The `data` keys whose values are sensitive.
    public static let sensitiveKeys: Set<String> = Set(allCases.filter(\.isSensitive).map(\.valueKey))

    /// The optional `data` key that qualifies the value (issuing state, routing number, country, retailer).
    public var qualifierKey: String? {
        switch self {
        case .driversLicense: "dlState"
        case .bankAccount: "routingNumber"
        case .nationalID, .passport: "country"
        case .retailCard: "retailer"
        default: nil
        }
    }
}
