import AlertPresentation
@testable import AlertRendering
import Testing

/// The text emitter wraps common text by bytes and everything else by `Character`: both must give the same lines.
@Suite("Text wrapping")
struct TextWrapTests {
    static let texts: [String] = {
        var texts = [
            "Freeze your credit at each of the three bureaus, Equifax, Experian and TransUnion: it’s free.",
            "Revise gratis sus informes de crédito en AnnualCreditReport.com y dispute todo lo que no reconozca.",
            "¿Necesita ayuda? Llámenos — «ahora» … “sí”", "a\tb\nc\r\nd  e", "supercalifragilisticexpialidocious x",
            "", "   ", "ÀÉÎõü ñ ß ø ǅ ɐ", "x\u{00A0}y z", "e\u{0301} combining", "( ͡° ͜ʖ ͡°) face", "👍🏽 emoji 👨‍👩‍👧",
            "zero\u{200B}width", "soft\u{00AD}hyphen", "line\u{2028}separator", "한국어 텍스트", "wide\u{3000}space",
        ]
        for locale in ContentCatalog.shippedLocales {
            let catalog = try! ContentCatalog.shipped(locale: locale)
            let topics = Array(catalog.matchTypes.values) + Array(catalog.socialCategories.values)
            texts += topics.flatMap { $0.steps.map(\.text) + $0.risks }
        }
        return texts
    }()

    @Test("the byte path gives the Character path's lines, at every width and prefix", arguments: [20, 33, 52, 72])
    func samePaths(width: Int) {
        var simple = 0
        for text in Self.texts {
            for (first, rest) in [("", ""), ("- ", "  "), ("> ", "> ")] {
                let general = TextWriter.wrapped(text, width: width, first: first, rest: rest, simple: false)
                guard let fast = TextWriter.wrapped(text, width: width, first: first, rest: rest, simple: true) else { continue }
                simple += 1
                #expect(fast == general, "\(text.debugDescription) at \(width)")
            }
        }
        // The catalogs' texts all take the byte path; the exotic ones above do not.
        #expect(simple >= Self.texts.count * 3 - 16 * 3)
        for exotic in ["x\u{00A0}y z", "e\u{0301} combining", "👍🏽 emoji 👨‍👩‍👧", "zero\u{200B}width", "line\u{2028}separator"] {
            #expect(TextWriter.wrapped(exotic, width: width, first: "", rest: "", simple: true) == nil)
        }
    }
}
