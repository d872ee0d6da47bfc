import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// A catalog cannot unmask: a member the contract marks as sensitive keeps its mask wherever a catalog puts it, and
/// what a catalog cannot do is a load error with its file, line and key.
@Suite("A catalog cannot unmask")
struct CatalogMaskingTests {
    static let alert = Data(#"""
        {"id": "m-1", "type": 1, "events": [{"date": "2026-11-02", "data": {"match": "IDPERK", "perkNumber": "PK-99887766",
         "ssn": "123-45-6789", "CCN": "4111111111111111", "program": "Gold"}}]}
        """#.utf8)

    /// A catalog that defines IDPERK with `data`, and whatever `extra` adds to `matchTypes`.
    static func catalog(data: String, extra: String = "") -> String {
        """
        {
          "labels": {"program": "Program:", "ssn": "SSN:", "CCN": "Card:"},
          "matchTypes": {\(extra)
            "IDPERK": {
              "name": "Perk number", "title": {"one": "Perk Number Leaked", "other": "{count} Perk Numbers Leaked"},
              "subtitle": {"one": "Your perk number has been leaked", "other": "Your perk numbers have been leaked"},
              "icon": "ic-retailcard-alert",
              "data": \(data),
              "risks": [{"id": "spent", "text": "Someone could spend your perks."}],
              "steps": [{"id": "call", "icon": "ic-phone-step", "text": "Call the program."}]
            }
          }
        }
        """
    }

    /// The document as a reader gets it: an email's quoted-printable soft line breaks joined.
    static func readable(_ document: String) -> String {
        document.replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(of: "=\n", with: "")
    }

    static let formats = FormatRegistry.standard.formats.map(\.name)

    @Test("ssn and a card number named in a topic's fields are masked in every format; the reveal switch shows them",
          arguments: formats)
    func fieldsKeepTheirMask(format: String) throws {
        let scratch = try ScratchDirectory("alertkit-unmask")
        try scratch.file("catalog/en.json", Self.catalog(data: #"{"value": "perkNumber", "fields": ["program", "ssn", "CCN"]}"#))
        let catalog = try ContentCatalog.load(locale: "en", folders: [scratch.url])
        let masked = AlertPipeline(context: PresentationContext(catalog: catalog))
        let output = try masked.render(Self.alert, format: format)
        let document = Self.readable(output.document)
        #expect(output.warnings.isEmpty, "\(output.warnings)")
        for clear in ["123-45", "12345", "411111111111", "4111 1111", "99887766"] {
            #expect(!document.contains(clear), "\(format) shows \(clear) in clear")
        }
        if ["html", "text", "json"].contains(format) {  // Markdown writes the asterisks escaped
            #expect(document.contains("***-**-6789") && document.contains("****1111"), "\(format): \(document)")
        }
        let revealing = AlertPipeline(context: PresentationContext(catalog: catalog, options: .init(revealsSensitiveValues: true)))
        #expect(Self.readable(try revealing.render(Self.alert, format: "text").document).contains("123-45-6789"))
    }

    @Test("\"mask\": \"none\" on a sensitive member, in any letter case, is a load error with file, line and key",
          arguments: ["ssn", "SSN", "ccn", "iban", "passportNumber"])
    func maskNone(member: String) throws {
        let scratch = try ScratchDirectory("alertkit-unmask")
        let file = try scratch.file("catalog/en.json", Self.catalog(data: #"{"value": ["perkNumber", "\#(member)"], "mask": "none"}"#))
        #expect {
            try ContentCatalog.load(locale: "en", folders: [scratch.url])
        } throws: { error in
            let error = try #require(error as? CatalogError)
            return error.catalog == file && error.line == 8 && error.pointer == ["matchTypes", "IDPERK", "data", "mask"]
                && error.message.contains("\"\(member)\", which the contract marks as sensitive")
        }
        // Not sensitive: the catalog's own member may be shown as it is.
        try scratch.file("catalog/en.json", Self.catalog(data: #"{"value": "perkNumber", "mask": "none"}"#))
        let catalog = try ContentCatalog.load(locale: "en", folders: [scratch.url])
        let text = try AlertPipeline(context: PresentationContext(catalog: catalog)).render(Self.alert, format: "text").document
        #expect(text.contains("PK-99887766"))
    }

    @Test("an overlay of data for a contract match type is a load error, not ignored", arguments: ["IDSSN", "IDCCN", "IDEMAILADDR"])
    func contractData(code: String) throws {
        let scratch = try ScratchDirectory("alertkit-unmask")
        let extra = "\n    \"\(code)\": {\"data\": {\"value\": \"ssn\", \"mask\": \"none\"}},"
        let file = try scratch.file("catalog/en.json", Self.catalog(data: #"{"value": "perkNumber"}"#, extra: extra))
        #expect {
            try ContentCatalog.load(locale: "en", folders: [scratch.url])
        } throws: { error in
            let error = try #require(error as? CatalogError)
            return error.catalog == file && error.line == 4 && error.pointer == ["matchTypes", code, "data"]
                && error.message.contains("contract's match types")
        }
    }
}
