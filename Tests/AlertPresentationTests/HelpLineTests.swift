import AlertPresentation
import Foundation
import Testing

@Suite("Help line numbers")
struct HelpLineTests {
    @Test("a number as people write it dials its digits", arguments: [
        ("+1 (800) 555-0100", "tel:+18005550100"), ("0800 123 456", "tel:0800123456"),
        ("  +44 20.7946.0000 ", "tel:+442079460000"), ("112", "tel:112"),
    ])
    func accepted(text: String, uri: String) throws {
        let line = try #require(HelpLine(text))
        #expect(line.uri == uri)
        #expect(line.display == text.trimmingCharacters(in: .whitespaces))
    }

    @Test("anything else is refused", arguments: [
        "", "12", "1234567890123456", "tel:+18005550100", "1-800-FLOWERS", "+1 800\\n555", "1+800",
        "800\" onclick=\"x", "<script>", "800;ext=1",
    ])
    func refused(text: String) {
        #expect(HelpLine(text) == nil)
    }

    @Test("a decoded help line is parsed again, so its URI is always built from digits")
    func decoding() throws {
        let forged = Data(#"{"display": "+1 800 555 0100", "uri": "javascript:alert(1)"}"#.utf8)
        #expect(try JSONDecoder().decode(HelpLine.self, from: forged).uri == "tel:+18005550100")
        let bad = Data(#"{"display": "javascript:alert(1)", "uri": "tel:1"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(HelpLine.self, from: bad) }
    }
}
