@testable import AlertRendering
import Testing

/// The SMS fitting's fast path (`SMSText.fitASCII`, on bytes) against its reference (`SMSText.fitCharacters`).
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
}
