import AlertTemplates
import Foundation

extension ContentCatalog {
    /// The locales that ship with AlertKit; English is the base every other one falls back to.
    public static let shippedLocales = ["en", "es"]

    /// The English catalog that ships with AlertKit.
    public static let english: ContentCatalog = {
        do { return try shipped(locale: "en") } catch {
            preconditionFailure("AlertKit's English catalog is broken: \(error)")
        }
    }()

    /// Every shipped catalog, read and checked once.
    private static let shippedCatalogs: [String: Result<ContentCatalog, CatalogError>] = {
        var catalogs: [String: Result<ContentCatalog, CatalogError>] = [:]
        for locale in shippedLocales {
            catalogs[locale] = Result { () throws(CatalogError) in
                guard let text = AlertTemplates.text("catalog/\(locale).json") else {
                    throw CatalogError(catalog: locale, message: "the file Templates/catalog/\(locale).json is missing")
                }
                return try load(Data(text.utf8), name: locale, fallback: locale == "en" ? nil : baseText)
            }
        }
        return catalogs
    }()

    private static var baseText: Data? { AlertTemplates.text("catalog/en.json").map { Data($0.utf8) } }

    /// A catalog that ships with AlertKit, e.g. `en` or `es`; keys a locale lacks come from English.
    public static func shipped(locale: String) throws(CatalogError) -> ContentCatalog {
        guard let catalog = shippedCatalogs[locale] else {
            throw CatalogError(catalog: locale, message: "no such locale; shipped: \(shippedLocales.joined(separator: ", "))")
        }
        return try catalog.get()
    }

    /// The keys (as JSON pointers) that English has and a shipped locale lacks: what falls back to English.
    public static func missingKeys(locale: String) -> [String] {
        guard let base = baseText.flatMap({ try? JSONSerialization.jsonObject(with: $0) }),
              let text = AlertTemplates.text("catalog/\(locale).json"),
              let other = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return ["(unreadable)"] }
        return CatalogMerge.missing(in: other, from: base, at: "")
    }

    /// Reads and checks a catalog from JSON; keys it lacks are taken from `fallback`, if given.
    public static func load(_ data: Data, name: String, fallback: Data? = nil) throws(CatalogError) -> ContentCatalog {
        let catalog: ContentCatalog
        do {
            var merged = data
            if let fallback {
                let base = try JSONSerialization.jsonObject(with: fallback)
                let overlay = try JSONSerialization.jsonObject(with: data)
                merged = try JSONSerialization.data(withJSONObject: CatalogMerge.merge(overlay, over: base))
            }
            catalog = try JSONDecoder().decode(ContentCatalog.self, from: merged)
        } catch {
            throw CatalogError(catalog: name, message: "not a catalog: \(error)")
        }
        try catalog.check(name: name)
        return catalog
    }

    /// Checks what code relies on: identifiers safe to use as names, every alert type present,
    /// the help action defined, no empty text.
    func check(name: String) throws(CatalogError) {
        func fail(_ message: String) -> CatalogError { CatalogError(catalog: name, message: message) }
        for action in actions {
            guard Self.isIdentifier(action.id) else { throw fail("action id \"\(action.id)\" is not [a-z0-9-]+") }
            for button in action.popup.buttons where !Self.isIdentifier(button.id) {
                throw fail("button id \"\(button.id)\" is not [a-z0-9-]+")
            }
        }
        guard actions.contains(where: { $0.id == help.action }) else { throw fail("help action \(help.action) is not defined") }
        for type in ["cyberAgent", "ssnTrace", "socialMedia"] where alertTypes[type] == nil {
            throw fail("alert type \(type) is missing")
        }
        var topics = Array(matchTypes.values) + Array(socialCategories.values)
        topics += alertTypes.values.map(\.generic)
        var icons = alertTypes.values.map(\.icon)
        for topic in topics {
            icons += [topic.icon] + topic.steps.map(\.icon)
            let texts = [topic.name, topic.title.one, topic.title.other, topic.subtitle.one, topic.subtitle.other]
                + topic.risks + topic.steps.map(\.text)
            if texts.contains(where: { $0.allSatisfy(\.isWhitespace) }) { throw fail("topic \(topic.name) has an empty text") }
            if topic.risks.isEmpty || topic.steps.isEmpty { throw fail("topic \(topic.name) needs risks and steps") }
        }
        for icon in icons where !Self.isIdentifier(icon) { throw fail("icon name \"\(icon)\" is not [a-z0-9-]+") }
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }
}
