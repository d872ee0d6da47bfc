import AlertModel

/// What a presenter works with: the catalog's words and the caller's options.
public struct PresentationContext: Sendable {
    /// The content catalog of the locale being presented.
    public var catalog: ContentCatalog
    /// The caller's options.
    public var options: PresentationOptions

    /// Creates a context.
    public init(catalog: ContentCatalog = .english, options: PresentationOptions = .default) {
        self.catalog = catalog
        self.options = options
    }

    /// Formats a date the catalog's way.
    public func format(_ date: CalendarDate) -> String {
        date.format(catalog.dateFormat)
    }

    /// A field with its label from the catalog.
    public func field(_ name: String, _ value: String, kind: AlertView.Field.Kind = .text) -> AlertView.Field {
        AlertView.Field(name: name, label: catalog.label(name), value: value, kind: kind)
    }
}

/// Turns one type of alert into an `AlertView`.
public protocol AlertPresenting: Sendable {
    /// The view of `alert`, which has the type this presenter is registered for.
    func present(_ alert: Alert, in context: PresentationContext) -> AlertView

    /// Codes outside the contract (match types, categories) this presenter handles, so the decoder does not warn
    /// about them. The default implementation returns none.
    var recognizedCodes: Set<String> { get }
}

extension AlertPresenting {
    /// None.
    public var recognizedCodes: Set<String> { [] }
}
