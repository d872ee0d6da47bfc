import AlertJSON
@testable import AlertModel
import Testing

@Suite("Reading JSON without building it")
struct JSONReaderSkippingTests {
    /// Whether `skipValue` takes the whole of `bytes` (white space around allowed).
    static func skips(_ bytes: [UInt8], maxDepth: Int = 128) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(bytes: buffer, maxDepth: maxDepth)
            reader.skipWhitespace()
            guard (try? reader.skipValue(depth: 0)) != nil else { return false }
            reader.skipWhitespace()
            return reader.index == buffer.count
        }
    }

    static func parses(_ bytes: [UInt8], maxDepth: Int = 128) -> Bool {
        (try? JSONParser(maxDepth: maxDepth).parse(bytes)) != nil
    }

    @Test("a string of one UTF-8 sequence is scanned exactly when the parser reads it")
    func utf8Sequences() {
        var sequences: [[UInt8]] = []
        for lead in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF where second != 0x22 && second != 0x5C {
                sequences.append([lead, second])
                guard lead >= 0xE0 else { continue }
                for third: UInt8 in [0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF] {
                    sequences.append([lead, second, third])
                    guard lead >= 0xF0 else { continue }
                    for fourth: UInt8 in [0x41, 0x80, 0xBF, 0xC0] { sequences.append([lead, second, third, fourth]) }
                }
            }
        }
        var mismatches = 0
        for sequence in sequences {
            let string = [0x22] + sequence + [0x22]
            if Self.skips(string) != Self.parses(string) { mismatches += 1 }
            // A valid sequence is exactly one `String(validating:)` accepts.
            let valid = String(validating: sequence, as: UTF8.self) != nil
            if valid != Self.skips(string) && !sequence.contains(where: { $0 < 0x20 }) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("a scanned string reads back as the parser's string", arguments: [
        #""""#, #""abc""#, #""a\"b\\c\/d\b\f\n\r\t""#, #""\u00e9\ud83d\ude00x""#, #""é😀 Zoë \u0000""#,
        #""0123456789abcdef0123456789""#, #""\u0041\u0042""#,
    ])
    func readsBack(text: String) throws {
        let bytes = Array(text.utf8)
        let expected = try JSONParser().parse(bytes).stringValue
        let read = bytes.withUnsafeBufferPointer { buffer -> (String?, Bool) in
            var reader = JSONReader(bytes: buffer, maxDepth: 128)
            guard let span = try? reader.scanString() else { return (nil, false) }
            return (reader.text(of: span), span.ascii)
        }
        #expect(read.0 == expected)
        #expect(read.1 == text.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test("values are skipped exactly when the parser reads them", arguments: [
        "{}", "[]", "[[]]", #"{"a":[1,-2.5e3,true,false,null,"x",{"b":{}}]}"#, " 1 ", "-0", "0.5", "1e400", "1.0000000000000001",
        "123456789012345678901234567890", "01", "1.", "-", "+1", ".5", "1e", "tru", "nul", "[1,]", "{\"a\":1,}", "{\"a\"}",
        "{1:2}", "[1 2]", "\"\\ud800\"", "\"\\ud800\\udc00\"", "\"\\udc00\"", "\"a\nb\"", "\"abc", "[", "{", "",
        "\"\\u00zz\"", "{\"a\":1 \"b\":2}", "[\"a\",]", "\"\u{7F}\"", "\"abcdefgh\\\"ijklmnop\"",
    ])
    func skipsAsTheParserReads(text: String) {
        let bytes = Array(text.utf8)
        #expect(Self.skips(bytes) == Self.parses(bytes))
    }

    @Test("nesting is limited as the parser limits it")
    func nesting() {
        for depth in 1...6 {
            for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
                let text = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
                let bytes = Array(text.utf8)
                #expect(Self.skips(bytes, maxDepth: 4) == Self.parses(bytes, maxDepth: 4))
                #expect(Self.skips(bytes, maxDepth: 4) == (depth <= 4))
            }
        }
    }
}
