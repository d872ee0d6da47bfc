import AlertTemplates
import Foundation

extension ContentCatalog {
    /// The locales that ship with AlertKit.
    public static let shippedLocales = ["en"]

    /// The English catalog that ships with AlertKit.
    public static let english: ContentCatalog = {
        do { return try shipped(locale: "en") } catch {
            preconditionFailure("AlertKit's English catalog is broken: \(error)")
        }
    }()

    /// Loads a catalog that ships with AlertKit, e.g. `en`.
    public static func shipped(locale: String) throws(CatalogError) -> ContentCatalog {
        guard shippedLocales.contains(locale), let text = AlertTemplates.text("catalog/\(locale).json") else {
            throw CatalogError(catalog: locale, message: "no such locale; shipped: \(shippedLocales.joined(separator: ", "))")
        }
        return try load(Data(text.utf8), name: locale)
    }

    /// Reads and checks a catalog from JSON.
    public static func load(_ data: Data, name: String) throws(CatalogError) -> ContentCatalog {
        let catalog: ContentCatalog
        do {
            catalog = try JSONDecoder().decode(ContentCatalog.self, from: data)
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
