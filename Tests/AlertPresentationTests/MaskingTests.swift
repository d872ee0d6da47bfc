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
        (.email, "a@b.c", "a@b.c"),
        (.cellPhone, "(555) 123-4567", "(555) 123-4567"),
    ])
    func masks(match: MatchKind, value: String, shown: String) {
        #expect(Masking.mask(value, as: match) == shown)
    }

    @Test("SPEC.md's masked types are masked by default", arguments: MatchKind.allCases)
    func defaults(match: MatchKind) {
        let unmasked: Set<MatchKind> = [.email, .homePhone, .workPhone, .cellPhone]
        #expect(Masking.masks(match) == !unmasked.contains(match))
    }
}
