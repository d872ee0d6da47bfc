import AlertJSON
@testable import AlertBatch
import AlertModel
import AlertTestSupport
import Foundation
import Testing

@Suite("Reading feeds")
struct FeedReaderTests {
    /// Every record of `text` read from a file: (line, index, text, problem).
    func all(_ text: String, maxRecordBytes: Int = 1 << 20) throws -> [(line: Int, index: Int, text: String, problem: String?)] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID())").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let reader = try BatchInput.open(path, maxRecordBytes: maxRecordBytes, isStopped: { false })
        var records: [(Int, Int, String, String?)] = []
        while let record = try reader.next() {
            records.append((record.line, record.index, String(decoding: record.bytes, as: UTF8.self), record.problem))
        }
        return records
    }

    /// `count` compact alerts, one a line.
    func alerts(_ count: Int, from first: Int = 0) -> [String] {
        (first..<(first + count)).map { #"{"id":"a\#($0)","type":1,"events":[{"date":"2020-01-01","data":{"match":"IDEMAILADDR","email":"x"}}]}"# }
    }

    @Test("NDJSON: one record a line, blank lines skipped, CRLF accepted, garbage kept as a record")
    func ndjson() throws {
        let records = try all("{\"a\":1}\r\n\n  \n{\"b\":[1,2]}\nnot json\n{\"c\":\"}\"}")
        #expect(records.map(\.line) == [1, 4, 5, 6])
        #expect(records.map(\.index) == [0, 1, 2, 3])
        #expect(records.map(\.text) == ["{\"a\":1}", "{\"b\":[1,2]}", "not json", "{\"c\":\"}\"}"])
    }

    @Test("NDJSON whose first line is cut off, a lone { or [, or a broken line inside: that line alone is rejected",
          arguments: ["{\"id\":\"trunc\",\"type\":1,", "{", "{\"id\":\"x\", \"s\": \"unclosed", "{\"id\":\"x\", \"a\": [1,"])
    func brokenFirstLine(first: String) throws {
        let lines = alerts(50)
        let records = try all(([first] + lines).joined(separator: "\n") + "\n")
        let good = records.filter { $0.problem == nil && lines.contains($0.text) }
        #expect(good.count == 50, "\(records.prefix(3))")
        #expect(records.count == 51)
        #expect(records[0].line == 1)
    }

    @Test("a broken line in the middle of NDJSON is one record, and reading goes on line by line")
    func brokenMiddleLine() throws {
        let lines = alerts(10)
        let records = try all((lines[..<5] + ["{\"id\":\"cut"] + lines[5...]).joined(separator: "\n"))
        #expect(records.map(\.text) == Array(lines[..<5]) + ["{\"id\":\"cut"] + Array(lines[5...]))
        #expect(records.map(\.line) == Array(1...11))
    }

    @Test("an array: its elements, whatever their nesting, strings with brackets and commas, and lines")
    func array() throws {
        let records = try all("\n [ {\"a\": [1, {\"b\": \"],[\\\"\"}]},\n  {\"c\": 2}\n ,3 ]\n")
        #expect(records.map { $0.text } == [#"{"a": [1, {"b": "],[\""}]}"#, #"{"c": 2}"#, "3"])
        #expect(records.map(\.line) == [2, 3, 4])
        #expect(records.map(\.index) == [0, 1, 2])
    }

    @Test("an element with an unbalanced quote or bracket is one record; reading resumes at the next element",
          arguments: [true, false])
    func arrayRecovery(pretty: Bool) throws {
        var elements = alerts(20)
        elements[7] = elements[7].replacingOccurrences(of: #""id":"a7""#, with: #""id":"a7"x""#)   // a stray quote
        elements[12] = elements[12].replacingOccurrences(of: #""type":1"#, with: #""type":[1"#)   // an open bracket
        let text = "[" + elements.joined(separator: pretty ? ",\n  " : ",") + "]"
        let records = try all(text)
        #expect(records.count == 20)
        #expect(records.map(\.text) == elements)
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test("a broken last element with nothing after it to resume at is one record that says from where on")
    func arrayUnrecoverable() throws {
        var elements = alerts(5)
        elements[4] = String(elements[4].dropLast(3)) + "\"x"
        let records = try all("[" + elements.joined(separator: ",\n") + "]")
        #expect(records.count == 5)
        #expect(records[4].problem?.contains("from line 5 (byte ") == true, "\(records[4])")
    }

    @Test("an array never closed, a trailing comma, a lone [, an empty input: each a record of its own", arguments: [
        ("[", ["not closed: the input ends before its ']'"]),
        ("[{\"a\":1},", ["", "not closed: the input ends after a ','"]),
        ("[{\"a\":1},]", ["", "a ',' with no alert after it"]),
        ("[{\"a\":1}", ["", "not closed"]),
        ("", ["holds no alert"]), ("\n \n", ["holds no alert"]),
        ("[]", []), ("[ ]\n", []), ("[{\"a\":1}] trailing", ["", ""]), ("[1][2]", ["", ""]),
    ])
    func arrayEdges(text: String, problems: [String]) throws {
        let records = try all(text)
        #expect(records.count == problems.count, "\(records)")
        for (record, problem) in zip(records, problems) {
            #expect(problem.isEmpty ? record.problem == nil : record.problem?.contains(problem) == true, "\(record)")
        }
    }

    @Test("an array whose elements have no commas (a stray [ before NDJSON): every element, and one record saying so",
          arguments: ["[\n", "["])
    func arrayWithoutCommas(opening: String) throws {
        let lines = alerts(30)
        let records = try all(opening + lines.joined(separator: "\n") + "\n")
        #expect(records.filter { $0.problem == nil }.map(\.text) == lines)
        #expect(records.filter { $0.problem != nil }.count == 1)
    }

    @Test("a pretty-printed alert is one record, broken or not; compact alerts one a line are NDJSON")
    func documents() throws {
        let pretty = try all("{\n  \"id\": \"x\",\n  \"type\": 1\n}\n")
        #expect(pretty.count == 1 && pretty[0].line == 1)
        #expect(try JSONSerialization.jsonObject(with: Data(pretty[0].text.utf8)) is [String: Any])
        let broken = try all("{\n  \"id\": \"x\",\n  \"type\": 1,\n}\n")
        #expect(broken.count == 1 && broken[0].text.hasPrefix("{\n"))
        let twoDocuments = try all("{\n  \"id\": \"x\"\n}\n{\n  \"id\": \"y\"\n}\n")
        #expect(twoDocuments.count == 2 && twoDocuments[1].line == 4)
        #expect(try all("{\"id\": 1}\n{\"id\": 2}\n").count == 2)
    }

    @Test("a broken pretty-printed alert is one record, and the pretty-printed alert after it is read whole")
    func brokenPrettyThenPretty() throws {
        let good = "{\n    \"events\": [\n        {\n            \"data\": {\"match\": \"IDSSN\", \"ssn\": \"1\"},\n"
            + "            \"date\": \"2016-09-12\"\n        },\n        {\"date\": \"2016-09-12\", \"data\": {}},\n    ],\n"
            + "    \"id\": \"x\",\n    \"type\": 1\n}"
        let valid = good.replacingOccurrences(of: "{}},\n    ],", with: "{}}\n    ],")
        let records = try all(good + "\n" + valid + "\n")
        #expect(records.map(\.text) == [good, valid])
    }

    @Test("a string element, or one broken by a trailing comma inside it, costs no other element")
    func arrayElementsKeepTheirEnds() throws {
        #expect(try all(#"[{"id":"a"},"x y",{"id":"b"}]"#).map(\.text) == [#"{"id":"a"}"#, #""x y""#, #"{"id":"b"}"#])
        let nested = #"[{"id":"x","sub":[{"a":1},{"id":"y"}],},{"id":"z"}]"#
        #expect(try all(nested).map(\.text) == [#"{"id":"x","sub":[{"a":1},{"id":"y"}],}"#, #"{"id":"z"}"#])
        var elements = alerts(6)
        elements[2] = elements[2].replacingOccurrences(of: #""id":"a2""#, with: #""id":"a2"""#)  // an odd quote
        #expect(try all("[" + elements.joined(separator: ",") + "]").map(\.text) == elements)
    }

    @Test("a line or a document longer than a record may be is one record, skipped without holding it")
    func oversize() throws {
        let lines = alerts(3)
        let long = "{\"x\":\"" + String(repeating: "y", count: 5000) + "\"}"
        let records = try all([lines[0], long, lines[1], long, lines[2]].joined(separator: "\n"), maxRecordBytes: 1000)
        #expect(records.map(\.text) == [lines[0], "", lines[1], "", lines[2]])
        #expect(records[1].problem == "a line of 5008 bytes, over the alert size limit of 1000 bytes; not read")
        #expect(records.map(\.line) == [1, 2, 3, 4, 5])
        let document = "{\n  \"x\": \"" + String(repeating: "y", count: 5000) + "\"\n}\n" + "{\n  \"id\": \"z\"\n}\n"
        let documents = try all(document, maxRecordBytes: 1000)
        #expect(documents.count == 2 && documents[0].problem?.hasPrefix("an alert of 5013 bytes") == true, "\(documents)")
        #expect(documents[1].text == "{\n  \"id\": \"z\"\n}" && documents[1].line == 4)
    }

    @Test("the records after a line over the limit are all read, wherever a read ends and the line ends",
          arguments: [4096, 65_536, 1 << 20])
    func afterOversizeLine(chunk: Int) throws {
        let next = alerts(2)
        // Lines that end just past the reader's first block, and past the second: a read that brings the end of the
        // long line and the lines after it once made the reader skip them all.
        for length in [(1 << 20) + 10, (1 << 20) + 40_000, 3 << 19, (2 << 20) - 100, (3 << 20) + 5] {
            let long = "{\"x\":\"" + String(repeating: "y", count: length - 8) + "\"}"
            let text = ([long] + next).joined(separator: "\n") + "\n"
            let stream = RecordStream(source: MemorySource(Array(text.utf8), chunk: chunk), name: "<memory>")
            var records: [(line: Int, text: String, problem: String?)] = []
            while let record = stream.next() {
                records.append((record.line, String(decoding: record.bytes, as: UTF8.self), record.unreadable))
            }
            #expect(records.map(\.text) == [""] + next, "chunk \(chunk), line of \(length) bytes")
            #expect(records.first?.problem == "a line of \(length) bytes, over the alert size limit of 1048576 bytes; not read")
            #expect(records.map(\.line) == [1, 2, 3])
            if chunk == 1 << 20 {  // from a file, which hands over as much as is asked
                #expect(try all(text).map(\.text) == [""] + next, "file, line of \(length) bytes")
            }
        }
    }

    @Test("looking for where to resume is bounded, whatever the input holds", .timeLimit(.minutes(1)))
    func resynchronizationIsBounded() throws {
        let hostile = #"[{"id":"a","m":""# + String(repeating: "},{[", count: 50_000)
        let records = try all(hostile, maxRecordBytes: 4096)
        #expect(records.count == 1 && records[0].problem != nil)
    }

    @Test("a value that does not end within the look-ahead is read line by line")
    func lookAhead() throws {
        let lines = alerts(40)
        let records = try all((["{"] + lines).joined(separator: "\n"), maxRecordBytes: 1000)
        #expect(records.count == 41 && records.dropFirst().map(\.text) == lines)
    }

    @Test("a UTF-8 byte order mark before an array or NDJSON is skipped")
    func byteOrderMark() throws {
        #expect(try all("\u{FEFF}[\n{\"a\":1},\n{\"b\":2}\n]").map(\.text) == ["{\"a\":1}", "{\"b\":2}"])
        #expect(try all("\u{FEFF}{\"a\":1}\n{\"b\":2}\n").map(\.text) == ["{\"a\":1}", "{\"b\":2}"])
    }

    @Test("lines longer than the read block come through whole")
    func longLines() throws {
        let long = "{\"x\":\"" + String(repeating: "y", count: 1_000_000) + "\"}"
        let records = try all(long + "\n" + long)
        #expect(records.count == 2 && records.allSatisfy { $0.text == long })
    }

    @Test("any byte source, handing its bytes over a few at a time: the records a file gives", arguments: [1, 7, 4096])
    func byteSource(chunk: Int) throws {
        let text = "\u{FEFF}[" + alerts(40).joined(separator: ",\n") + ", {broken\n]\n" + alerts(3, from: 40).joined(separator: "\n")
        let stream = RecordStream(source: MemorySource(Array(text.utf8), chunk: chunk), name: "<memory>")
        var records: [(line: Int, index: Int, text: String, problem: String?)] = []
        while let record = stream.next() {
            #expect(record.source == "<memory>")
            records.append((record.line, record.index, String(decoding: record.bytes, as: UTF8.self), record.unreadable))
        }
        let fromFile = try all(text)
        #expect(records.count > 40 && records.count == fromFile.count && records.contains { $0.problem != nil })
        for (read, expected) in zip(records, fromFile) {
            #expect(read.line == expected.line && read.index == expected.index && read.text == expected.text
                    && read.problem == expected.problem)
        }
    }

    @Test("a source that stops while waiting ends the stream, and says so")
    func stoppingSource() {
        final class Stopping: ByteSource {
            var calls = 0
            func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                calls += 1
                if calls > 1 { throw BatchStopped() }
                let line = Array("{\"a\":1}\n".utf8)
                buffer.copyBytes(from: line)
                return line.count
            }
        }
        let stream = RecordStream(source: Stopping(), name: "<body>")
        #expect(stream.next().map { String(decoding: $0.bytes, as: UTF8.self) } == "{\"a\":1}")
        #expect(stream.next() == nil)
        #expect(stream.wasStopped)
    }

    @Test("JSON lines escape what JSON requires, and control characters, and read back as the same strings", arguments: [
        "plain", "quote \" backslash \\ slash /", "new\nline\ttab\r", "\u{0}\u{1}\u{1F}\u{7F}", "émoji 🙂 \u{2028}", "",
        "\u{1B}]0;title\u{7}", "C1 \u{9B}2J and \u{85}", "bidi \u{202E}evil\u{202C} \u{2066}x\u{2069} \u{200F}", "中文 ½ ™ ’",
    ])
    func jsonLine(text: String) throws {
        var line = JSONLine()
        line.add("k", text)
        line.add("n", 42)
        let bytes = line.finished()
        let decoded = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(decoded?["k"] as? String == text)
        #expect(decoded?["n"] as? Int == 42)
        #expect(bytes.last == 0x0A && !line.closed().contains(0x0A))
        let written = String(decoding: bytes, as: UTF8.self)
        #expect(!written.unicodeScalars.dropLast().contains(where: ControlCharacters.isControl), "\(written)")
    }
}
