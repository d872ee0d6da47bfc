import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Issue 12, safety: no third-party address from alert data is a link or autolinkable in any format (a post's `https`
/// address on its own network excepted), in English and Spanish, over every sample and a generated feed. The
/// customer's own identifiers (issue 29) are shown as they are, and hold no link.
@Suite("Content: no link from alert data")
struct ContentSafetyTests {
    static let formats = ["html", "markdown", "text", "json", "slack", "push", "sms", "email", "teams"]
    static let locales = ContentCatalog.shippedLocales
    /// The fields that name third-party places (`ViewAssembler.thirdPartyFields`).
    static let thirdParty: Set<String> = ["origin", "source", "post", "link"]

    /// What an autolinker would pick up in a string: URLs, `www.` names, host names, e-mail addresses, phone numbers.
    static let linkable = try! NSRegularExpression(pattern: [
        #"[A-Za-z][A-Za-z0-9+.-]*://[^\s]+"#, #"www\.[^\s]+"#, #"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+"#,
        #"\b[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b"#, #"\+?\(?\d{3}\)?[ .-]?\d{3}[ .-]?\d{4}"#,
    ].joined(separator: "|"))

    /// The autolinkable parts of an alert's strings (what defanging must change), `allowed` left out.
    static func linkableParts(of alert: Data, allowed: Set<String>) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: alert)
        var parts: Set<String> = []
        for string in HostileTextTests.strings(in: object) where !allowed.contains(string) {
            let range = NSRange(string.startIndex..., in: string)
            for match in linkable.matches(in: string, range: range) {
                parts.insert(String(string[Range(match.range, in: string)!]))
            }
        }
        return parts
    }

    /// The document as a reader gets it: the email's parts decoded, Slack's entities resolved.
    static func readable(_ document: String, format: String) -> String {
        switch format {
        case "email":
            guard let parts = TemplateFormatTests.parts(ofEmail: document) else { return document }
            return parts.text + "\n" + parts.html
        case "slack":
            return document.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        default:
            return document
        }
    }

    func check(_ alert: Data, locale: String, label: String) throws {
        let pipeline = AlertPipeline(context: PresentationContext(catalog: try .shipped(locale: locale)),
                                     formats: GoldenFileTests.pipeline.formats)
        let view = try pipeline.view(alert)
        // The one link an alert may give: a post's address on its own network, in the field meant for it.
        let networkLinks = Set(view.details.flatMap(\.fields).filter { $0.kind == .link }.map(\.value))
        for link in networkLinks { #expect(link.hasPrefix("https://"), "\(label): \(link)") }
        // The customer's own identifiers are shown as the alert has them (docs/content.md): an e-mail address or a
        // phone number of theirs may be linkable, and is harmless. Everything third-party must be defanged.
        let own = view.details.flatMap { detail in
            [detail.value] + detail.fields.filter { $0.kind != .link && !Self.thirdParty.contains($0.name) }.map(\.value)
        }
        for value in own { #expect(Defang.identifier(value) == value, "\(label): \(value) holds a link") }
        let parts = try Self.linkableParts(of: alert, allowed: networkLinks).filter { part in !own.contains { $0.contains(part) } }
        for format in Self.formats {
            var document = Self.readable(try pipeline.render(alert, format: format).document, format: format)
            // The allowed link itself holds parts of the address (`liam.obrien` in its path): take it out first.
            for link in networkLinks { document = document.replacingOccurrences(of: link, with: "") }
            for part in parts where document.contains(part) {
                Issue.record("\(label) \(locale) \(format): \"\(part)\" from the alert is shown as it was")
            }
            if format == "html" {
                let html = try pipeline.render(alert, format: format).document
                let links = Fixtures.links(inHTML: html).filter { !TrustedLinks.isTrusted($0) }
                #expect(Set(links).isSubset(of: networkLinks), "\(label) \(locale): \(links)")
            }
        }
    }

    @Test("every sample, every format, both locales: third-party addresses from the alert are defanged, the customer's own shown",
          arguments: Fixtures.sampleNames, locales)
    func samples(sample: String, locale: String) throws {
        try check(try Fixtures.sample(sample), locale: locale, label: sample)
    }

    @Test("200 generated alerts, every format, both locales: third-party addresses from the alert are defanged, the customer's own shown")
    func feed() throws {
        let lines = try Fixtures.generateFeed(["--seed", "12", "--count", "200"])
        for (index, line) in lines.enumerated() {
            for locale in Self.locales { try check(line, locale: locale, label: "feed line \(index + 1)") }
        }
    }

    @Test("a post's address is a link only when it is https on the named network's own domain", arguments: [
        ("Facebook", "https://facebook.com/a/posts/1", true), ("Facebook", "https://www.facebook.com/a", true),
        ("Twitter", "https://x.com/a/status/1", true), ("X", "https://twitter.com/a", true),
        ("Facebook", "http://facebook.com/a", false), ("Facebook", "https://instagram.com/a", false),
        ("Facebook", "https://facebook.com.evil.example/a", false), ("Facebook", "https://facebook.com@evil.example/",
                                                                     false),
        ("Facebook", "https://evil.example/facebook.com", false), ("Mastodon", "https://mastodon.social/@a/1", false),
        ("TikTok", "https://m.tiktok.com/@a/video/1", true), ("Facebook", "https://facebook.com:8443/a", false),
    ])
    func networkLinks(network: String, url: String, linked: Bool) throws {
        let alert = #"{"id":"n","type":3,"events":[{"date":"2024-01-01","data":{"network":"\#(network)","account":"a","#
            + #""category":"Threat","url":"\#(url)"}}]}"#
        let view = try AlertPipeline().view(Data(alert.utf8))
        let field = try #require(view.details[0].fields.first { $0.name == "link" })
        #expect((field.kind == .link) == linked)
        #expect(linked ? field.value == url : field.value == Defang.text(url) && field.value != url)
    }
}
