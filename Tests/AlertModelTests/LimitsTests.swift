import AlertJSON
import AlertModel
import Foundation
import Testing

/// Each limit of `AlertLimits` at, below and above it, through the decoder (both its one-pass and its general way):
/// at and below are accepted; above is an error that names the limit, the value found and where.
@Suite("Limits")
struct LimitsTests {
    /// An SSNTrace alert with `events` events, each name `nameBytes` long, and `nest` extra levels of arrays.
    /// `{"id":"limits-1","type":2,"events":[EVENT,…]PAD}`, each event with a name of `nameBytes` bytes, nested
    /// `nest` lists deep. Built as bytes, the long runs by `Array(repeating:count:)`: the 100 MB name built a byte
    /// at a time in a debug build took 38 s of `defaults`' 60-second limit, which a busy machine went past.
    static func alert(events: Int = 1, nameBytes: Int = 4, nest: Int = 0, pad: Int = 0) -> [UInt8] {
        let extra = String(repeating: "[", count: nest) + String(repeating: "]", count: nest)
        var event = Array(#"{"date":"2020-01-01","data":{"name":""#.utf8)
        event += Array(repeating: UInt8(ascii: "n"), count: nameBytes)  // a fill by the library, not a loop in a debug build
        event += Array(("\"" + (nest > 0 ? #","x":"# + extra : "") + "}}").utf8)
        var bytes = Array(#"{"id":"limits-1","type":2,"events":["#.utf8)
        bytes.reserveCapacity(bytes.count + events * (event.count + 1) + pad + 2)
        for index in 0..<events {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += event
        }
        bytes.append(UInt8(ascii: "]"))
        bytes += Array(repeating: UInt8(ascii: " "), count: pad)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    static func decode(_ bytes: [UInt8], _ limits: AlertLimits) -> Result<DecodedAlert, AlertDecodingError> {
        Result { () throws(AlertDecodingError) in try AlertDecoder(limits: limits).decode(bytes) }
    }

    /// The contract problems of a refused record (none when it was accepted or is not JSON).
    static func issues(_ bytes: [UInt8], _ limits: AlertLimits) -> [ValidationIssue] {
        switch decode(bytes, limits) {
        case .failure(.invalid(let issues)): return issues
        case .failure(.tooLarge(let issue)): return [issue]
        default: return []
        }
    }

    /// The syntax error of a refused record, if that is why.
    static func syntax(_ bytes: [UInt8], _ limits: AlertLimits) -> JSONSyntaxError? {
        guard case .failure(.notJSON(let error)) = decode(bytes, limits) else { return nil }
        return error
    }

    @Test("bytes: at the limit accepted, one over refused before reading, naming the size")
    func bytes() throws {
        let base = Self.alert()
        let limits = AlertLimits(maxBytes: base.count + 10)
        for pad in [9, 10] { #expect(throws: Never.self) { try Self.decode(Self.alert(pad: pad), limits).get() } }
        let issues = Self.issues(Self.alert(pad: 11), limits)
        try #require(issues.count == 1)
        #expect(issues[0].pointer == .root)
        #expect(issues[0].message.contains("at most \(base.count + 10) bytes (the alert size limit)"))
        #expect(issues[0].message.contains("\(base.count + 11) bytes"))
        // The decoder marks the kind itself: too large, not a breach of the contract, whatever the message says.
        guard case .failure(let error) = Self.decode(Self.alert(pad: 11), limits), case .tooLarge = error else {
            Issue.record("a record over maxBytes is not .tooLarge")
            return
        }
        #expect(error.kind == .tooLarge)
        let invalid = AlertDecodingError.invalid([ValidationIssue(pointer: .root, expected: "an alert of at most 5 bytes (the alert size limit)",
                                                                  found: "6 bytes")])
        #expect(invalid.kind == .invalidAlert, "the kind is never read from the words")
    }

    @Test("events: at the limit accepted, one over refused at /events with the count")
    func events() throws {
        let limits = AlertLimits(maxEvents: 5)
        for count in [4, 5] { #expect(throws: Never.self) { try Self.decode(Self.alert(events: count), limits).get() } }
        let issues = Self.issues(Self.alert(events: 6), limits)
        try #require(issues.map(\.pointer.description) == ["/events"])
        #expect(issues[0].message.contains("at most 5 events (the events limit)") && issues[0].message.contains("6 events"))
    }

    @Test("strings: at the limit accepted, one byte over refused with its length, line and column")
    func strings() throws {
        let limits = AlertLimits(maxStringBytes: 100)
        for length in [99, 100] { #expect(throws: Never.self) { try Self.decode(Self.alert(nameBytes: length), limits).get() } }
        let error = try #require(Self.syntax(Self.alert(nameBytes: 101), limits))
        #expect(error.message == "a string of 101 bytes, over the string limit of 100 bytes")
        #expect(error.line == 1 && error.column > 60)
        // Escapes count as written.
        let escaped = Array(#"{"id":"\u0041\u0041","type":2,"events":[]}"#.utf8)
        let tight = try #require(Self.syntax(escaped, AlertLimits(maxStringBytes: 11)))
        #expect(tight.message.contains("a string of 12 bytes"))
    }

    @Test("depth: the alert is 1, its data object 4; at the limit accepted, one deeper refused")
    func depth() throws {
        let limits = AlertLimits(maxDepth: 10)
        for nest in [5, 6] { #expect(throws: Never.self) { try Self.decode(Self.alert(nest: nest), limits).get() } }
        let error = try #require(Self.syntax(Self.alert(nest: 7), limits))
        #expect(error.message == "nesting deeper than the depth limit of 10 levels")
    }

    /// The two huge inputs are refused by their size alone: the size-limit message proves that nothing was parsed.
    @Test("the defaults are docs/limits.md's; a million events and a 100 MB string are refused by size, deep nesting at its depth",
          .timeLimit(.minutes(1)))
    func defaults() throws {
        #expect(AlertLimits.default == AlertLimits(maxBytes: 1_048_576, maxEvents: 1000, maxStringBytes: 65_536, maxDepth: 64))
        let decoder = AlertDecoder()
        for bytes in [Self.alert(events: 1_000_000), Self.alert(nameBytes: 100_000_000)] {
            #expect(Self.issues(bytes, .default).first?.message.contains("the alert size limit") == true)
        }
        #expect(throws: AlertDecodingError.self) { try decoder.decode(Self.alert(events: 1001)) }
        #expect(throws: Never.self) { try decoder.decode(Self.alert(events: 1000)) }
        #expect(throws: AlertDecodingError.self) { try decoder.decode(Self.alert(nameBytes: 65_537)) }
        #expect(throws: Never.self) { try decoder.decode(Self.alert(nameBytes: 65_536)) }
        #expect(throws: AlertDecodingError.self) { try decoder.decode(Self.alert(nest: 61)) }
        #expect(throws: Never.self) { try decoder.decode(Self.alert(nest: 60)) }
        #expect(AlertLimits(maxDepth: 1).invalidLimit == "maxDepth" && AlertLimits.default.invalidLimit == nil)
    }
}
