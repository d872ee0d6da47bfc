import AlertJSON
@testable import AlertModel
import AlertTestSupport
import Foundation
import Testing

/// The quick date checks stand in for the schema's regular expressions on the common path: they must never accept
/// what the expressions reject, and on text without line breaks they must agree with them exactly.
@Suite("Quick date patterns")
struct DatePatternTests {
    static let regexes: [(DatePatterns.Shape, NSRegularExpression)] = [
        (.date, try! NSRegularExpression(pattern: DatePatterns.date)),
        (.dateTime, try! NSRegularExpression(pattern: DatePatterns.dateTime)),
        (.countryCode, try! NSRegularExpression(pattern: DatePatterns.countryCode)),
    ]

    static func regexAccepts(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func expectAgreement(_ text: String) {
        for (shape, regex) in Self.regexes {
            #expect(DatePatterns.accepts(text, as: shape) == Self.regexAccepts(regex, text), "\(shape) \(text.debugDescription)")
        }
    }

    @Test("the shipped schema's patterns are the three the quick checks know")
    func shippedPatterns() throws {
        let text = JSONSchema.alertSchemaText
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
        var patterns: Set<String> = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                if let pattern = object["pattern"] as? String { patterns.insert(pattern) }
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        #expect(patterns == [DatePatterns.date, DatePatterns.dateTime, DatePatterns.countryCode])
        for pattern in patterns { #expect(DatePatterns.shape(of: pattern) != nil, "\(pattern)") }
    }

    @Test("every day, and the days around them, of leap-rule years: the same answers as the regular expressions")
    func calendar() {
        for year in ["0000", "0004", "0100", "1896", "1900", "1999", "2000", "2023", "2024", "2100", "2400", "9996"] {
            for month in 0...13 {
                for day in 0...32 {
                    let date = year + "-" + String(format: "%02d-%02d", month, day)
                    expectAgreement(date)
                    expectAgreement(date + "T12:30:00Z")
                }
            }
        }
    }

    @Test("times, fractions, zones and near misses: the same answers")
    func times() {
        let times = ["T00:00", "t23:59", " 12:00", "T24:00", "T23:60", "T9:00", "T12:00:60", "T12:00:61", "T12:00:59.",
                     "T12:00:59.123456", "T12:00.5", "T12:00Z", "T12:00z", "T12:00+05:30", "T12:00-0530", "T12:00+24:00",
                     "T12:00+05:60", "T12:00+5:30", "T12:00+05:", "T12:00ZZ", "T12:00 Z", "X12:00", "T12:00:00+0000",
                     "T12:00:00.1Z", "T12:00:00,1Z", "", "T", "T12", "T12:0"]
        for time in times {
            expectAgreement("2024-02-29" + time)
            expectAgreement("2023-02-29" + time)
        }
        for code in ["US", "us", "uS", "U", "USA", "U1", "É", "ÉS", "  ", "", "U\u{301}S"] { expectAgreement(code) }
    }

    @Test("20,000 random mutations of valid dates: never accepted by the quick check alone")
    func mutations() {
        var generator = SplitMix(seed: 29)
        let alphabet = Array("0123456789-:.TtZz+ \n\r\u{2028}é0") .map(String.init)
        for _ in 0..<20_000 {
            var characters = Array("2024-02-29T23:59:60.5+05:30").map(String.init)
            for _ in 0..<Int(generator.next() % 3 + 1) {
                let position = Int(generator.next() % UInt64(characters.count + 1))
                let piece = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0 where position < characters.count: characters[position] = piece
                case 1 where position < characters.count: characters.remove(at: position)
                default: characters.insert(piece, at: position)
                }
            }
            let length = Int(generator.next() % UInt64(characters.count + 1))
            for text in [characters.joined(), characters.prefix(length).joined()] {
                for (shape, regex) in Self.regexes where DatePatterns.accepts(text, as: shape) {
                    #expect(Self.regexAccepts(regex, text), "\(shape) \(text.debugDescription)")
                }
                if !text.contains(where: \.isNewline) { expectAgreement(text) }
            }
        }
    }
}
