import AlertModel
import AlertPresentation
import AlertTestSupport
import Testing

@Suite("Presenters")
struct PresenterTests {
    func view(_ sample: String, options: PresentationOptions = .default) throws -> AlertView {
        let alert = try AlertDecoder().decode(Fixtures.sample(sample)).alert
        return PresenterRegistry.standard.present(alert, in: PresentationContext(options: options))
    }

    @Test("several events of one match type: plural title, a detail each, risks and steps once")
    func severalEmails() throws {
        let view = try view("multi-email-alert")
        #expect(view.title == "3 Email Addresses Leaked")
        #expect(view.details.count == 3)
        #expect(view.risks.paragraphs.count == 1)
        #expect(view.nextSteps.items.count == 3)
        #expect(view.details[0].fields.map(\.text) == ["From: pastebin[.]com", "Date of leak: 11-20-2018"])
        #expect(view.details[1].fields.map(\.text) == ["From: Data breach dump", "Date of leak: 03-04-2019"])
        #expect(view.details[2].fields.map(\.text) == ["Date of leak: 03-09-2019"])
    }

    @Test("mixed match types: the general title, the most serious first, nothing repeated")
    func mixed() throws {
        let view = try view("mixed-alert")
        #expect(view.title == "Personal Information Leaked")
        #expect(view.details.map(\.value) == ["kenji.tanaka@example.org", "***-**-6789", "****1111"])
        #expect(Set(view.nextSteps.items.map(\.text)).count == view.nextSteps.items.count)
        // Each value labelled with its type; the steps grouped by type, most serious first, each once.
        #expect(view.details.map { $0.fields.first?.text } == ["Type: Email address", "Type: Social Security number",
                                                                "Type: Credit card number"])
        #expect(view.nextSteps.groups.map(\.title) == ["Social Security number", "Credit card number", "Email address"])
        #expect(view.nextSteps.groups.flatMap(\.items) == view.nextSteps.items)
        #expect(view.severity == 1.0)
    }

    @Test("revealing shows raw values; the default never does")
    func reveal() throws {
        #expect(try view("mixed-alert", options: .init(revealsSensitiveValues: true)).details[1].value == "123-45-6789")
        #expect(try view("mixed-alert").details.allSatisfy { !$0.value.contains("6789") || $0.value.hasPrefix("***") })
    }

    @Test("every sample presents with no empty text and no placeholder", arguments: Fixtures.sampleNames)
    func noPlaceholders(sample: String) throws {
        let view = try view(sample)
        var texts = [view.title, view.header.title, view.header.subtitle, view.help.text] + view.risks.paragraphs
        texts += view.nextSteps.items.map(\.text) + view.details.flatMap { [$0.value] + $0.fields.map(\.text) }
        for text in texts {
            #expect(!text.allSatisfy { $0.isWhitespace })
            #expect(!text.contains("{") && !text.contains("TODO"), "\(text)")
        }
        #expect(!view.risks.paragraphs.isEmpty && !view.nextSteps.items.isEmpty && !view.details.isEmpty)
    }

    @Test("SSNTrace details show the name and a postal address")
    func ssnTrace() throws {
        let view = try view("ssntrace-alert")
        #expect(view.details[0].value == "Liam O'Brien")
        #expect(view.details[0].fields.first?.text == "Address: 742 Maple Dr, Springfield, IL 62704")
    }
}
