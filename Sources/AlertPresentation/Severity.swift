import AlertModel

/// How serious each kind of event is, from 0 to 1: what a thief can do with it, and how hard it is to undo.
public enum Severity {
    /// The severity of a CyberAgent match type. SSNs and bank accounts are hardest to undo; a leaked passport number
    /// alone needs watching, not a new passport (State Department), so it is serious but not urgent by default.
    public static func of(_ match: MatchType) -> Double {
        guard case .known(let known) = match else { return 0.5 }
        switch known {
        case .ssn: return 1.0
        case .bankAccount: return 0.95
        case .iban, .nationalID: return 0.9
        case .passport, .creditCard, .driversLicense, .medicalID: return 0.85
        case .retailCard: return 0.6
        case .cellPhone: return 0.55
        case .homePhone, .workPhone: return 0.45
        case .email: return 0.4
        }
    }

    /// The severity of a name or address newly linked to the customer's SSN.
    public static let ssnTrace = 0.9

    /// The severity of a SocialMedia category. Threats and violent posts reach the default urgency threshold (0.9):
    /// someone may be in danger, and their first step says what to do then.
    public static func of(_ category: SocialMediaEvent.Category) -> Double {
        guard case .known(let known) = category else { return 0.4 }
        switch known {
        case .threat: return 0.95
        case .violence: return 0.9
        case .personalInfo, .phishing: return 0.6
        case .hate: return 0.5
        case .drugs: return 0.4
        case .profanity: return 0.3
        }
    }
}
