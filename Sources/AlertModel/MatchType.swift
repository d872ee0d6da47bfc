/// What a CyberAgent event found: one of the contract's 13 match types, or one this version does not know.
public enum MatchType: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A known match type.
    case known(Known)
    /// A match type the contract does not list; rendered generically and reported as a warning.
    case unknown(String)

    /// The 13 match types of the contract.
    public enum Known: String, Sendable, Hashable, Codable, CaseIterable {
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

    /// Reads a `match` string.
    public init(code: String) {
        self = Known(rawValue: code).map(MatchType.known) ?? .unknown(code)
    }

    /// The code as the feed writes it, e.g. `IDEMAILADDR`.
    public var code: String {
        switch self {
        case .known(let known): known.rawValue
        case .unknown(let code): code
        }
    }

    /// The code.
    public var description: String { code }

    /// Decodes from the code.
    public init(from decoder: any Decoder) throws {
        self.init(code: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as the code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
