import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// docs/content.md, "Safety rules": the customer's own identifiers are shown as the alert has them (masked where the
/// masking rules say), in every format that shows details; third-party places stay defanged.
@Suite("The customer's own identifiers and third-party places")
struct CustomerIdentifierTests {
    static let pipeline = AlertPipeline()

    /// What a reader sees of `document` in `format`: the text of a page, of Markdown read back through cmark, of the
    /// strings of a JSON document (Slack's, Teams' as Markdown), and text as it is with its line breaks folded.
    static func seen(_ document: String, format: String) throws -> String {
        switch format {
        case "html": return Fixtures.visibleText(ofHTML: document)
        case "markdown": return CommonMarkReader.visibleText(document)
        case "json", "slack", "teams":
            var strings: [String] = []
            func walk(_ value: Any) {
                switch value {
                case let text as String: strings.append(text)  // Teams' TextRuns show their text as it is
                case let list as [Any]: list.forEach(walk)
                case let object as [String: Any]: object.values.forEach(walk)
                default: break
                }
            }
            walk(try JSONSerialization.jsonObject(with: Data(document.utf8)))
            return strings.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        default: return document.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    static let formats = ["html", "markdown", "text", "json", "slack", "teams"]

    @Test("every sample: each detail's value and the customer's own fields as the alert has them, in every format; third-party places defanged", arguments: Fixtures.sampleNames)
    func sample(name: String) throws {
        let json = try Fixtures.sample(name)
        let view = try Self.pipeline.view(json)
        for detail in view.details {
            // Nothing of the customer's is bracketed unless it holds a link.
            #expect(Defang.identifier(detail.value) == detail.value, "\(name): \(detail.value)")
            for field in detail.fields where field.kind != .link {
                if ["origin", "source", "post", "link"].contains(field.name) {
                    #expect(Defang.text(field.value) == field.value, "\(name): \(field.name) \(field.value) is a live address")
                } else {
                    #expect(Defang.identifier(field.value) == field.value, "\(name): \(field.name) \(field.value)")
                }
            }
        }
        for format in Self.formats {
            let seen = try Self.seen(try Self.pipeline.render(json, format: format).document, format: format)
            for detail in view.details {
                let value = detail.value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(seen.contains(value), "\(name) \(format): the value \(value) is not shown as it is")
            }
        }
    }

    @Test("the exercise's email, phone, account and routing numbers read as the customer knows them; the sites they leaked on do not link")
    func examples() throws {
        let cases: [(sample: String, own: String, thirdParty: String?)] = [
            ("email-alert", "mateagar+1@gmail.com", nil),
            ("bank-alert", "021000021", "[.]"),
            ("social-threat-alert", "matt.smith.77", nil),
        ]
        for (sample, own, _) in cases {
            let json = try Fixtures.sample(sample)
            for format in Self.formats {
                let seen = try Self.seen(try Self.pipeline.render(json, format: format).document, format: format)
                #expect(seen.contains(own), "\(sample) \(format) lacks \(own)")
            }
        }
        let text = try Self.pipeline.render(Fixtures.sample("mixed-alert"), format: "text").document
        #expect(text.contains("[.]"), "a breach site is still defanged")
    }
}
