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

    @Test("a link needs https, no user or port, and one of the network's domains or its www./m. form", arguments: [
        ("https://facebook.com/a", true), ("https://www.facebook.com/a", true), ("https://m.facebook.com/a", true),
        ("https://FACEBOOK.COM/a", true), ("http://facebook.com/a", false), ("https://evilfacebook.com/a", false),
        ("https://facebook.com.evil.example/", false), ("https://user@facebook.com/", false),
        ("https://facebook.com:444/", false), ("https://web.facebook.com/", false),
    ])
    func networkLink(text: String, linked: Bool) {
        #expect(WebAddress.isLink(text, onDomains: ["facebook.com"]) == linked)
    }
}
