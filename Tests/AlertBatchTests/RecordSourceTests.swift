@testable import AlertBatch
import Foundation
import Testing

@Suite("Reading feeds")
struct RecordSourceTests {
    /// A pipe holding `text`, read through a reader with a tiny block so records cross block boundaries.
    func source(_ text: String, blockSize: Int = 7) throws -> RecordSource {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID())").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        return try BatchInput.open(path)
    }

    func all(_ source: RecordSource) throws -> [(Int, Int, String)] {
        var records: [(Int, Int, String)] = []
        while let (line, index, bytes) = try source.next() { records.append((line, index, String(decoding: bytes, as: UTF8.self))) }
        return records
    }

    @Test("NDJSON: one record a line, blank lines skipped, CRLF accepted, garbage kept as a record")
    func ndjson() throws {
        let records = try all(try source("{\"a\":1}\r\n\n  \n{\"b\":[1,2]}\nnot json\n{\"c\":\"}\"}"))
        #expect(records.map(\.0) == [1, 4, 5, 6])
        #expect(records.map(\.1) == [0, 1, 2, 3])
        #expect(records.map(\.2) == ["{\"a\":1}", "{\"b\":[1,2]}", "not json", "{\"c\":\"}\"}"])
    }

    @Test("an array: its elements, whatever their nesting, strings with brackets and commas, and lines")
    func array() throws {
        let records = try all(try source("\n [ {\"a\": [1, {\"b\": \"],[\\\"\"}]},\n  {\"c\": 2}\n ,3 ]\n"))
        #expect(records.map { $0.2.trimmingCharacters(in: .whitespacesAndNewlines) } == [#"{"a": [1, {"b": "],[\""}]}"#, #"{"c": 2}"#, "3"])
        #expect(records.map(\.0) == [2, 3, 4])
        #expect(records.map(\.1) == [0, 1, 2])
    }

    @Test("an empty array has no records; what follows an array, or an unclosed one, is a record to reject", arguments: [
        ("[]", 0), ("[ ]\n", 0), ("[{\"a\":1}] trailing", 2), ("[{\"a\":1}, {\"b\":", 2),
    ])
    func arrayEdges(text: String, count: Int) throws {
        #expect(try all(try source(text)).count == count)
    }

    @Test("a pretty-printed alert is one record; compact alerts one a line are NDJSON")
    func documents() throws {
        let pretty = try all(try source("{\n  \"id\": \"x\",\n  \"type\": 1\n}\n"))
        #expect(pretty.count == 1 && pretty[0].0 == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(pretty[0].2.utf8)) is [String: Any])
        #expect(try all(try source("{\"id\": 1}\n{\"id\": 2}\n")).count == 2)
    }

    @Test("lines longer than the read block come through whole")
    func longLines() throws {
        let long = "{\"x\":\"" + String(repeating: "y", count: 3_000_000) + "\"}"
        let records = try all(try source(long + "\n" + long))
        #expect(records.count == 2 && records.allSatisfy { $0.2 == long })
    }

    @Test("JSON lines escape what JSON requires and read back as the same strings", arguments: [
        "plain", "quote \" backslash \\ slash /", "new\nline\ttab\r", "\u{0}\u{1}\u{1F}", "émoji 🙂 \u{2028}", "",
    ])
    func jsonLine(text: String) throws {
        var line = JSONLine()
        line.add("k", text)
        line.add("n", 42)
        let decoded = try JSONSerialization.jsonObject(with: Data(line.finished())) as? [String: Any]
        #expect(decoded?["k"] as? String == text)
        #expect(decoded?["n"] as? Int == 42)
        #expect(line.finished().last == 0x0A && !line.closed().contains(0x0A))
    }
}
