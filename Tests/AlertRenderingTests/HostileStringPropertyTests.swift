import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import PropertyBased
import Testing

/// Issue 15: arbitrary Unicode in every string field of every alert type (`HostileSamples`), through every format.
@Suite("Hostile strings, property-based")
struct HostileStringPropertyTests {
    /// Cases per format: 10,000 in CI; fewer under a sanitizer, whose run repeats the suite at several times the cost.
    /// (`ALERTKIT_PROPERTY_CASES` sets another count, for a quick run or a long one.)
    static let cases = ProcessInfo.processInfo.environment["ALERTKIT_PROPERTY_CASES"].flatMap { Int($0) }
        ?? (Fixtures.sanitizer == nil ? 10_000 : 1_000)

    /// Every value shown (sensitive ones too), a help line, and every format including the shipped templates.
    static let pipeline = AlertPipeline(
        context: PresentationContext(options: PresentationOptions(revealsSensitiveValues: true,
                                                                  helpLine: HelpLine("+1 800 555 0100"))),
        formats: try! FormatRegistry.standard(templates: []))
    static let formats = pipeline.formats.formats.map(\.name)
    static let options = [RenderOptions(date: Date(timeIntervalSince1970: 1_790_000_000)),
                          RenderOptions(fragment: true, date: Date(timeIntervalSince1970: 1_790_000_000))]

    /// The markup the samples' own documents use, by format: anything else in a hostile document came from the input.
    static let ownMarkup: [String: Markup] = {
        var markup: [String: Markup] = [:]
        for name in Fixtures.sampleNames {
            let view = try! pipeline.view(Fixtures.sample(name))
            for format in formats {
                for options in options {
                    let document = try! pipeline.formats.emitter(named: format).render(view, options: options)
                    if let html = html(of: document, format: format) { markup[format, default: Markup()].formUnion(Markup(html)) }
                }
            }
        }
        return markup
    }()

    /// The formats in two groups of about the same cost, run side by side, each case checked in every format of its
    /// group (the alert is decoded and presented once for all of them).
    static let groups = [["html", "json", "slack", "sms", "teams"], ["email", "markdown", "push", "text"]]

    /// The formats whose documents come from a Mustache template (the page's shell, the shipped templates): a tag in
    /// a string must stay text there. (SMS and email change with the characters themselves: SMS counts `{` as two
    /// GSM characters, email encodes lines; their templates are the same mechanism as Slack's and push's.)
    static let templated: Set<String> = ["html", "slack", "push", "teams"]

