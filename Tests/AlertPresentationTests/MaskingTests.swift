import AlertModel
import AlertPresentation
import Testing

@Suite("Masking")
struct MaskingTests {
    @Test("sensitive values keep only what identifies them", arguments: [
        (MatchKind.ssn, "123-45-6789", "***-**-6789"),
        (.ssn, "123456789", "***-**-6789"),
        (.creditCard, "4111 1111 1111 1234", "****1234"),
        (.iban, "DE89370400440532013000", "DE****3000"),
        (.bankAccount, "12345678", "****5678"),
        (.passport, "123", "****"),
        (.ssn, "12", "***-**-****"),
        (.ssn, "12345", "***-**-***5"),
        (.driversLicense, "12345", "****5"),
        (.medicalID, "ABC123", "****23"),
        (.bankAccount, "1234567", "****567"),
        (.iban, "DE8937", "****"),
        (.iban, "GB29NWBK601613", "GB****1613"),
        (.email, "a@b.c", "a@b.c"),
        (.cellPhone, "(555) 123-4567", "(555) 123-4567"),
    ])
    func masks(match: MatchKind, value: String, shown: String) {
        #expect(Masking.mask(value, as: match) == shown)
    }

    /// Issue 12: never more than half of the letters and digits, never fewer than four hidden, at most four shown.
    @Test("masking limits hold for every length", arguments: MatchKind.allCases.filter(\.isSensitive))
    func limits(match: MatchKind) {
        for length in 0...40 {
            let value = String((0..<length).map { Character(String($0 % 10)) })
            let shown = Masking.mask(value, as: match).filter { $0.isLetter || $0.isNumber }.count
            #expect(shown * 2 <= length, "\(match) \(length): \(shown) shown")
            #expect(length - shown >= min(length, 4), "\(match) \(length): \(shown) shown")
            #expect(shown <= 4)
        }
    }

    @Test("docs/contract.md's masked types are masked by default", arguments: MatchKind.allCases)
    func defaults(match: MatchKind) {
        let unmasked: Set<MatchKind> = [.email, .homePhone, .workPhone, .cellPhone]
        #expect(Masking.masks(match) == !unmasked.contains(match))
    }
}
