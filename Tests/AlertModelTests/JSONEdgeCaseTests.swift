import AlertModel
import AlertTestSupport
import Foundation
import Testing

/// The JSON edge cases of docs/input.md, each as the table says: accepted by a documented rule, or refused with
/// its message. The table and this list name the same cases.
@Suite("JSON edge cases")
struct JSONEdgeCaseTests {
    enum Outcome: Sendable {
        /// Accepted, and this holds of the alert.
        case accepted(@Sendable (Alert) -> Bool)
        /// Refused as not JSON, the message holding this.
        case notJSON(String)
        /// Refused by the contract at this pointer, the message holding this.
        case invalid(String, String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var outcome: Outcome
        var testDescription: String { name }
    }

    static let valid = #"{"id":"e","type":2,"events":[{"date":"2020-01-01","data":{"name":"A"}}]}"#

    static func with(type: String) -> [UInt8] { Array(valid.replacingOccurrences(of: #""type":2"#, with: #""type":\#(type)"#).utf8) }
    static func with(id: String) -> [UInt8] { Array(valid.replacingOccurrences(of: #""id":"e""#, with: #""id":"\#(id)""#).utf8) }
    static func encoded(_ encoding: String.Encoding) -> [UInt8] { Array(valid.data(using: encoding) ?? Data()) }

    static let cases: [Case] = [
        Case(name: "duplicate keys", bytes: Array(valid.replacingOccurrences(of: #""id":"e""#, with: #""id":"first","id":"last""#).utf8),
             outcome: .accepted { $0.id == "last" }),
        Case(name: "a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(valid.utf8), outcome: .accepted { $0.id == "e" }),
        Case(name: "UTF-16", bytes: encoded(.utf16), outcome: .notJSON("the input is UTF-16 text")),
        Case(name: "UTF-16 without a byte order mark", bytes: encoded(.utf16LittleEndian), outcome: .notJSON("the input is UTF-16 text")),
        Case(name: "UTF-32", bytes: encoded(.utf32), outcome: .notJSON("the input is UTF-32 text")),
        Case(name: "a lone surrogate", bytes: with(id: #"\ud800"#), outcome: .notJSON("half of a UTF-16 surrogate pair")),
        Case(name: "a surrogate pair", bytes: with(id: #"\ud83d\ude00"#), outcome: .accepted { $0.id == "😀" }),
        Case(name: "NUL in a string", bytes: with(id: #"a\u0000b"#), outcome: .accepted { $0.id == "a\u{0}b" }),
        Case(name: "a raw control character in a string", bytes: with(id: "a\u{1}b"), outcome: .notJSON("control character in a string")),
        Case(name: "1.0 for an integer", bytes: with(type: "2.0"), outcome: .accepted { if case .ssnTrace = $0.events { true } else { false } }),
        Case(name: "1e0 for an integer", bytes: with(type: "0.2e1"), outcome: .accepted { if case .ssnTrace = $0.events { true } else { false } }),
        Case(name: "-0 for an integer", bytes: with(type: "-0"), outcome: .invalid("/type", "found 0")),
        Case(name: "1e400", bytes: with(type: "1e400"), outcome: .notJSON("out of range")),
        Case(name: "a fraction for an integer", bytes: with(type: "2.5"), outcome: .invalid("/type", "found 2.5")),
        Case(name: "trailing garbage", bytes: Array((valid + " x").utf8), outcome: .notJSON("unexpected 'x' after the JSON value")),
        Case(name: "two values", bytes: Array((valid + valid).utf8), outcome: .notJSON("after the JSON value")),
        Case(name: "comments", bytes: Array(("// note\n" + valid).utf8), outcome: .notJSON("unexpected '/'")),
        Case(name: "NaN", bytes: with(type: "NaN"), outcome: .notJSON("unexpected text starting \"NaN\", expected a JSON value")),
        Case(name: "Infinity", bytes: with(type: "Infinity"), outcome: .notJSON("unexpected text starting \"Infinity\", expected a JSON value")),
        Case(name: "empty input", bytes: [], outcome: .notJSON("the input is empty")),
        Case(name: "only white space", bytes: Array(" \n\t".utf8), outcome: .notJSON("the input is empty")),
        Case(name: "invalid UTF-8", bytes: Array(valid.utf8).map { $0 == UInt8(ascii: "e") ? 0xFF : $0 },
             outcome: .notJSON("not valid UTF-8")),
        Case(name: "a trailing comma", bytes: Array(valid.replacingOccurrences(of: "}]}", with: "},]}").utf8), outcome: .notJSON("expected a value")),
        Case(name: "single quotes", bytes: Array(valid.replacingOccurrences(of: #""id":"e""#, with: #"'id':'e'"#).utf8),
             outcome: .notJSON("expected a member name in quotes")),
    ]

    @Test("each case as docs/input.md says", arguments: cases)
    func edgeCase(_ edge: Case) throws {
        let result = Result { () throws(AlertDecodingError) in try AlertDecoder().decode(edge.bytes) }
        switch (edge.outcome, result) {
        case (.accepted(let holds), .success(let decoded)):
            #expect(holds(decoded.alert), "\(decoded.alert)")
        case (.notJSON(let text), .failure(.notJSON(let error))):
            #expect(error.message.contains(text), "\(error)")
        case (.invalid(let pointer, let text), .failure(.invalid(let issues))):
            #expect(issues.contains { $0.pointer.description == pointer && $0.message.contains(text) }, "\(issues)")
        default:
            Issue.record("\(edge.name): \(result)")
        }
    }

    @Test("docs/input.md has a row for every case, and an empty file in a folder is one rejected record")
    func documented() throws {
        let table = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/input.md"), encoding: .utf8)
        for edge in Self.cases { #expect(table.contains("| \(edge.name) |"), "\(edge.name)") }
        #expect(table.contains("| an empty file in a folder |"))
    }
}
