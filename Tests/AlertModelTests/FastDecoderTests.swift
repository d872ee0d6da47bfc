import AlertJSON
@testable import AlertModel
import AlertTestSupport
import Foundation
import Testing

@Suite("The one-pass decoder")
struct FastDecoderTests {
    /// What `AlertDecoder.decode` answers the general way: parse, validate, build.
    static func general(_ bytes: [UInt8], recognizedCodes: Set<String> = []) -> Result<DecodedAlert, AlertDecodingError> {
        let json: JSONValue
        let limits = AlertLimits.default
        let parser = JSONParser(maxDepth: limits.maxDepth, maxStringBytes: limits.maxStringBytes)
        do { json = try parser.parse(bytes) } catch { return .failure(.notJSON(error)) }
        return Result { () throws(AlertDecodingError) in
            try AlertDecoder(recognizedCodes: recognizedCodes).decode(json: json)
        }
    }

    /// Checks that the one-pass decoder answers nil or what the general way answers, and that `AlertDecoder`
    /// answers exactly what the general way does (errors, pointers, warnings); whether the one-pass decoder accepted.
    @discardableResult
    static func agree(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let general = general(bytes)
        let fast = AlertFastDecoder.decode(bytes)
        let shown = String(decoding: bytes, as: UTF8.self)
        if let fast {
            #expect(general == .success(fast), "\(shown)", sourceLocation: sourceLocation)
        }
        let decoded = Result { () throws(AlertDecodingError) in try AlertDecoder().decode(bytes) }
        #expect(decoded == general, "\(shown)", sourceLocation: sourceLocation)
        return fast != nil
    }

    /// Whether the general way accepts the record with no warning (its codes are all known).
    static func plainlyValid(_ bytes: [UInt8]) -> Bool {
        guard case .success(let decoded) = general(bytes) else { return false }
        return decoded.warnings.isEmpty
    }

