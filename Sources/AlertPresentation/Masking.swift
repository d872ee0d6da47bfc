import AlertModel

/// Hides sensitive values, keeping only what a person needs to recognize them: at most the last four letters or
/// digits, never more than half of them, and always at least four hidden (a 5-digit value shows 1, an 8-digit one 4).
public enum Masking {
    /// Whether a match type's value is masked by default.
    public static func masks(_ match: MatchKind) -> Bool {
        match.isSensitive
    }

    /// The rule that masks `member` of an event's `data` when the contract marks it as sensitive (`ssn`, `ccn`,
    /// `iban`, … in any letter case: `SSN` is `ssn`), whatever a catalog says: a catalog cannot turn masking off;
    /// only the deployment's reveal switch does. `nil` for a member the contract does not mark.
    public static func contractRule(forMember member: String) -> Rule? {
        let name = member.lowercased()
        guard sensitiveMembers.contains(name) else { return nil }
        switch name {
        case MatchKind.ssn.valueKey.lowercased(): return .ssn
        case MatchKind.iban.valueKey.lowercased(): return .iban
        default: return .lastFour
        }
    }

    private static let sensitiveMembers = Set(MatchKind.sensitiveKeys.map { $0.lowercased() })

    /// How many of `count` letters and digits may be shown, `reserved` of them already (an IBAN's country code):
    /// the last ones, at most 4, with at most half of the value and at least 4 of it hidden.
    public static func visibleCount(of count: Int, reserved: Int = 0) -> Int {
        max(0, min(4, count / 2 - reserved, count - 4 - reserved))
    }

    /// How a value is shown, by name: what a catalog's match type says (`"mask": "last-four"`).
    public enum Rule: String, Sendable, Hashable, Codable, CaseIterable {
        /// Shown as it is.
        case none
        /// `****1234`: at most the last four letters or digits, never more than half, at least four hidden.
        case lastFour = "last-four"
        /// `***-**-6789`, as a Social Security number.
        case ssn
        /// `DE****1234`: the country code, then as `lastFour`.
        case iban
    }

    /// The value as shown by `rule`.
    public static func mask(_ value: String, rule: Rule) -> String {
        switch rule {
        case .none: value
        case .lastFour: mask(value, as: .creditCard)
        case .ssn: mask(value, as: .ssn)
        case .iban: mask(value, as: .iban)
        }
    }

    /// The value as shown: masked for the sensitive types (SSN `***-**-6789`, IBAN `DE****1234`,
    /// others `****1234`), unchanged for the rest.
    public static func mask(_ value: String, as match: MatchKind) -> String {
        guard masks(match) else { return value }
        // ASCII values (nearly all) are filtered by their bytes; the others by Unicode's letters and numbers.
        let ascii = value.utf8.allSatisfy { $0 < 0x80 }
        let characters = ascii ? asciiFilter(value, isAlphanumeric) : value.filter { $0.isLetter || $0.isNumber }
        switch match {
        case .ssn:
            let digits = ascii ? asciiFilter(value, isDigit) : value.filter(\.isNumber)
            let shown = visibleCount(of: digits.count)
            return "***-**-" + String(repeating: "*", count: 4 - shown) + String(digits.suffix(shown))
        case .iban:
            let country = characters.prefix(2)
            let shown = visibleCount(of: characters.count, reserved: 2)
            guard country.allSatisfy(\.isLetter), shown > 0 else { return "****" }
            return country.uppercased() + "****" + String(characters.suffix(shown))
        default:
            return "****" + String(characters.suffix(visibleCount(of: characters.count)))
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
    }

    /// The bytes of an ASCII `value` that pass `keep`, as a string: what filtering its characters by Unicode's
    /// letters and numbers gives for ASCII (only `0`–`9`, `A`–`Z` and `a`–`z` are either).
    private static func asciiFilter(_ value: String, _ keep: (UInt8) -> Bool) -> String {
        // Written straight into the string (a short one lives inline): no array of bytes first.
        String(unsafeUninitializedCapacity: value.utf8.count) { buffer in
            var count = 0
            for byte in value.utf8 where keep(byte) {
                buffer[count] = byte
                count += 1
            }
            return count
        }
    }
}
