/// The members of an event's `data` that `alert.schema.json` constrains, per alert type, and what it asks of each:
/// what `AlertFastDecoder` checks and keeps. Any other member is free (skipped).
struct DataField: Sendable {
    /// What the schema asks of a member's value. Every one is a string.
    enum Rule: Sendable {
        /// Any string.
        case string
        /// A non-empty string (`#/$defs/text`, `minLength: 1`).
        case text
        /// `#/$defs/date`.
        case date
        /// `#/$defs/dateTime`.
        case dateTime
        /// `^[A-Za-z]{2}$`.
        case stateCode
    }

    let name: StaticString
    let rule: Rule

    /// The most members of any table below: the room a decoder needs for one `data` object.
    static let maxCount = 20

    /// `#/$defs/cyberAgentData`, in the schema's order (`CyberAgentSlot`, `valueSlot`, `qualifierSlot`).
    static let cyberAgent: [DataField] = [
        DataField(name: "match", rule: .text),
        DataField(name: "SourceDate", rule: .date),
        DataField(name: "CreationDate", rule: .dateTime),
        DataField(name: "site", rule: .string),
        DataField(name: "Source", rule: .string),
        DataField(name: "email", rule: .text),
        DataField(name: "ssn", rule: .text),
        DataField(name: "dlNumber", rule: .text),
        DataField(name: "dlState", rule: .string),
        DataField(name: "medicalId", rule: .text),
        DataField(name: "phone", rule: .text),
        DataField(name: "ccn", rule: .text),
        DataField(name: "bankAccount", rule: .text),
        DataField(name: "routingNumber", rule: .string),
        DataField(name: "nationalId", rule: .text),
        DataField(name: "country", rule: .string),
        DataField(name: "iban", rule: .text),
        DataField(name: "passportNumber", rule: .text),
        DataField(name: "retailCard", rule: .text),
        DataField(name: "retailer", rule: .string),
    ]

    /// Where `cyberAgent` holds each member the decoder reads by name.
    enum CyberAgentSlot {
        static let match = 0, sourceDate = 1, creationDate = 2, site = 3, source = 4
    }

    /// The slot in `cyberAgent` of a match type's `valueKey` (the test suite holds the two equal).
    static func valueSlot(_ kind: MatchKind) -> Int {
        switch kind {
        case .email: 5
        case .ssn: 6
        case .driversLicense: 7
        case .medicalID: 9
        case .homePhone, .workPhone, .cellPhone: 10
        case .creditCard: 11
        case .bankAccount: 12
        case .nationalID: 14
        case .iban: 16
        case .passport: 17
        case .retailCard: 18
        }
    }

    /// The slot in `cyberAgent` of a match type's `qualifierKey`, if it has one.
    static func qualifierSlot(_ kind: MatchKind) -> Int? {
        switch kind {
        case .driversLicense: 8
        case .bankAccount: 13
        case .nationalID, .passport: 15
        case .retailCard: 19
        default: nil
        }
    }

    /// `#/$defs/ssnTraceData`, in the schema's order (`SSNTraceSlot`).
    static let ssnTrace: [DataField] = [
        DataField(name: "name", rule: .text),
        DataField(name: "address", rule: .string),
        DataField(name: "city", rule: .string),
        DataField(name: "state", rule: .stateCode),
        DataField(name: "zip", rule: .string),
        DataField(name: "firstSeen", rule: .date),
        DataField(name: "source", rule: .string),
    ]

    /// Where `ssnTrace` holds each member.
    enum SSNTraceSlot {
        static let name = 0, address = 1, city = 2, state = 3, zip = 4, firstSeen = 5, source = 6
    }

    /// `#/$defs/socialMediaData`, in the schema's order (`SocialMediaSlot`).
    static let socialMedia: [DataField] = [
        DataField(name: "network", rule: .text),
        DataField(name: "account", rule: .text),
        DataField(name: "category", rule: .text),
        DataField(name: "content", rule: .string),
        DataField(name: "url", rule: .string),
        DataField(name: "postDate", rule: .dateTime),
    ]

    /// Where `socialMedia` holds each member.
    enum SocialMediaSlot {
        static let network = 0, account = 1, category = 2, content = 3, url = 4, postDate = 5
    }
}
