import AlertPresentation
import Testing

@Suite("Links from alerts")
struct WebAddressTests {
    @Test("only absolute http and https addresses become links", arguments: [
        ("https://twitter.com/a/status/1", true), ("http://example.com", true), ("HTTPS://EXAMPLE.COM/x", true),
        ("javascript:alert(1)", false), ("JaVaScRiPt:alert(1)", false), ("data:text/html,<b>x</b>", false),
        ("//evil.example", false), ("https://", false), ("https://a.example/\"onmouseover=\"x", false),
        ("https://a.example/ x", false), ("ftp://a.example", false), ("file:///etc/passwd", false), ("", false),
        ("https:evil.example", false),
    ])
    func linkable(text: String, linkable: Bool) {
        #expect(WebAddress.isLinkable(text) == linkable)
    }
}