    @Test("every sample: the same answer, and every valid one with known codes is read in one pass")
    func samples() throws {
        #expect(Fixtures.sampleNames.count > 20)
        for name in Fixtures.sampleNames {
            let bytes = try [UInt8](Fixtures.sample(name))
            let accepted = Self.agree(bytes)
            if Self.plainlyValid(bytes) { #expect(accepted, "\(name)") }
        }
    }

    @Test("every record of `gen-feed.py --invalid-rate 0.1`: the same answer; every valid one read in one pass")
    func generatedFeed() throws {
        let lines = try Fixtures.generateFeed(["--count", "3000", "--seed", "7", "--invalid-rate", "0.1"])
        #expect(lines.count == 3000)
        var invalid = 0
        for line in lines {
            let bytes = [UInt8](line)
            let accepted = Self.agree(bytes)
            if try JSONParser().parse(bytes)["_invalid"] == nil {
                #expect(accepted, "\(String(decoding: bytes, as: UTF8.self))")
            } else {
                invalid += 1
                #expect(!accepted)
            }
        }
        #expect(invalid > 200)
    }

    /// Valid alerts of each type and shape the variants start from.
    static func bases() throws -> [String] {
        var bases = try ["email-alert", "mixed-alert", "dlnumber-alert", "bank-alert", "passport-abroad-alert",
                     "ssntrace-alert", "social-hate-alert", "social-offsite-link-alert"]
            .map { try String(decoding: Fixtures.sample($0), as: UTF8.self) }
        bases += try Fixtures.generateFeed(["--count", "12", "--seed", "3"]).map { String(decoding: $0, as: UTF8.self) }
        return bases
    }

    @Test("variants of valid alerts: the same answer, and the plainly valid ones read in one pass")
    func treeAndTextVariants() throws {
        var accepted = 0, total = 0
        for base in try Self.bases() {
            for variant in try AlertMutations.all(of: base) {
                let bytes = Array(variant.text.utf8)
                total += 1
                let fast = Self.agree(bytes)
                if fast { accepted += 1 }
                if variant.mustAccept, Self.plainlyValid(bytes) {
                    #expect(fast, "handed over: \(variant.text)")
                }
            }
        }
        // Both kinds occur in numbers: the check is not vacuous.
        #expect(accepted > 1000)
        #expect(total - accepted > 1000)
    }

    @Test("every prefix of an alert and every byte replaced: the same answer")
    func byteVariants() throws {
        for base in try Self.bases().prefix(10) {
            for bytes in AlertMutations.bytes(of: base) { Self.agree(bytes) }
        }
    }

    @Test("nesting: as deep as the reader allows is read in one pass, one level more is refused by both")
    func nestingLimit() throws {
        let base = #"{"id":"x","type":2,"events":[{"date":"2020-01-01","data":{"name":"A","_n":NEST}}]}"#
        // The data object is 4 deep: under the depth limit of 64, its member's arrays may add 60 levels.
        for depth in [60, 61] {
            let nest = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let bytes = Array(base.replacingFirst("NEST", with: nest).utf8)
            #expect(Self.agree(bytes) == (depth == 60))
            #expect(Self.plainlyValid(bytes) == (depth == 60))
        }
        let shallow = AlertLimits(maxDepth: 4)
        let bytes = Array(base.replacingFirst("NEST", with: "[]").utf8)
        #expect(AlertFastDecoder.decode(bytes, limits: shallow) == nil)
        #expect(throws: AlertDecodingError.self) { try AlertDecoder(limits: shallow).decode(bytes) }
        #expect(throws: AlertDecodingError.self) { try AlertDecoder(parser: JSONParser(maxDepth: 4)).decode(bytes) }
    }

    @Test("members the schema constrains are those the one-pass decoder checks, by the same rules")
    func tablesFollowTheSchema() throws {
        let defs = try #require(JSONSchema.alert.document["$defs"])
        let tables: [(String, [DataField])] = [
            ("cyberAgentData", DataField.cyberAgent), ("ssnTraceData", DataField.ssnTrace),
            ("socialMediaData", DataField.socialMedia),
        ]
        for (name, table) in tables {
            guard case .object(let properties)? = defs[name]?["properties"] else {
                Issue.record("no properties in \(name)")
                continue
            }
            #expect(properties.members.map(\.key) == table.map(\.name.description), "\(name)")
            #expect(table.count <= DataField.maxCount)
            for (member, field) in zip(properties.members, table) {
                #expect(Self.rule(member.value) == field.rule, "\(name)/\(member.key)")
            }
        }
        for kind in MatchKind.allCases {
            #expect(DataField.cyberAgent[DataField.valueSlot(kind)].name.description == kind.valueKey)
            #expect(DataField.qualifierSlot(kind).map { DataField.cyberAgent[$0].name.description } == kind.qualifierKey)
        }
        #expect(DataField.cyberAgent[DataField.CyberAgentSlot.match].name.description == "match")
        #expect(DataField.cyberAgent[DataField.CyberAgentSlot.sourceDate].name.description == "SourceDate")
        #expect(DataField.cyberAgent[DataField.CyberAgentSlot.creationDate].name.description == "CreationDate")
        #expect(DataField.cyberAgent[DataField.CyberAgentSlot.site].name.description == "site")
        #expect(DataField.cyberAgent[DataField.CyberAgentSlot.source].name.description == "Source")
    }

    /// The rule a property's subschema states, read from the schema document.
    static func rule(_ schema: JSONValue) -> DataField.Rule? {
        switch (schema["$ref"]?.stringValue, schema["type"]?.stringValue, schema["minLength"], schema["pattern"]) {
        case ("#/$defs/text"?, nil, nil, nil): .text
        case ("#/$defs/date"?, nil, nil, nil): .date
        case ("#/$defs/dateTime"?, nil, nil, nil): .dateTime
        case (nil, "string"?, .number(1)?, nil): .text
        case (nil, "string"?, nil, .string(DatePatterns.countryCode)?): .stateCode
        case (nil, "string"?, nil, nil): .string
        default: nil
        }
    }

    @Test("a schema other than `.alert`, even compiled from the same text, is always interpreted")
    func otherSchemas() throws {
        var document = JSONSchema.alert.document
        guard case .object(var root) = document, case .array(var required)? = root["required"] else {
            Issue.record("the schema's shape changed")
            return
        }
        required.append(.string("extra"))
        root.members = root.members.map { $0.key == "required" ? .init(key: "required", value: .array(required)) : $0 }
        document = .object(root)
        let bytes = try [UInt8](Fixtures.sample("email-alert"))
        #expect(throws: Never.self) { try AlertDecoder().decode(bytes) }
        #expect(throws: AlertDecodingError.self) { try AlertDecoder(schema: JSONSchema(document: document)).decode(bytes) }
        let same = try JSONSchema(document: JSONSchema.alert.document)
        #expect(!same.isAlertContract)
        #expect(JSONSchema.alert.isAlertContract)
    }

    @Test("unknown codes are handed over: their data and warnings come from the general way")
    func unknownCodes() throws {
        let alerts = [
            #"{"id":"x","type":1,"events":[{"date":"2020-01-01","data":{"match":"IDLOYALTY","loyaltyNumber":"7"}}]}"#,
            #"{"id":"x","type":3,"events":[{"date":"2020-01-01","data":{"network":"X","account":"@a","category":"Spam"}}]}"#,
        ]
        for alert in alerts {
            let bytes = Array(alert.utf8)
            #expect(AlertFastDecoder.decode(bytes) == nil)
            Self.agree(bytes)
            let recognized = Result { () throws(AlertDecodingError) in
                try AlertDecoder(recognizedCodes: ["IDLOYALTY", "Spam"]).decode(bytes)
            }
            #expect(recognized == Self.general(bytes, recognizedCodes: ["IDLOYALTY", "Spam"]))
        }
    }
}
