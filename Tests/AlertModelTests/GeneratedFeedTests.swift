import AlertJSON
import AlertModel
import AlertTestSupport
import Foundation
import Testing

@Suite("The generator's feed")
struct GeneratedFeedTests {
    /// Where each kind of breach that gen-feed.py makes must be reported.
    static let expectedPointer: [String: String] = [
        "missing id": "/id", "empty id": "/id", "type out of range": "/type", "type is a string": "/type",
        "events empty": "/events", "events not an array": "/events",
        "date not a calendar date": "/events/0/date", "date wrong format": "/events/0/date",
        "data missing": "/events/0/data", "data not an object": "/events/0/data",
        "value key missing": "/events/0/data/", "name missing": "/events/0/data/name",
        "account missing": "/events/0/data/account",
    ]

    @Test("every breach of `gen-feed.py --invalid-rate 0.05` is rejected at its place; every valid record decodes")
    func invalidRate() throws {
        let lines = try Fixtures.generateFeed(["--count", "4000", "--seed", "11", "--invalid-rate", "0.05"])
        #expect(lines.count == 4000)
        let decoder = AlertDecoder()
        var kinds = Set<String>()
        for line in lines {
            let json = try JSONParser().parse(line)
            if let why = json["_invalid"]?.stringValue {
                kinds.insert(why)
                let pointer = try #require(Self.expectedPointer[why], "a breach kind this test does not know: \(why)")
                #expect {
                    try decoder.decode(line)
                } throws: { error in
                    (error as? AlertDecodingError)?.issues.contains { $0.pointer.description.hasPrefix(pointer) } ?? false
                }
            } else {
                #expect(throws: Never.self) { try decoder.decode(line) }
            }
        }
        #expect(kinds == Set(Self.expectedPointer.keys), "every kind of breach occurred in the feed")
    }

    @Test("Python's jsonschema accepts the schema and agrees with the decoder on every record")
    func agreesWithPythonJSONSchema() throws {
        let feed = try Fixtures.generateFeed(["--count", "3000", "--seed", "5", "--invalid-rate", "0.1"])
        let schema = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-schema-\(UUID()).json")
        try Data(JSONSchema.alertSchemaText.utf8).write(to: schema)
        defer { try? FileManager.default.removeItem(at: schema) }
        let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        schema = json.load(open(sys.argv[1]))
        Draft202012Validator.check_schema(schema)
        validator = Draft202012Validator(schema)
        for line in sys.stdin:
            print("valid" if validator.is_valid(json.loads(line)) else "invalid")
        """
        let input = Data(feed.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n").utf8)
        let result = try Fixtures.run("/usr/bin/env", ["python3", "-c", script, schema.path], input: input)
        try #require(result.status == 0, "python3 with jsonschema: \(result.standardError)")
        let verdicts = result.output.split(separator: "\n").map(String.init)
        #expect(verdicts.count == feed.count)
        let decoder = AlertDecoder()
        for (line, verdict) in zip(feed, verdicts) {
            let ours = (try? decoder.decode(line)) != nil ? "valid" : "invalid"
            #expect(ours == verdict, "\(String(decoding: line, as: UTF8.self))")
        }
    }
}
