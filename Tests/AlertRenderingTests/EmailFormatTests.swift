import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The `email` format: a folder of templates assembled into one MIME message.
@Suite("Email format")
struct EmailFormatTests {
    static let date = Date(timeIntervalSince1970: 951_782_400)  // Tue, 29 Feb 2000 00:00:00 UTC

    @Test("a user's folder replaces one part (the subject) and keeps the shipped others")
    func partOverride() throws {
        let scratch = try ScratchDirectory("alertkit-email")
        try scratch.file("formats/email/subject.txt.mustache", "[{{locale}}] {{title}}\n")
        let pipeline = AlertPipeline(formats: try .standard(templates: [scratch.url]))
        let message = try pipeline.render(Fixtures.sample("email-alert"), format: "email",
                                          options: RenderOptions(date: Self.date)).document
        #expect(message.contains("\r\nSubject: [en] Email Address Leaked\r\n"))
        #expect(message.contains("\r\nDate: Tue, 29 Feb 2000 00:00:00 +0000\r\n"))
        let shipped = try GoldenFileTests.pipeline.render(Fixtures.sample("email-alert"), format: "email",
                                                          options: RenderOptions(date: Self.date)).document
        // The parts after the headers, the boundary (which follows from the whole message, subject included) left out.
        let body = { (text: String) -> String in
            let boundary = text.components(separatedBy: "boundary=\"").last?.prefix { $0 != "\"" } ?? ""
            return (text.components(separatedBy: "Content-Type: text/plain").last ?? "").replacingOccurrences(of: String(boundary), with: "B")
        }
        #expect(body(message) == body(shipped))
        #expect(message.components(separatedBy: "boundary=").count == 2, "one boundary parameter")
        // Editing the file changes the next load.
        try scratch.file("formats/email/subject.txt.mustache", "Edited {{title}}\n")
        let edited = try AlertPipeline(formats: try .standard(templates: [scratch.url]))
            .render(Fixtures.sample("email-alert"), format: "email", options: RenderOptions(date: Self.date)).document
        #expect(edited.contains("\r\nSubject: Edited Email Address Leaked\r\n"))
    }

