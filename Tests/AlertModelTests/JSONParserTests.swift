import AlertJSON
import AlertModel
import Testing

@Suite("JSON reader")
struct JSONParserTests {
    let parser = JSONParser()

    @Test("reads every kind of value and keeps booleans apart from numbers")
    func readsValues() throws {
        let value = try parser.parse(#"{"a": [true, 1, 1.5, -2e3, null, "x\u00e9\ud83d\ude00\n"], "b": {}}"#)
        #expect(value["a"] == .array([.bool(true), .number(1), .number(1.5), .number(-2000), .null, .string("xé😀\n")]))
        #expect(value["b"] == .object(JSONObject()))
        #expect(JSONValue.bool(true) != JSONValue.number(1))
        #expect(JSONValue.number(1).typeName == "integer")
        #expect(JSONValue.number(1.5).typeName == "number")
    }

    @Test("the last of repeated keys wins, as in Python and JavaScript")
    func duplicateKeys() throws {
        #expect(try parser.parse(#"{"id": "a", "id": "b"}"#)["id"] == .string("b"))
    }

    @Test("rejects malformed input with the line and column", arguments: [
        ("", 1, 1), ("{", 1, 2), ("{\"a\" 1}", 1, 6), ("[1,]", 1, 4), ("{\n  \"a\": tru\n}", 2, 11),
        ("[1] x", 1, 5), ("\"a\u{01}\"", 1, 3), ("01", 1, 2), ("[1.]", 1, 4), ("nul", 1, 1),
        ("{\"a\":1,}", 1, 8), ("\"\\x\"", 1, 3), ("'a'", 1, 1), ("NaN", 1, 1), ("[\"\\u12\"]", 1, 7),
    ])
    func rejectsMalformed(text: String, line: Int, column: Int) {
        #expect {
            try parser.parse(text)
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == line && error.column == column
        }
    }

    @Test("rejects invalid UTF-8 inside strings")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try parser.parse([0x22, 0xC3, 0x28, 0x22]) }
    }

    @Test("bounds nesting instead of overflowing the stack")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try parser.parse(deep) }
        #expect((try? JSONParser(maxDepth: 200).parse(String(repeating: "[", count: 150) + String(repeating: "]", count: 150))) != nil)
    }

    @Test("a lone surrogate escape is refused as no character; a pair is one character", arguments: [
        #""\ud800x""#, #""\udc00""#, #""\ud800\u0041""#, #""x\ud83d""#,
    ])
    func loneSurrogate(text: String) throws {
        #expect(throws: JSONSyntaxError.self) { try parser.parse(text) }
        #expect(try parser.parse(#""\ud83d\ude42""#) == .string("🙂"))
    }

    @Test("a number that is out of range, or a fraction that would pass for a whole number, is refused", arguments: [
        "1e400", "-1e400", "1" + String(repeating: "0", count: 400), "1.0000000000000001", "12345678901234567.5", "1e-9223372036854775809",
    ])
    func numbers(text: String) throws {
        #expect(throws: JSONSyntaxError.self) { try parser.parse(text) }
    }

    @Test("whole numbers in any notation, and fractions, read as written", arguments: [
        ("1.0", 1.0), ("1e0", 1.0), ("10e-1", 1.0), ("100E-2", 1.0), ("-0", 0.0), ("1.5", 1.5), ("0.1", 0.1), ("2.5e1", 25.0),
    ])
    func wholeNumbers(text: String, value: Double) throws {
        #expect(try parser.parse(text) == .number(value))
    }

    @Test("never traps on random bytes or on truncations of a real alert")
    func fuzz() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]",:0123456789.eE+-tfnulrsa\ "#.utf8) + [0xC3, 0xFF, 0x00, 0x0A]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0..<40, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            _ = try? parser.parse(bytes)
        }
        let alert = Array(#"{"id":"4930982:105","type":1,"events":[{"date":"2016-09-12","data":{"email":"a@b.c","match":"IDEMAILADDR"}}]}"#.utf8)
        for end in 0..<alert.count {
            #expect(throws: JSONSyntaxError.self) { try parser.parse(alert[0..<end]) }
        }
    }
}
