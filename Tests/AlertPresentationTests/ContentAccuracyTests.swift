import AlertModel
import AlertPresentation
import AlertTestSupport
import Foundation
import Testing

/// Issue 12: what the advice says, point by point, in English and Spanish.
@Suite("Content: accuracy, presentation and sources")
struct ContentAccuracyTests {
    static let locales = ContentCatalog.shippedLocales

    func view(_ sample: String, _ locale: String) throws -> AlertView {
        try view(Fixtures.sample(sample), locale)
    }

    func view(_ json: Data, _ locale: String) throws -> AlertView {
        let alert = try AlertDecoder().decode(json).alert
        return PresenterRegistry.standard.present(alert, in: PresentationContext(catalog: try .shipped(locale: locale)))
    }

    /// Each locale's words for what a test looks for.
    static func words(_ locale: String, en: String, es: String) -> String { locale == "es" ? es : en }

    static func catalogTopics(_ locale: String) throws -> [(String, ContentCatalog.Topic)] {
        let catalog = try ContentCatalog.shipped(locale: locale)
        return catalog.matchTypes.map { ($0.key, $0.value) } + catalog.socialCategories.map { ($0.key, $0.value) }
            + catalog.alertTypes.map { ($0.key, $0.value.generic) }
    }

    @Test("threats and violent posts are urgent, the emergency step first; threats also name the police",
          arguments: ["social-threat-alert", "social-violence-alert"], locales)
    func threats(sample: String, locale: String) throws {
        let view = try view(sample, locale)
        #expect(view.urgent)
        #expect(view.nextSteps.items.first?.text.contains("911") == true)
        let steps = view.nextSteps.items.map(\.text).joined(separator: " ")
        #expect(steps.contains(Self.words(locale, en: "screenshots", es: "capturas de pantalla")))
        #expect(steps.contains(Self.words(locale, en: "Report the post to the network", es: "Denuncie la publicación")))
        #expect(steps.contains(Self.words(locale, en: "police", es: "policía")) == (sample == "social-threat-alert"))
    }

