import AlertPresentation
import Testing

@Suite("Defanging addresses from alerts")
struct DefangTests {
    @Test("addresses, e-mail domains and phone numbers become inert; other text is left alone", arguments: [
        ("https://evil.example/x", "hxxps://evil[.]example/x"),
        ("HTTP://Evil.Example", "HxxP://Evil[.]Example"),
        ("ftp://files.example/a", "fxp://files[.]example/a"),
        ("gopher://evil.example", "gopher[://]evil[.]example"),
        ("see www.evil.example now", "see www[.]evil[.]example now"),
        ("pastebin.com", "pastebin[.]com"),
        ("ana.garcia@example.org", "ana.garcia@example[.]org"),
        ("mailto:bob@evil.example", "mailto[:]bob@evil[.]example"),
        ("javascript:alert(1)", "javascript[:]alert(1)"),
        ("tel:+15550100", "tel[:]+1555[-]0100"),
        ("10.0.0.1", "10[.]0[.]0[.]1"),
        ("evil.сом", "evil[.]сом"),
        ("+1 (555) 123-4567", "+1 (555)[-]123[-]4567"),
        ("415-555-0142", "415[-]555[-]0142"),
        ("5551234567", "555[-]123[-]4567"),
        ("call 555 0100 now", "call 555[-]0100 now"),
        ("Test Data", "Test Data"),
        ("09-06-2016", "09-06-2016"),
        ("2016-09-06", "2016-09-06"),
        ("CA 94105-1234", "CA 94105-1234"),
        ("123-45-6789", "123-45-6789"),
        ("****1111", "****1111"),
        ("raidforums (archive)", "raidforums (archive)"),
        ("matt.smith.77", "matt[.]smith[.]77"),
        ("U.S. and e.g. v2.0.1", "U.S. and e.g. v2.0.1"),
        ("", ""),
    ])
    func defang(input: String, output: String) {
        #expect(Defang.text(input) == output)
    }

    @Test("defanging twice changes nothing more", arguments: ["https://a.example/b", "x@y.example", "+1 555 123 4567"])
    func idempotent(input: String) {
        #expect(Defang.text(Defang.text(input)) == Defang.text(input))
    }

    @Test("the customer's own identifiers are shown as they are", arguments: [
        "mateagar+1@gmail.com", "ana.garcia+shop@example.org", "+1 (555) 123-4567", "555-0142", "matt.smith.77",
        "liam.obrien", "021000021", "02-100-0021", "****7731", "DE89 3704 0044 0532 0130 00", "L123-456-78-901",
        "Ana García", "123 Main St, Springfield", "Acme Rewards",
    ])
    func identifiers(input: String) {
        #expect(Defang.identifier(input) == input)
    }

    @Test("an identifier that holds a link is defanged in full", arguments: [
        ("https://evil.example/x", "hxxps://evil[.]example/x"), ("evil.example", "evil[.]example"),
        ("go to bit.ly/x", "go to bit[.]ly/x"), ("mailto:x@y.example", "mailto[:]x@y[.]example"),
        ("10.0.0.1", "10[.]0[.]0[.]1"), ("login.evil.com", "login[.]evil[.]com"),
        ("call +1 555 123 4567 at evil.example", "call +1 555[-]123[-]4567 at evil[.]example"),
    ])
    func identifiersWithLinks(input: String, output: String) {
        #expect(Defang.identifier(input) == output)
        #expect(Defang.identifier(input) == Defang.text(input), "a link makes the whole text third-party")
    }
}

