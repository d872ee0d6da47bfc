import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// No alert string becomes markup or a link, in any field of any alert type.
@Suite("Untrusted strings stay text")
struct InjectionTests {
    static let payloads = [
        "<script>alert(1)</script>", "[x](javascript:alert(1))", "<img src=x onerror=alert(1)>",
        "\"><svg onload=alert(1)>", "<https://evil.example>", "![x](javascript:alert(1))", "`code` *em* __b__ # h",
        // Found by the property test (issue 15): white space that starts a block was written as it was, so a
        // renderer read it as indentation (a list after a quote's `>`, a code block after four spaces).
        "\t1. item", "     indented code", "  - item", " # h",
    ]

    /// Alerts with `PAYLOAD` in one string field each: every string key of every alert type (the first: the id).
    static let templates: [String] = {
        let cyber = #"{"id":%ID%,"type":1,"events":[{"date":"2016-09-12","data":{"match":"IDBANK","bankAccount":%BANK%,"routingNumber":%ROUTING%,"site":%SITE%}},{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":%EMAIL%,"Source":%SOURCE%}},{"date":"2016-09-12","data":{"match":"IDDLNUMBER","dlNumber":"D1234567","dlState":%STATE%}}]}"#
        let ssn = #"{"id":"s","type":2,"events":[{"date":"2016-09-12","data":{"name":%NAME%,"address":%ADDRESS%,"city":%CITY%,"zip":%ZIP%,"source":%SRC%}}]}"#
        let social = #"{"id":"m","type":3,"events":[{"date":"2016-09-12","data":{"network":%NETWORK%,"account":%ACCOUNT%,"category":"Hate","content":%CONTENT%,"url":%URL%}}]}"#
        func variants(_ template: String, _ keys: [String]) -> [String] {
            keys.map { key in
                var text = template.replacingOccurrences(of: key, with: "PAYLOAD")
                for other in keys where other != key { text = text.replacingOccurrences(of: other, with: #""plain""#) }
                return text
            }
        }
        return variants(cyber, ["%ID%", "%BANK%", "%ROUTING%", "%SITE%", "%EMAIL%", "%SOURCE%", "%STATE%"])
            + variants(ssn, ["%NAME%", "%ADDRESS%", "%CITY%", "%ZIP%", "%SRC%"])
            + variants(social, ["%NETWORK%", "%ACCOUNT%", "%CONTENT%", "%URL%"])
    }()

    static func alert(_ template: String, _ payload: String) throws -> Data {
        let quoted = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
        return Data(template.replacingOccurrences(of: "PAYLOAD", with: quoted).utf8)
    }

    /// Markup that would mean a payload became an element or a link (escaped text shows `&lt;` instead of `<`).
    /// Links are checked apart: the catalog's sources are the only ones a document may hold (`TrustedLinks`).
    static let forbidden = ["<script", "<img", "<svg onload", "href=\"javascript", "src=\"javascript", "<https"]

    @Test("in HTML every payload is escaped text", arguments: templates.indices, payloads)
    func html(template: Int, payload: String) throws {
        let input = try Self.alert(Self.templates[template], payload)
        for fragment in [false, true] {
            var page = try AlertPipeline(context: .init(options: .init(revealsSensitiveValues: true)))
                .render(input, format: "html", options: .init(fragment: fragment)).document
            // The page's own inline SVG icons are trusted; take them out before looking for injected markup.
            page = page.replacingOccurrences(of: "<svg xmlns=\"http://www.w3.org/2000/svg\"[^>]*>", with: "", options: .regularExpression)
            for bad in Self.forbidden { #expect(!page.contains(bad), "\(bad) in \(payload)") }
            #expect(TrustedLinks.untrusted(inHTML: page).isEmpty, "\(payload)")
            // Every field but the id is shown; the payload must be there, as the text it was, defanged.
            if template != 0 {
                let shown = Defang.text(payload).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(Fixtures.visibleText(ofHTML: page).contains(shown))
            }
        }
    }

    @Test("in Markdown every payload survives a CommonMark renderer as text", arguments: templates.indices, payloads)
    func markdown(template: Int, payload: String) throws {
        let input = try Self.alert(Self.templates[template], payload)
        let markdown = try AlertPipeline(context: .init(options: .init(revealsSensitiveValues: true)))
            .render(input, format: "markdown").document
        // Rendered even with raw HTML allowed, the Markdown yields no element from the payload.
        let html = CommonMarkReader.html(markdown)
        for bad in Self.forbidden { #expect(!html.contains(bad), "\(bad) in \(payload): \(markdown)") }
        #expect(TrustedLinks.untrusted(inHTML: html).isEmpty, "\(payload): \(markdown)")
        #expect(!html.contains("<code>") && !html.contains("<em>") && !html.contains("<h1>h"))
        #expect(!html.contains("<ol") && !html.contains("<pre") && !html.contains("<li>item"), "\(payload): \(markdown)")
    }
}
