@testable import AlertRendering
import Testing

/// The SMS fitting's fast paths (`SMSText.fitASCII`, on bytes; the scalar-wise walks) against their references (by
/// characters).
@Suite("SMS fitting: fast and reference paths")
struct SMSTextTests {
    /// A small seeded generator, so that a failure repeats.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11 ^ state
        }
    }

    @Test("isASCII, eight bytes at a time, says what a walk of the bytes says: every length to 24, a byte past ASCII anywhere")
    func isASCII() {
        for length in 0...24 {
            let ascii = String(repeating: "a", count: length)
            #expect(SMSText.isASCII(ascii) && SMSText.isScalarWise(ascii))
            #expect(!SMSText.isScalarWise(ascii + "\r"))
            for place in 0...length {
                let text = String(ascii.prefix(place)) + "é" + String(ascii.dropFirst(place))
                #expect(!SMSText.isASCII(text), "\(text.debugDescription)")
                #expect(SMSText.isASCII(text) == text.utf8.allSatisfy { $0 < 0x80 })
                // A carriage return at every place: ASCII, but not scalar-wise (it joins a line feed).
                let withReturn = String(ascii.prefix(place)) + "\r" + String(ascii.dropFirst(place))
                #expect(SMSText.isASCII(withReturn) && !SMSText.isASCII(withReturn, orCarriageReturn: true))
                #expect(!SMSText.isScalarWise(withReturn) && SMSText.isScalarWise(text), "\(withReturn.debugDescription)")
            }
        }
        #expect(SMSText.isASCII("\u{7F}\u{0}") && !SMSText.isASCII("\u{80}"))
    }

    @Test("20,000 ASCII texts of every byte, word lengths and sizes around 70 and 160: the same message both ways")
    func sameAsReference() throws {
        var random = Seeded(state: 26)
        let alphabet = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        let common = Array("abcdefghij ..,,;:   ^{}[]~|\\`\t\n\r")
        var compared = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...240, using: &random)
            let pool = Bool.random(using: &random) ? common : alphabet
            let text = String((0..<length).map { _ in pool.randomElement(using: &random)! })
            let fast = try #require(SMSText.fitASCII(text))
            #expect(fast == SMSText.fitCharacters(text), "\(text.debugDescription)")
            compared += 1
        }
        #expect(compared == 20_000)
        #expect(SMSText.fitASCII("café") == nil && SMSText.fit("café") == SMSText.fitCharacters("café"))
        let long = String(repeating: "x", count: 400)
        #expect(SMSText.fitASCII(long) == SMSText.fitCharacters(long) && SMSText.fit(long).count == 160)
    }

    @Test("every scalar walked alone is a character alone, and every plain character is one such scalar")
    func scalarWiseRanges() {
        var accepted = 0
        for value in UInt32(0)..<0x2100 where SMSText.isScalarWise(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = String(scalar)
            #expect(("a" + alone + "a").count == 3 && (alone + alone).count == 2,
                    "U+\(String(value, radix: 16))")
            accepted += 1
        }
        #expect(accepted > 700)
        #expect(!SMSText.isScalarWise(0x0D) && !SMSText.isScalarWise(0x301) && !SMSText.isScalarWise(0x200D))
        for key in SMSText.plainCharacters.keys {
            #expect(key.unicodeScalars.count == 1 && SMSText.isScalarWise(key.unicodeScalars.first!.value), "\(key)")
        }
    }

    @Test("20,000 texts of Latin, Greek, typographic and other characters: the scalar walks give what the character walks give")
    func scalarWiseSameAsCharacters() {
        var random = Seeded(state: 29)
        let pool: [String] = Array("abc XYZ.,:\n\t").map(String.init) + [
            "’", "“", "”", "–", "—", "…", "\u{00A0}", "é", "ñ", "ü", "á", "ó", "Ó", "ç", "È", "€", "£", "Δ", "Ω", "ß",
            "^", "{", "~", "\r", "\r\n", "e\u{301}", "✓", "👍", "ř", "\u{2028}", "\u{85}", "\u{0B}", "日", "ŀ",
        ]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...200, using: &random)
            let text = (0..<count).map { _ in pool.randomElement(using: &random)! }.joined()
            let tail = (0..<Int.random(in: 0...30, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined()
            #expect(SMSText.isGSM7(text) == SMSText.isGSM7Characters(text), "\(text.debugDescription)")
            #expect(SMSText.length(text) == SMSText.lengthCharacters(text), "\(text.debugDescription)")
            #expect(SMSText.plainIfGSM7(text) == SMSText.plainIfGSM7Characters(text), "\(text.debugDescription)")
            let segments = Int.random(in: 1...3, using: &random)
            #expect(SMSText.fitDocument(text, segments: segments, scalarWise: true)
                    == SMSText.fitDocument(text, segments: segments, scalarWise: false), "\(text.debugDescription)")
            // A document whose last line (the app link and opt-out) is kept whole.
            let document = text + "\n" + tail
            #expect(SMSText.fitDocument(document, segments: segments, scalarWise: true)
                    == SMSText.fitDocument(document, segments: segments, scalarWise: false),
                    "\(text.debugDescription) + \(tail.debugDescription)")
        }
    }
}
