import AlertJSON
import AlertModel
import AlertTestSupport
import Foundation
import Testing

/// `JSONString` jumps over clean bytes eight at a time and straight to the first byte that needs a look; a plain
/// scalar-by-scalar escaper is the reference.
@Suite("JSON string escaping")
struct JSONStringTests {
    /// The rule written the slow way: `"` and `\`, control characters as `\n`… or `\u00XX`, and every other
    /// `ControlCharacters` scalar and U+FEFF as `\uXXXX`.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where ControlCharacters.isControl(scalar) || scalar == "\u{FEFF}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func escapedBytes(_ text: String) -> String {
        var bytes: [UInt8] = []
        Array(text.utf8).withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Characters that need an escape, or look as if they might (lead bytes of controls and of ordinary letters).
    static let specials: [String] = ["\"", "\\", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}",
                                     "é", "\u{61C}", "\u{600}", "\u{202E}", "\u{2028}", "\u{2019}", "€", "👍🏽", "<", "&"]

    @Test("a special character at every offset of the eight-byte words, in runs of every length")
    func everyOffset() {
        for special in Self.specials {
            for prefix in 0..<20 {
                for suffix in [0, 1, 7, 8, 9, 17] {
                    let text = String(repeating: "a", count: prefix) + special + String(repeating: "b", count: suffix)
                    #expect(Self.escaped(text) == Self.reference(text), "\(special.debugDescription) at \(prefix)")
                    #expect(Self.escapedBytes(text) == Self.reference(text), "\(special.debugDescription) at \(prefix)")
                }
            }
        }
    }

    @Test("10,000 random mixes of clean text and special characters")
    func randomMixes() {
        var generator = SplitMix(seed: 13)
        let pieces = Self.specials + ["a", "bc", "defghij", "<p class=\"x\">", " ", "0123456789abcdef"]
        for _ in 0..<10_000 {
            let text = (0..<Int(generator.next() % 24)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(Self.escaped(text) == Self.reference(text), "\(text.debugDescription)")
            #expect(Self.escapedBytes(text) == Self.escaped(text))
        }
    }

    @Test("texts of several chunks: a special character across every chunk boundary, and long random mixes")
    func chunkBoundaries() {
        let chunk = JSONString.chunk
        for special in Self.specials {
            for lead in (chunk - 9)...(chunk + 2) {
                let text = String(repeating: "a", count: lead) + special + String(repeating: "\"", count: 3)
                    + String(repeating: "b", count: chunk + 5) + special
                #expect(Self.escapedBytes(text) == Self.reference(text), "\(special.debugDescription) after \(lead)")
            }
        }
        var generator = SplitMix(seed: 29)
        let pieces = Self.specials + ["a", "bc", "defghij", "<p class=\"x\">", " ", "0123456789abcdef"]
        for _ in 0..<200 {
            let text = (0..<Int(generator.next() % 1_500)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(Self.escapedBytes(text) == Self.reference(text), "\(text.utf8.count) bytes")
        }
    }

    @Test("U+FEFF is escaped: Foundation's reader drops one raw at a string's start or after an escape (found by the property test)")
    func byteOrderMark() throws {
        for text in ["\u{FEFF}", "\u{202A}\u{FEFF}", "x\u{FEFF}y", "\u{FEFF}\u{FEFF}é"] {
            #expect(Self.escaped(text) == Self.reference(text))
            #expect(!Self.escaped(text).unicodeScalars.contains("\u{FEFF}"))
            let back = try JSONSerialization.jsonObject(with: Data("[\(Self.escaped(text))]".utf8)) as? [String]
            #expect(back?.first?.unicodeScalars.elementsEqual(text.unicodeScalars) == true, "\(text.debugDescription)")
        }
    }

    @Test("the escaped text reads back as the same string")
    func readsBack() throws {
        let text = Self.specials.joined(separator: "x") + "<a href=\"#\">\\</a>"
        let decoded = try JSONSerialization.jsonObject(with: Data(Self.escaped(text).utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == text)
    }
}