    @Test("a freeze names the three bureaus and is placed at each; a fraud alert is placed at one, never the same step",
          arguments: locales)
    func bureaus(locale: String) throws {
        let freeze = Self.words(locale, en: "freeze your credit", es: "congele")
        let fraud = Self.words(locale, en: "fraud alert", es: "alerta de fraude")
        var freezes = 0, fraudAlerts = 0
        for (code, topic) in try Self.catalogTopics(locale) {
            for step in topic.steps.map(\.text) {
                if step.lowercased().contains(freeze), !step.contains("ChexSystems") {
                    freezes += 1
                    for bureau in ["Equifax", "Experian", "TransUnion"] { #expect(step.contains(bureau), "\(code): \(step)") }
                    #expect(step.contains(Self.words(locale, en: "each", es: "cada una")), "\(code)")
                    #expect(!step.contains(fraud), "\(code): both in one step")
                }
                if step.contains(Self.words(locale, en: "Place a free fraud alert", es: "Coloque una alerta de fraude")) {
                    fraudAlerts += 1
                    #expect(step.contains(Self.words(locale, en: "tells the other two", es: "avisa a las otras dos")), "\(code)")
                }
            }
        }
        #expect(freezes >= 2 && fraudAlerts >= 2)
    }

    @Test("passport: a leaked number needs no new passport; lost or stolen: DS-64 and DS-11 for the U.S., the issuing country's authority otherwise",
          arguments: locales)
    func passport(locale: String) throws {
        let us = try view("passportnum-alert", locale).nextSteps.items.map(\.text)
        #expect(us[0].contains(Self.words(locale, en: "doesn’t mean you need a new passport", es: "no significa que necesite un pasaporte nuevo")))
        #expect(us.joined().contains("DS-64") && us.joined().contains("DS-11"))
        let abroad = try view("passport-abroad-alert", locale)
        let steps = abroad.nextSteps.items.map(\.text).joined()
        #expect(!steps.contains("DS-64") && !steps.contains("DS-11") && !steps.contains("U.S.") && !steps.contains("EE. UU."))
        #expect(steps.contains(Self.words(locale, en: "passport authority of Spain", es: "autoridad de pasaportes de España")))
        #expect(abroad.details[0].fields.contains { $0.value == Self.words(locale, en: "Spain", es: "España") })
        #expect(!abroad.urgent)
        // A country code AlertKit does not know: the catalog's words, never the alert's text, in the step.
        let unknown = #"{"id":"p","type":1,"events":[{"date":"2023-01-01","data":{"match":"IDPASSPORTNUM","#
            + #""passportNumber":"X1234567","country":"Evil.example"}}]}"#
        let unknownSteps = try view(Data(unknown.utf8), locale).nextSteps.items.map(\.text).joined()
        #expect(unknownSteps.contains(Self.words(locale, en: "the country that issued it", es: "su país emisor")))
        #expect(!unknownSteps.contains("Evil"))
    }

    @Test("IBAN, work phone, cell phone and driver's license steps say what the authorities advise", arguments: locales)
    func accuracy(locale: String) throws {
        let iban = try view("iban-alert", locale).nextSteps.items.map(\.text).joined(separator: " ")
        #expect(iban.contains(Self.words(locale, en: "8 weeks", es: "8 semanas")) && iban.contains(Self.words(locale, en: "13 months", es: "13 meses")))
        #expect(iban.contains(Self.words(locale, en: "block direct debits", es: "adeudos directos")))
        let work = try view("workphone-alert", locale).nextSteps.items
        #expect(work[0].text.contains(Self.words(locale, en: "IT or security team first", es: "informática o de seguridad")))
        let cell = try view("cellphone-alert", locale).nextSteps.items.map(\.text).joined(separator: " ")
        #expect(cell.contains(Self.words(locale, en: "port-out", es: "portabilidad")) && cell.contains("SIM PIN") || cell.contains("PIN de la SIM"))
        let license = try view("dlnumber-alert", locale).nextSteps.items[0].text
        #expect(license.contains(Self.words(locale, en: "(DMV; DPS or MVD in some states)", es: "(el DMV; el DPS o la MVD en algunos estados)")))
    }

    @Test("SSNTrace: own or old address needs nothing, an unknown one is reported; plural risks; no first-seen date without firstSeen",
          arguments: locales)
    func ssnTrace(locale: String) throws {
        let view = try view("ssntrace-old-address-alert", locale)
        let steps = view.nextSteps.items.map(\.text)
        #expect(steps[0].contains(Self.words(locale, en: "you don’t need to do anything", es: "no necesita hacer nada")))
        #expect(steps[1].contains(Self.words(locale, en: "don’t recognize", es: "no reconoce")))
        #expect(steps.contains { $0.contains("Equifax") })
        let catalog = try ContentCatalog.shipped(locale: locale).alertTypes["ssnTrace"]!.generic
        #expect(view.risks.paragraphs == catalog.risksPlural)
        #expect(try self.view("ssntrace-alert", locale).risks.paragraphs == catalog.risks)
        #expect(view.details[0].fields.map(\.name).contains("firstSeen"))
        #expect(view.details[1].fields.map(\.name).contains("found") && !view.details[1].fields.map(\.name).contains("firstSeen"))
    }

    @Test("an unknown match type gets generic but useful steps and sources", arguments: locales)
    func unknownMatch(locale: String) throws {
        let json = #"{"id":"u","type":1,"events":[{"date":"2023-01-01","data":{"match":"IDFUTURE","value":"x"}}]}"#
        let view = try view(Data(json.utf8), locale)
        #expect(view.nextSteps.items.count >= 4 && !view.sources.items.isEmpty)
        #expect(view.nextSteps.items.contains { $0.text.contains("IdentityTheft.gov") || $0.text.contains("RobodeIdentidad.gov") })
    }

    @Test("one value at several sites is one detail, the title counts distinct values", arguments: locales)
    func distinctValues(locale: String) throws {
        let view = try view("email-repeat-alert", locale)
        #expect(view.title == Self.words(locale, en: "Email Address Leaked", es: "Correo electrónico filtrado"))
        #expect(view.details.count == 1)
        #expect(view.details[0].fields.filter { $0.name == "origin" }.count == 3)
        #expect(try self.view("multi-email-alert", locale).details.count == 3)
    }

    @Test("a mixed alert labels each value with its type and groups the steps, each once", arguments: locales)
    func mixed(locale: String) throws {
        let view = try view("mixed-alert", locale)
        let catalog = try ContentCatalog.shipped(locale: locale)
        #expect(view.details.map { $0.fields.first?.value } == ["IDEMAILADDR", "IDSSN", "IDCCN"].map { catalog.matchTypes[$0]?.name })
        #expect(view.details.allSatisfy { $0.fields.first?.label == catalog.label("type") })
        #expect(view.nextSteps.groups.count == 3)
        let grouped = view.nextSteps.groups.flatMap(\.items)
        #expect(grouped == view.nextSteps.items && Set(grouped.map(\.text)).count == grouped.count)
        #expect(try self.view("ssn-alert", locale).nextSteps.groups.isEmpty)
    }

    @Test("country codes are shown as names in the alert's language", arguments: locales)
    func countries(locale: String) throws {
        let view = try view("national-alert", locale)
        #expect(view.details[0].fields.contains { $0.name == "country" && $0.value == Self.words(locale, en: "Mexico", es: "México") })
    }

    @Test("every topic of every catalog has https sources, and the view lists them once each", arguments: locales)
    func sources(locale: String) throws {
        for (code, topic) in try Self.catalogTopics(locale) {
            #expect(!topic.sources.isEmpty, "\(code)")
            #expect(topic.sources.allSatisfy { $0.url.hasPrefix("https://") && !$0.title.isEmpty }, "\(code)")
        }
        for sample in Fixtures.sampleNames {
            let view = try view(sample, locale)
            #expect(!view.sources.items.isEmpty && Set(view.sources.items.map(\.url)).count == view.sources.items.count, "\(sample)")
            #expect(view.sources.title == Self.words(locale, en: "Learn more", es: "Más información"))
        }
    }

    @Test("over 300 generated alerts in both locales: threats urgent with the emergency step first, titles counting distinct values, country names, masking limits")
    func feed() throws {
        let lines = try Fixtures.generateFeed(["--seed", "21", "--count", "300"])
        for locale in Self.locales {
            let catalog = try ContentCatalog.shipped(locale: locale)
            for (index, line) in lines.enumerated() {
                let alert = try AlertDecoder().decode(line).alert
                let view = PresenterRegistry.standard.present(alert, in: PresentationContext(catalog: catalog))
                if case .socialMedia(let events) = alert.events,
                   events.contains(where: { $0.category.code == "Threat" || $0.category.code == "Violence" }) {
                    #expect(view.urgent && view.nextSteps.items.first?.text.contains("911") == true, "line \(index + 1)")
                }
                if case .cyberAgent(let events) = alert.events {
                    let topics = Set(events.map { catalog.matchTypes[$0.match.code]?.name ?? "" })
                    if topics.count == 1, let topic = catalog.matchTypes[events[0].match.code] {
                        #expect(view.title == topic.title(view.details.count), "line \(index + 1)")
                    }
                    for (event, detail) in zip(events, view.details) where view.details.count == events.count {
                        guard case .known(let kind) = event.match, kind.isSensitive, let raw = event.value else { continue }
                        let total = raw.filter { $0.isLetter || $0.isNumber }.count
                        let shown = detail.value.filter { $0.isLetter || $0.isNumber }.count
                        #expect(shown * 2 <= total && total - shown >= min(total, 4), "line \(index + 1): \(detail.value)")
                    }
                }
                for field in view.details.flatMap(\.fields) where field.name == "country" {
                    #expect(!(field.value.count == 2 && field.value == field.value.uppercased()), "line \(index + 1): \(field.value)")
                }
            }
        }
    }

    @Test("Spanish keeps one register (usted): no tú forms")
    func usted() throws {
        let data = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(
            with: Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/catalog/es.json"))))
        let text = String(decoding: data, as: UTF8.self)
        let tu = try NSRegularExpression(pattern: #"\b(tu|tus|te|ti|contigo|Cambia|Revisa|Llama|Contacta|Pide|Activa|Guarda|Borra|Necesitas|Puedes|Quieres)\b"#)
        let matches = tu.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { String(text[Range($0.range, in: text)!]) }
        #expect(matches.isEmpty, "\(matches)")
        #expect(!text.contains("Contactarnos"))
    }
}

/// `docs/content.md` is the reviewer's list of every step and its source: it must not fall behind the catalog.
@Suite("Content: the reviewer's list")
struct ContentDocTests {
    @Test("docs/content.md lists every step of the English catalog, variants included, with its source")
    func everyStep() throws {
        let doc = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/content.md"), encoding: .utf8)
        let catalog = try ContentCatalog.shipped(locale: "en")
        let topics = Array(catalog.matchTypes.values) + Array(catalog.socialCategories.values)
            + catalog.alertTypes.values.map(\.generic)
        for topic in topics {
            for step in topic.steps + topic.variants.values.flatMap({ $0.steps ?? [] }) {
                let row = doc.split(separator: "\n").first { $0.contains(step.text) }
                #expect(row != nil, "docs/content.md lacks: \(step.text)")
                let cells = row?.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                #expect(cells?.count == 2, "no source for: \(step.text)")
            }
        }
    }

    @Test("every step that says to call 911 has the emergency icon, in every topic and locale", arguments: ContentAccuracyTests.locales)
    func emergencyIcon(locale: String) throws {
        var found = 0
        for (name, topic) in try ContentAccuracyTests.catalogTopics(locale) {
            for step in topic.steps + topic.variants.values.flatMap({ $0.steps ?? [] }) where step.text.contains("911") {
                #expect(step.icon == "ic-emergency-step", "\(locale) \(name): \(step.text)")
                found += 1
            }
        }
        #expect(found >= 2)
    }
}

