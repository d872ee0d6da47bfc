import AlertModel

/// The presenters by alert type; `standard` has one for each type. A registry is a value a host builds and owns:
/// copy `standard`, `register` on the copy, and hand it to an `AlertPipeline`.
public struct PresenterRegistry: Sendable {
    private var presenters: [AlertType: any AlertPresenting]

    /// Creates a registry from presenters by type.
    public init(_ presenters: [AlertType: any AlertPresenting]) {
        self.presenters = presenters
    }

    /// AlertKit's presenters for CyberAgent, SSNTrace and SocialMedia alerts.
    public static let standard = PresenterRegistry([
        .cyberAgent: CyberAgentPresenter(),
        .ssnTrace: SSNTracePresenter(),
        .socialMedia: SocialMediaPresenter(),
    ])

    /// Registers (or replaces) the presenter for a type.
    public mutating func register(_ presenter: any AlertPresenting, for type: AlertType) {
        presenters[type] = presenter
    }

    /// The codes outside the contract that the registered presenters handle (`AlertPresenting.recognizedCodes`).
    public var recognizedCodes: Set<String> {
        presenters.values.reduce(into: []) { $0.formUnion($1.recognizedCodes) }
    }

    /// The presenter for a type.
    public func presenter(for type: AlertType) -> (any AlertPresenting)? {
        presenters[type]
    }

    /// Presents an alert with the presenter registered for its type; a registry without one for that type
    /// falls back to the standard presenter, so every alert gets a view.
    public func present(_ alert: Alert, in context: PresentationContext = PresentationContext()) -> AlertView {
        let presenter = presenters[alert.type] ?? Self.standard.presenters[alert.type]!
        return presenter.present(alert, in: context)
    }
}
