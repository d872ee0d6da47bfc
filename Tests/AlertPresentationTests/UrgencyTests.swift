import AlertModel
import AlertPresentation
import AlertTestSupport
import Testing

@Suite("Urgency")
struct UrgencyTests {
    /// (threshold, enabled, severity) → urgent.
    static let truthTable: [(Double, Bool, Double, Bool)] = [
        (0.9, true, 0.9, true), (0.9, true, 0.8999, false), (0.9, true, 0.9001, true), (0.9, true, 1.0, true),
        (0.9, true, 0.0, false), (0.9, false, 1.0, false), (0.9, false, 0.9, false), (0.0, true, 0.0, true),
        (0.0, false, 0.0, false), (1.0, true, 0.9999, false), (1.0, true, 1.0, true), (0.8, true, 0.85, true),
        (0.8, true, 0.79, false),
    ]

    @Test("urgent exactly when enabled and severity reaches the threshold", arguments: truthTable)
    func rule(threshold: Double, enabled: Bool, severity: Double, urgent: Bool) {
        #expect(UrgencyPolicy(threshold: threshold, enabled: enabled).isUrgent(severity: severity) == urgent)
    }

    @Test("thresholds outside 0…1 are clamped")
    func clamped() {
        #expect(UrgencyPolicy(threshold: 7).threshold == 1)
        #expect(UrgencyPolicy(threshold: -1).threshold == 0)
    }

    @Test("an SSN leak is urgent by default, an email leak is not, and the policy decides")
    func views() throws {
        let ssn = try AlertDecoder().decode(Fixtures.sample("ssn-alert")).alert
        let email = try AlertDecoder().decode(Fixtures.sample("email-alert")).alert
        #expect(PresenterRegistry.standard.present(ssn).urgent)
        #expect(!PresenterRegistry.standard.present(email).urgent)
        let low = PresentationContext(options: .init(urgency: .init(threshold: 0.3)))
        #expect(PresenterRegistry.standard.present(email, in: low).urgent)
        let off = PresentationContext(options: .init(urgency: .init(enabled: false)))
        #expect(!PresenterRegistry.standard.present(ssn, in: off).urgent)
    }
}
