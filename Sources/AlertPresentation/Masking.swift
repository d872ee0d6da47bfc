import AlertModel

/// Hides sensitive values, keeping only what a person needs to recognize them (the last four characters).
public enum Masking {
    /// Whether a match type's value is masked by default.
    public static func masks(_ match: MatchKind) -> Bool {
        match.isSensitive
    }

    /// The value as shown: masked for the sensitive types (SSN `***-**-6789`, IBAN `DE****1234`,
    /// others `****1234`), unchanged for the rest.
    public static func mask(_ value: String, as match: MatchKind) -> String {
        guard masks(match) else { return value }
        let characters = value.filter { $0.isLetter || $0.isNumber }
        switch match {
        case .ssn:
            let digits = value.filter(\.isNumber)
            return "***-**-" + (digits.count > 4 ? String(digits.suffix(4)) : "****")
        case .iban:
            let country = characters.prefix(2)
            let visible = characters.count > 8 && country.allSatisfy(\.isLetter)
            return visible ? country.uppercased() + "****" + String(characters.suffix(4)) : "****"
        default:
            return "****" + (characters.count > 4 ? String(characters.suffix(4)) : "")
        }
    }
}
