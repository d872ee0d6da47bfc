@testable import AlertRendering
import Foundation
import Testing

/// An SMS fitted into its budget of parts by whole sentences (`SMSText.fitDocument(_:segments:)`): at, below and
/// above each budget, in GSM-7 and UCS-2, and a Spanish message keeping its accents.
@Suite("SMS budget")
struct SMSBudgetTests {
    static let tail = "Reply STOP to cancel."

    /// `count` characters of sentence: "Aaaa… aaa." of GSM-7 letters, ending with a full stop.
    static func sentence(_ count: Int, letter: Character = "a") -> String {
        "A" + String(repeating: letter, count: max(0, count - 2)) + "."
    }

    @Test("capacities: one part 160 or 70, parts of a longer message 153 or 67")
    func capacities() {
        #expect(SMSText.capacity(gsm: true, segments: 1) == 160 && SMSText.capacity(gsm: false, segments: 1) == 70)
        #expect(SMSText.capacity(gsm: true, segments: 2) == 306 && SMSText.capacity(gsm: false, segments: 2) == 134)
        #expect(SMSText.capacity(gsm: true, segments: 3) == 459 && SMSText.capacity(gsm: false, segments: 3) == 201)
        #expect(SMSText.segments(String(repeating: "a", count: 160)) == 1 && SMSText.segments(String(repeating: "a", count: 161)) == 2)
        #expect(SMSText.segments(String(repeating: "a", count: 306)) == 2 && SMSText.segments(String(repeating: "a", count: 307)) == 3)
        #expect(SMSText.segments(String(repeating: "ó", count: 70)) == 1 && SMSText.segments(String(repeating: "ó", count: 71)) == 2)
        #expect(SMSText.segments(String(repeating: "ó", count: 134)) == 2 && SMSText.segments(String(repeating: "ó", count: 135)) == 3)
    }

    @Test("a second sentence that brings the message to its budget is kept, one character more and it is left out",
          arguments: [(1, true), (2, true), (3, true), (1, false), (2, false), (3, false)])
    func atAndAboveTheBudget(segments: Int, gsm: Bool) {
        let capacity = SMSText.capacity(gsm: gsm, segments: segments)
        let first = Self.sentence(40, letter: gsm ? "a" : "ó")
        let tail = "Reply STOP."
        let room = capacity - first.count - tail.count - 2  // two joining spaces
        let at = "\(first)\n\(Self.sentence(room))\n\(tail)"
        let fitted = SMSText.fitDocument(at, segments: segments)
        #expect(fitted == "\(first) \(Self.sentence(room)) \(tail)", "at the budget: all of it")
        #expect(SMSText.length(fitted) == capacity && SMSText.segments(fitted) == segments)
        let below = SMSText.fitDocument("\(first)\n\(Self.sentence(room - 1))\n\(tail)", segments: segments)
        #expect(below == "\(first) \(Self.sentence(room - 1)) \(tail)", "below the budget: all of it")
        let above = SMSText.fitDocument("\(first)\n\(Self.sentence(room + 1))\n\(tail)", segments: segments)
        #expect(above == "\(first) \(tail)", "above: the second sentence left out whole, not cut")
        #expect(SMSText.segments(above) <= segments)
    }

    @Test("sentences are kept whole and in order; a long one left out lets a later short one in")
    func wholeSentences() {
        let long = "Change every password you reused on other sites, " + String(repeating: "and on every site like them, ", count: 8)
            + "today."
        let text = "Acme: Your email was found. Talk to us at 1-800-555-0100. \(long) Check your accounts.\n"
            + "https://acme.example/a Reply STOP."
        let fitted = SMSText.fitDocument(text, segments: 2)
        #expect(SMSText.segments(fitted) <= 2 && !fitted.contains("…") && !fitted.contains("..."), "\(fitted)")
        #expect(fitted == "Acme: Your email was found. Talk to us at 1-800-555-0100. Check your accounts. "
                + "https://acme.example/a Reply STOP.", "the long sentence left out whole, the short one after it kept")
        #expect(SMSText.fitDocument(text, segments: 3).contains(long), "a budget of three has room for it")
        #expect(SMSText.sentences("See e.g. this. And U.S. Rules? Yes! ¿Qué? 3 left") ==
                ["See e.g. this.", "And U.S.", "Rules?", "Yes!", "¿Qué?", "3 left"])
    }

    @Test("Spanish keeps its accents: UCS-2, its budget counted in UTF-16 units")
    func spanishAccents() {
        let text = "Protección: Su correo se encontró.\n"
            + "¿Necesita ayuda? +1 (800) 555-0100.\nCongele su crédito con las tres agencias.\n"
            + "Responda STOP para cancelar."
        let fitted = SMSText.fitDocument(text, segments: 2)
        #expect(fitted.contains("Protección") && fitted.contains("encontró") && fitted.contains("+1 (800) 555-0100."), "\(fitted)")
        #expect(!SMSText.isGSM7(fitted) && fitted.utf16.count <= 134 && SMSText.segments(fitted) <= 2, "\(fitted)")
        #expect(!fitted.contains("…"), "no sentence cut: \(fitted)")
        let one = SMSText.fitDocument(text, segments: 1)
        #expect(one.utf16.count <= 70 && one.hasSuffix("Responda STOP para cancelar."), "\(one)")
        #expect(SMSText.fitDocument("Café’s “menu”.", segments: 1) == "Café's \"menu\".", "punctuation plain, accents kept")
    }

    @Test("a first sentence over the whole budget is the one thing cut, at a word, the tail kept whole")
    func firstSentenceCut() {
        let long = (0..<80).map { "word\($0)" }.joined(separator: " ") + "."
        let fitted = SMSText.fitDocument(long + "\n" + Self.tail, segments: 2)
        #expect(fitted.hasSuffix("... " + Self.tail) && SMSText.length(fitted) <= 306, "\(fitted)")
        #expect(SMSText.fitDocument("", segments: 2) == "" && SMSText.fitDocument("\n\n", segments: 2) == "")
        #expect(SMSText.fitDocument("Short.", segments: 1) == "Short.")
    }

    @Test("a template's sms-segments= sets the budget: 1 to 10, anything else refused naming the file", arguments: [
        ("sms-segments=1", 1), ("sms-segments=10", 10), ("", 2),
    ])
    func declaredBudget(header: String, segments: Int) throws {
        let limits = try DeclaredLimits(header: "{{! alertkit: escape=text fit=sms \(header) }}", file: "sms.txt.mustache")
        #expect((limits.smsSegments ?? SMSText.defaultSegments) == segments)
    }

    @Test("sms-segments= out of range", arguments: ["0", "11", "-1", "two"])
    func refusedBudget(value: String) {
        #expect(throws: TemplateError.self) {
            try DeclaredLimits(header: "{{! alertkit: escape=text fit=sms sms-segments=\(value) }}", file: "sms.txt.mustache")
        }
    }
}
