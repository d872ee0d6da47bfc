import AlertModel
import AlertPresentation
import AlertTestSupport
import Foundation
import Testing

@Suite("Locales")
struct LocaleTests {
    @Test("every shipped locale has every key English has (none falls back)", arguments: ContentCatalog.shippedLocales)
    func noMissingKeys(locale: String) {
        #expect(ContentCatalog.missingKeys(locale: locale) == [])
    }

    @Test("every locale has words for all 13 match types and 7 categories", arguments: ContentCatalog.shippedLocales)
    func complete(locale: String) throws {
        let catalog = try ContentCatalog.shipped(locale: locale)
        #expect(Set(catalog.matchTypes.keys) == Set(MatchKind.allCases.map(\.rawValue)))
        #expect(Set(catalog.socialCategories.keys) == Set(SocialCategory.allCases.map(\.rawValue)))
    }

    @Test("Spanish shows dates as dd/MM/yyyy, from the same calendar day")
    func spanishDates() throws {
        let alert = try AlertDecoder().decode(Fixtures.sample("email-alert")).alert
        let view = PresenterRegistry.standard.present(alert, in: PresentationContext(catalog: try .shipped(locale: "es")))
        #expect(view.locale == "es")
        #expect(view.details[0].fields.last?.value == "06/09/2016")
        #expect(view.title != "Email Address Leaked")
    }

    @Test("a locale's missing key is taken from English")
    func fallback() throws {
        let english = try JSONEncoder().encode(ContentCatalog.english)
        var partial = try #require(try JSONSerialization.jsonObject(with: english) as? [String: Any])
        var sections = try #require(partial["sections"] as? [String: Any])
        sections["help"] = nil
        sections["risks"] = "Qué está en riesgo"
        partial["sections"] = sections
        let catalog = try ContentCatalog.load(JSONSerialization.data(withJSONObject: partial), name: "partial", fallback: english)
        #expect(catalog.sections.help == "Need help?")
        #expect(catalog.sections.risks == "Qué está en riesgo")
    }
}
