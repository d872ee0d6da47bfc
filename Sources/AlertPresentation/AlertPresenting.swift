import AlertModel
import Foundation

/// What a presenter works with: the catalog's words and the caller's options.
public struct PresentationContext: Sendable {
    /// The content catalog of the locale being presented.
    public var catalog: ContentCatalog
    /// The caller's options.
    public var options: PresentationOptions
    /// Country names by locale and code: ICU's look-up costs more than the rest of a detail.
    private let countryNames = BoundedCache<String, String?>(limit: 1024)

    /// Creates a context.
    public init(catalog: ContentCatalog = .english, options: PresentationOptions = .default) {
        self.catalog = catalog
        self.options = options
    }

    /// Formats a date the catalog's way.
    public func format(_ date: CalendarDate) -> String {
        date.format(catalog.dateFormat)
    }

    /// The name of the country with ISO 3166 code `code` (`US`, `es`) in the catalog's language, e.g. "Spain" or
    /// "España"; `nil` for anything that is not a known two-letter code, so that no alert text stands in for a name.
    public func countryName(_ code: String) -> String? {
        let locale = catalog.locale
        // Only short texts can be codes (a long one is trimmed and refused): they alone are cached.
        guard code.utf8.count <= 16 else { return Self.countryName(code, locale: locale) }
        return countryNames.value(for: locale + "\u{0}" + code) { Self.countryName(code, locale: locale) }
    }

    private static func countryName(_ code: String, locale identifier: String) -> String? {
        let code = code.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.utf8.count == 2, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }), code != "ZZ" else { return nil }
        let locale = Locale(identifier: identifier)
        guard let name = locale.localizedString(forRegionCode: code), name != code,
              name != locale.localizedString(forRegionCode: "ZZ") else { return nil }
        return name
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
