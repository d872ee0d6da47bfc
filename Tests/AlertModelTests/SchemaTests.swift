import AlertJSON
import AlertModel
import Testing

@Suite("Alert schema")
struct SchemaTests {
    let decoder = AlertDecoder()

    func issues(_ json: String) -> [ValidationIssue] {
        do {
            _ = try decoder.decode(Array(json.utf8))
            return []
        } catch {
            return error.issues
        }
    }

    @Test("the shipped schema is draft 2020-12 and compiles")
    func compiles() throws {
        let document = try JSONParser().parse(JSONSchema.alertSchemaText)
        #expect(document["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
        #expect(try JSONSchema(document: document).isValid(JSONParser().parse(#"{"id":"x","type":2,"events":[{"date":"2020-01-01","data":{"name":"A"}}]}"#)))
    }

    @Test("a keyword the validator does not implement is refused, not ignored")
    func unsupportedKeyword() throws {
        #expect(throws: SchemaError.self) { try JSONSchema(document: JSONParser().parse(#"{"type":"object","oneOf":[]}"#)) }
        #expect(throws: SchemaError.self) { try JSONSchema(document: JSONParser().parse(##"{"$ref":"#/$defs/missing"}"##)) }
    }

    static let breaches: [(String, String, String)] = [
        (#"{"type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"a@b"}}]}"#, "/id", "nothing"),
        (#"{"id":"","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"a@b"}}]}"#, "/id", "\"\""),
        (#"{"id":"x","type":7,"events":[{"date":"2016-09-12","data":{}}]}"#, "/type", "7"),
        (#"{"id":"x","type":"1","events":[{"date":"2016-09-12","data":{}}]}"#, "/type", "\"1\""),
        (#"{"id":"x","type":true,"events":[{"date":"2016-09-12","data":{}}]}"#, "/type", "true"),
        (#"{"id":"x","type":1,"events":[]}"#, "/events", "an empty array"),
        (#"{"id":"x","type":1,"events":{"0":{}}}"#, "/events", "an object"),
        (#"{"id":"x","type":1,"events":[{"date":"2016-02-30","data":{"match":"IDEMAILADDR","email":"a"}}]}"#, "/events/0/date", "\"2016-02-30\""),
        (#"{"id":"x","type":1,"events":[{"date":"09/12/2016","data":{"match":"IDEMAILADDR","email":"a"}}]}"#, "/events/0/date", "\"09/12/2016\""),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12"}]}"#, "/events/0/data", "nothing"),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":"leak"}]}"#, "/events/0/data", "\"leak\""),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR"}}]}"#, "/events/0/data/email", "nothing"),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDCCN","ccn":4}}]}"#, "/events/0/data/ccn", "a number (not shown: a sensitive value)"),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDSSN","ssn":123456789}}]}"#, "/events/0/data/ssn", "a number (not shown: a sensitive value)"),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDIBAN","iban":""}}]}"#, "/events/0/data/iban", "a string of 0 characters (not shown: a sensitive value)"),
        (#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDSSN","ssn":"1","CreationDate":"yesterday"}}]}"#, "/events/0/data/CreationDate", "\"yesterday\""),
        (#"{"id":"x","type":2,"events":[{"date":"2016-09-12","data":{"city":"Madison"}}]}"#, "/events/0/data/name", "nothing"),
        (#"{"id":"x","type":2,"events":[{"date":"2016-09-12","data":{"name":"A","state":"Wisconsin"}}]}"#, "/events/0/data/state", "\"Wisconsin\""),
        (#"{"id":"x","type":3,"events":[{"date":"2016-09-12","data":{"network":"Twitter","category":"Hate"}}]}"#, "/events/0/data/account", "nothing"),
        (#"[1,2]"#, "", "an array of 2"),
    ]

    @Test("every kind of breach is reported at its place, with what was found", arguments: breaches)
    func breach(json: String, pointer: String, found: String) throws {
        let reported = issues(json)
        let issue = try #require(reported.first { $0.pointer.description == pointer }, "\(reported)")
        #expect(issue.found == found)
        #expect(!issue.expected.isEmpty)
        #expect(issue.severity == .error)
    }

    @Test("all problems are reported, not just the first")
    func reportsEveryProblem() {
        let reported = issues(#"{"id":"","type":1,"events":[{"date":"x","data":{"match":"IDSSN"}},{"date":"2016-01-01","data":{"match":"IDCCN"}}]}"#)
        #expect(reported.map(\.pointer.description) == ["/id", "/events/0/date", "/events/0/data/ssn", "/events/1/data/ccn"])
    }

    @Test("every CreationDate form of docs/contract.md is accepted", arguments: [
        "2016-09-06 00:00:00", "2016-09-06T00:00:00Z", "2016-09-06T00:00:00+02:00",
        "2016-09-06T00:00:00.123Z", "2016-09-06T00:00:00.5-05:00", "2016-09-06T00:00",
    ])
    func creationDates(text: String) throws {
        let json = #"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"a@b","CreationDate":"\#(text)"}}]}"#
        let decoded = try decoder.decode(Array(json.utf8))
        guard case .cyberAgent(let events) = decoded.alert.events else { Issue.record("not CyberAgent"); return }
        #expect(events[0].creationDate?.date == CalendarDate(year: 2016, month: 9, day: 6))
    }

    @Test("an unknown match type or category is a warning, not an error")
    func unknownKinds() throws {
        let cyber = try decoder.decode(Array(#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDPETNAME"}}]}"#.utf8))
        #expect(cyber.warnings.map(\.pointer) == ["/events/0/data/match"])
        #expect(cyber.warnings.first?.severity == .warning)
        let social = try decoder.decode(Array(#"{"id":"x","type":3,"events":[{"date":"2016-09-12","data":{"network":"X","account":"@a","category":"Spam"}}]}"#.utf8))
        #expect(social.warnings.map(\.pointer) == ["/events/0/data/category"])
    }

    @Test("extra keys are ignored; the sample alert decodes to its typed values")
    func mockAlert() throws {
        let json = #"{"events":[{"data":{"CreationDate":"2016-09-06 00:00:00","Source":"Test Data","email":"mateagar+1@gmail.com","match":"IDEMAILADDR","extra":[1]},"date":"2016-09-12"}],"id":"4930982:105","type":1,"more":{}}"#
        let decoded = try decoder.decode(Array(json.utf8))
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.alert.id == "4930982:105")
        #expect(decoded.alert.type == .cyberAgent)
        guard case .cyberAgent(let events) = decoded.alert.events else { Issue.record("not CyberAgent"); return }
        #expect(events[0].match == .known(.email))
        #expect(events[0].value == "mateagar+1@gmail.com")
        #expect(events[0].origin == "Test Data")
        #expect(events[0].leakDate == CalendarDate(year: 2016, month: 9, day: 6))
    }
}