    @Test("a new folder format needs every part, and the error names the missing ones")
    func missingParts() throws {
        let scratch = try ScratchDirectory("alertkit-email")
        try scratch.file("formats/notice/subject.txt.mustache", "{{title}}")
        try scratch.file("formats/notice/text.txt.mustache", "{{title}}")
        let registry = try FormatRegistry.standard(templates: [scratch.url])
        let text = try #require(registry.broken.first { $0.format.name == "notice" }).error.description
        #expect(text.contains("formats/notice") && text.contains("from.txt.mustache, html.html.mustache")
                && !text.contains("missing: subject"), "\(text)")
        #expect(registry.broken.count == 1 && (try? registry.emitter(named: "email")) is EmailFormat)
    }

    @Test("a sender that is not an address is an error, not a broken message")
    func badSender() throws {
        let scratch = try ScratchDirectory("alertkit-email")
        try scratch.file("formats/email/from.txt.mustache", "Alerts <not an address>")
        let pipeline = AlertPipeline(formats: try .standard(templates: [scratch.url]))
        #expect(throws: TemplateError.self) {
            _ = try pipeline.render(Fixtures.sample("email-alert"), format: "email")
        }
    }

    @Test("quoted-printable: lines of at most 76, soft breaks, = and non-ASCII encoded, trailing space kept")
    func quotedPrintable() {
        let text = "a=b café " + String(repeating: "x", count: 200) + " \nend "
        let encoded = MIMEMessage.quotedPrintable(text)
        #expect(encoded.components(separatedBy: "\r\n").allSatisfy { $0.count <= 76 })
        #expect(encoded.hasPrefix("a=3Db caf=C3=A9 x"))
        #expect(encoded.contains("=20\r\nend=20"))
        #expect(!encoded.contains("\n") || encoded.components(separatedBy: "\r\n").allSatisfy { !$0.contains("\n") })
    }

    @Test("quoted-printable a piece at a time (QuotedPrintableWriter), shared runs put in encoded (as lines, and as the text's end): the reference's bytes, for 20,000 texts")
    func quotedPrintableWriter() {
        let pieces = ["a", "=", "é", " ", "\t", "\n", "\r", "\r\n", String(repeating: "x", count: 70), String(repeating: "y ", count: 40),
                      "line\n", " \n", "\t\n", "=\n", "€\n"]
        var random = SplitMix(seed: 2045)
        func text() -> String { (0..<Int(random.next() % 5)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined() }
        var pasted = 0
        for _ in 0..<20_000 {
            // Own text and runs in turns; a run of whole lines carries its encoded lines, as an email's shared part does.
            var builder = DocumentBuilder(capacity: 64), joined = ""
            for index in 0..<Int(1 + random.next() % 5) {
                let piece = text()
                joined += piece
                if index % 2 == 0 {
                    builder.own += piece.utf8
                } else {
                    let bytes = Array(piece.utf8)
                    builder.insert(SharedRun(bytes: bytes, quotedPrintable: QuotedPrintableWriter.encoded(bytes)))
                }
            }
            var message = DocumentBuilder(capacity: 64)
            message.own += "Header: x\r\n\r\n".utf8
            QuotedPrintableWriter.append(builder.document(), to: &message)
            let document = message.document()
            pasted += document.sharedRunCount
            #expect(String(decoding: document.bytes, as: UTF8.self) == "Header: x\r\n\r\n" + MIMEMessage.quotedPrintable(joined),
                    "\(joined.debugDescription)")
        }
        #expect(pasted > 1_000, "only \(pasted) runs were put in encoded")
    }

    @Test("headers: non-ASCII subjects as encoded words, folded; dates in RFC 5322 form")
    func headers() {
        let subject = MIMEMessage.unstructured("Número de pasaporte filtrado " + String(repeating: "ñ", count: 60))
        #expect(subject.hasPrefix("=?utf-8?B?"))
        #expect(subject.split(separator: " ").allSatisfy { $0.count <= 75 })
        let folded = MIMEMessage.header("Subject", subject)
        #expect(folded.components(separatedBy: "\r\n").allSatisfy { $0.count <= 78 })
        #expect(MIMEMessage.unstructured("Plain words") == "Plain words")
        #expect(MIMEMessage.rfc5322(Self.date) == "Tue, 29 Feb 2000 00:00:00 +0000")
        #expect(MIMEMessage.rfc5322(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 +0000")
        #expect(MIMEMessage.rfc5322(Date(timeIntervalSince1970: 1_795_000_000)) == "Wed, 18 Nov 2026 11:06:40 +0000")
    }

    @Test("a catalog's product.unsubscribe, as docs/catalog.md has it, loads and gives List-Unsubscribe; {alertKey} only with a signer")
    func catalogUnsubscribe() throws {
        let scratch = try ScratchDirectory("alertkit-unsubscribe")
        try scratch.file("catalog/en.json", #"{"product": {"unsubscribe": "https://acme.example/stop?k={alertKey}"}}"#)
        var catalog = try ContentCatalog.load(locale: "en", folders: [scratch.url])
        #expect(catalog.product.unsubscribe == "https://acme.example/stop?k={alertKey}" && catalog.product.unsubscribeNeedsSigner)
        func header(_ catalog: ContentCatalog) throws -> String? {
            let message = try AlertPipeline(context: PresentationContext(catalog: catalog)).render(Fixtures.sample("email-alert"), format: "email").document
            return message.components(separatedBy: "\r\n").first { $0.hasPrefix("List-Unsubscribe: ") }
        }
        #expect(try header(catalog) == nil, "no signer: the id is never put in the address")
        catalog.product.alertKeys = AlertKeySigner(name: "test") { "k-" + String($0.count) }
        #expect(try header(catalog) == "List-Unsubscribe: <https://acme.example/stop?k=k-11>")
    }

    @Test("the Date header carries four digits, 1900 to 9999: earlier and later dates are clamped, the bounds kept")
    func dateBounds() throws {
        func date(_ seconds: Int) -> String { MIMEMessage.rfc5322(Date(timeIntervalSince1970: TimeInterval(seconds))) }
        let first = MIMEMessage.earliestDate, last = MIMEMessage.latestDate
        #expect(date(first) == "Mon, 01 Jan 1900 00:00:00 +0000")
        #expect(date(first - 1) == date(first) && date(-62_135_596_800) == date(first))  // year 1
        #expect(date(first + 86_400) == "Tue, 02 Jan 1900 00:00:00 +0000")
        #expect(date(last) == "Fri, 31 Dec 9999 23:59:59 +0000")
        #expect(date(last + 1) == date(last) && date(last - 1) == "Fri, 31 Dec 9999 23:59:58 +0000")
        let pipeline = AlertPipeline()
        let alert = Data(#"{"id":"d","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"a@b.co"}}]}"#.utf8)
        for (seconds, expected) in [(-62_135_596_800, "01 Jan 1900"), (first - 1, "01 Jan 1900"), (first + 86_400, "02 Jan 1900"),
                                    (last, "31 Dec 9999"), (last + 86_400, "31 Dec 9999")] {
            let options = RenderOptions(date: Date(timeIntervalSince1970: TimeInterval(seconds)))
            let message = try pipeline.render(alert, format: "email", options: options).document
            let header = message.split(separator: "\r\n").first { $0.hasPrefix("Date: ") }.map(String.init) ?? ""
            #expect(header.contains(expected), "\(seconds): \(header)")
        }
    }

    @Test("addresses and headers: ASCII on its bytes as Foundation and the character walk have it")
    func addressesAndHeaders() throws {
        var random = SystemRandomNumberGenerator()
        let pool = Array(" \t\n\r\u{0B}\u{0C}\"ab<>@.")
        for _ in 0..<5_000 {
            let text = String((0..<Int.random(in: 0...12, using: &random)).map { _ in pool.randomElement(using: &random)! })
            #expect(MIMEMessage.asciiTrimmed(text, newlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(text.debugDescription)")
            #expect(MIMEMessage.asciiTrimmed(text, newlines: false, quotes: true)
                    == text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"")),
                    "\(text.debugDescription)")
            let value = String((0..<Int.random(in: 0...120, using: &random)).map { _ in "ab  x".randomElement(using: &random)! })
            #expect(MIMEMessage.header("Subject", value) == MIMEMessage.headerOfCharacters("Subject", value), "\(value)")
        }
        let named = try MIMEMessage.address("  Identity Protection <alerts@example.com>\n")
        #expect(named.name == "Identity Protection" && named.addr == "alerts@example.com")
        #expect(try MIMEMessage.address("\"Quoted Name\" <a@b.co>").name == "Quoted Name")
        #expect(try MIMEMessage.address("ñame <a@b.co>").name == "ñame")
        let bare = try MIMEMessage.address(" a+tag@b-c.example \r\n")
        #expect(bare.name == nil && bare.addr == "a+tag@b-c.example")
        #expect(try MIMEMessage.address("<a@b.co>").name == nil)
        for bad in ["Alerts <not an address>", "x <a@b_c.com>", "a@@b.co", "@b.co", "a@", "a b@c.co", "añ@b.co", "a@b.co>"] {
            #expect(throws: TemplateError.self, "\(bad)") { try MIMEMessage.address(bad) }
        }
    }
}
