import AlertPresentation
import Foundation
import Testing

@Suite("Content catalog")
struct CatalogTests {
    @Test("the shipped catalogs load and pass their checks", arguments: ContentCatalog.shippedLocales)
    func shipped(locale: String) throws {
        let catalog = try ContentCatalog.shipped(locale: locale)
        #expect(catalog.locale == locale)
    }

    @Test("a catalog whose ids could break out of an HTML attribute is refused")
    func refusesUnsafeIdentifiers() throws {
        var catalog = ContentCatalog.english
        catalog.actions[0].id = "x\" onclick=\"y"
        let data = try JSONEncoder().encode(catalog)
        #expect(throws: CatalogError.self) { try ContentCatalog.load(data, name: "test") }
    }

    @Test("an unknown locale is a clear error")
    func unknownLocale() {
        #expect(throws: CatalogError.self) { try ContentCatalog.shipped(locale: "xx") }
    }
}