    @Test("every format: valid UTF-8, no control or bidi character, no markup, link or directive from the input",
          arguments: groups)
    func formats(_ group: [String]) async throws {
        #expect(Set(Self.groups.joined()) == Set(Self.formats), "every format is in a group")
        let emitters = try group.map { try Self.pipeline.formats.emitter(named: $0) }
        await propertyCheck(count: Self.cases, input: HostileSamples.alert) { alert in
            if alert.hasLoneSurrogate {
                #expect(throws: AlertDecodingError.self) { try Self.pipeline.view(alert.json) }
                return
            }
            let view = try Self.pipeline.view(alert.json)
            // Pages and fragments by turns.
            let options = Self.options[alert.strings[0].count % Self.options.count]
            let braces = alert.texts.contains { $0.contains("{{") }
            let plainView = braces ? try Self.pipeline.view(alert.withoutBraces.json) : nil
            for (format, emitter) in zip(group, emitters) {
                let bytes = try emitter.renderUTF8(view, options: options)
                let document = try #require(String(validating: bytes, as: UTF8.self), "not UTF-8")
                try Self.check(document, format: format, view: view, alert: alert)
                if let plainView, Self.templated.contains(format) {
                    // A tag in a string is text: the document is the same as with no tag there at all.
                    let plain = try emitter.render(plainView, options: options)
                    // `alert.key` percent-encodes the id, braces and all: the one place a brace shows as its code (Teams'
                    // `alertId`, Slack's actions' `block_id` and buttons' `value`).
                    let key = /"(?:alertId|block_id|value)": "[^"]*"/
                    #expect(HostileSamples.bracesAsPercent(document).replacing(key, with: "") == HostileSamples.bracesAsPercent(plain).replacing(key, with: ""),
                            "a Mustache tag in a string changed the \(format) document")
                }
            }
        }
    }

    static func check(_ document: String, format: String, view: AlertView, alert: HostileAlert) throws {
        let allowed: Set<UInt32> = format == "email" ? [0x0A, 0x0D] : [0x0A]
        let controls = document.unicodeScalars.filter { ControlCharacters.isControl($0) && !allowed.contains($0.value) }
        #expect(controls.isEmpty, "\(format): raw control or bidi characters \(controls.map { String($0.value, radix: 16) })")
        if let html = html(of: document, format: format) {
            let own = try #require(ownMarkup[format])
            let found = Markup(html)
            #expect(found.tags.isSubset(of: own.tags), "\(format): elements from the input: \(found.tags.subtracting(own.tags))")
            #expect(found.attributes.isSubset(of: own.attributes),
                    "\(format): attributes from the input: \(found.attributes.subtracting(own.attributes))")
            #expect(TrustedLinks.untrusted(inHTML: html).isEmpty, "\(format): links from the input")
        }
        switch format {
        case "json":
            let parsed = try JSONSerialization.jsonObject(with: Data(document.utf8))
            // JSONEncoder writes U+FEFF raw, and Foundation's reader drops one that starts a string: escaped first,
            // as AlertKit's own JSON has it (`JSONString`).
            let encoder = String(decoding: try JSONEncoder().encode(view), as: UTF8.self)
            let encoded = try JSONSerialization.jsonObject(with: Data(ControlCharacters.escapedInJSON(encoder).utf8))
            // The view's strings, as Foundation's encoder writes them, are what the JSON document gives back.
            let missing = Set(HostileTextTests.strings(in: encoded)).subtracting(HostileTextTests.strings(in: parsed))
            #expect(missing.isEmpty, "the JSON document does not give these strings of the view back: \(missing)")
            #expect(HostileTextTests.strings(in: parsed).contains(view.title))
        case "slack", "push":
            #expect((try? JSONSerialization.jsonObject(with: Data(document.utf8))) != nil, "\(format): not JSON")
        case "teams":
            // Each text is a TextRun, shown as it is (no Markdown): the card parses, has no TextBlock (which would
            // read Markdown), and links only to the catalog's sources and the help line.
            let card = try TeamsFormatTests.card(document)
            let objects = ActionsLeadSomewhereTests.objects(card)
            #expect(!objects.contains { $0["type"] as? String == "TextBlock" }, "teams: a TextBlock")
            let allowed = Set(view.sources.items.map(\.url) + [view.help.phone?.uri].compactMap { $0 })
            let urls = Set(objects.compactMap { $0["url"] as? String })
            #expect(urls.isSubset(of: allowed), "teams: addresses from the input: \(urls.subtracting(allowed))")
            #expect(TeamsFormatTests.texts(card).contains(view.title))
        case "email":
            let head = document.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
                .filter { !$0.hasPrefix(" ") && !$0.hasPrefix("\t") }.map { $0.prefix { $0 != ":" } }
            #expect(head == ["From", "Subject", "Date", "Message-ID", "MIME-Version", "Content-Type"],
                    "a header from the input: \(head)")
        default:
            break
        }
    }

    /// The HTML a reader's software makes of a document: the page itself, Markdown through cmark, an email's HTML part.
    static func html(of document: String, format: String) -> String? {
        switch format {
        case "html": document
        case "markdown": CommonMarkReader.html(document)
        case "email": TemplateFormatTests.parts(ofEmail: document)?.html ?? "<email-without-parts>"
        default: nil
        }
    }
}

/// The element and attribute names of an HTML text, read the way a browser tokenizes tags (the text of `<style>` is
/// skipped, comments are not tags).
struct Markup: Sendable {
    var tags: Set<String> = []
    var attributes: Set<String> = []

    init() {}

    init(_ html: String) {
        let bytes = Array(html.utf8)
        var index = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C }
        func isNameByte(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
        }
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { index += 1; continue }
            if bytes[index + 1] == UInt8(ascii: "!") {  // a comment or the doctype
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                continue
            }
            var cursor = index + 1
            if bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
            let nameStart = cursor
            while cursor < bytes.count, isNameByte(bytes[cursor]) { cursor += 1 }
            guard cursor > nameStart, (0x41...0x7A).contains(bytes[nameStart]) else { index += 1; continue }
            let name = String(decoding: bytes[nameStart..<cursor], as: UTF8.self).lowercased()
            tags.insert(name)
            // Attributes, to the tag's end.
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: ">") {
                if isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: "/") { cursor += 1; continue }
                let attributeStart = cursor
                while cursor < bytes.count, !isSpace(bytes[cursor]), ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[cursor]) {
                    cursor += 1
                }
                attributes.insert(String(decoding: bytes[attributeStart..<cursor], as: UTF8.self).lowercased())
                guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
                cursor += 1
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") {
                    let quote = bytes[cursor]
                    cursor += 1
                    while cursor < bytes.count, bytes[cursor] != quote { cursor += 1 }
                    cursor += 1
                } else {
                    while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
                }
            }
            index = cursor
            if name == "style" || name == "script", bytes[nameStart - 1] != UInt8(ascii: "/") {  // raw text to its end tag
                let end = Array("</\(name)".utf8)
                while index < bytes.count, !bytes[index...].starts(with: end) { index += 1 }
            }
        }
    }

    mutating func formUnion(_ other: Markup) {
        tags.formUnion(other.tags)
        attributes.formUnion(other.attributes)
    }
}
