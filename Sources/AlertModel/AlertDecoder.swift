import AlertJSON

/// Reads alerts: parses JSON strictly, validates it against the alert schema (every problem, with a JSON
/// pointer), then builds the typed `Alert`.
///
/// With the standard schema (`JSONSchema.alert`), a plainly valid alert is read in one pass straight into the
/// `Alert`, with no JSON tree and no schema interpretation; anything else goes the general way. The answers are
/// the same either way.
public struct AlertDecoder: Sendable {
    /// The schema alerts are validated against.
    public var schema: JSONSchema
    /// The JSON reader.
    public var parser: JSONParser
    /// Match types and SocialMedia categories outside the contract that the host handles (it registered a presenter
    /// for them, e.g. `IDLOYALTY`): they raise no "unknown" warning. `PresenterRegistry.recognizedCodes` lists them.
    public var recognizedCodes: Set<String>
    /// The most one alert may hold; over a limit is an error naming it (`AlertLimits`).
    public var limits: AlertLimits

    /// Creates a decoder for the alert contract.
    public init(schema: JSONSchema = .alert, parser: JSONParser = JSONParser(), recognizedCodes: Set<String> = [],
                limits: AlertLimits = .default) {
        self.schema = schema
        self.parser = parser
        self.recognizedCodes = recognizedCodes
        self.limits = limits
    }

    /// Decodes one alert from JSON bytes.
    public func decode(_ bytes: some Collection<UInt8>) throws(AlertDecodingError) -> DecodedAlert {
        guard bytes.count <= limits.maxBytes else { throw .tooLarge(limits.sizeIssue(bytes.count)) }
        // The parser's own bounds apply too, the tighter one winning.
        var limits = self.limits
        limits.maxDepth = min(limits.maxDepth, parser.maxDepth)
        limits.maxStringBytes = min(limits.maxStringBytes, parser.maxStringBytes)
        // A plainly valid alert of the standard contract is read in one pass; anything that decoder is not sure of
        // (every invalid record among them) is read the general way, which reports every error and warning.
        if schema.isAlertContract,
           let decoded = bytes.withContiguousStorageIfAvailable({ AlertFastDecoder.decode($0, limits: limits) }),
           let decoded {
            return decoded
        }
        var parser = self.parser
        parser.maxDepth = limits.maxDepth
        parser.maxStringBytes = limits.maxStringBytes
        let json: JSONValue
        do { json = try parser.parse(bytes) } catch { throw .notJSON(error) }
        return try decode(json: json)
    }

    /// Decodes one alert from a parsed JSON value.
    public func decode(json: JSONValue) throws(AlertDecodingError) -> DecodedAlert {
        if case .array(let events)? = json["events"], events.count > limits.maxEvents {
            throw .invalid([limits.eventsIssue(events.count)])
        }
        let issues = schema.validate(json)
        guard issues.isEmpty else { throw .invalid(issues) }
        var builder = TypedAlertBuilder(recognizedCodes: recognizedCodes)
        guard let alert = builder.alert(from: json) else {
            // The schema guarantees every shape the builder reads; reaching this is a schema/model mismatch.
            throw .invalid([ValidationIssue(pointer: builder.failure ?? .root,
                                            expected: "a value the alert model can read", found: "one it cannot")])
        }
        return DecodedAlert(alert: alert, warnings: builder.warnings)
    }
}

/// Builds typed values from JSON that the schema has accepted.
private struct TypedAlertBuilder {
    let recognizedCodes: Set<String>
    var warnings: [ValidationIssue] = []
    var failure: JSONPointer?

    mutating func alert(from json: JSONValue) -> Alert? {
        guard let id = json["id"]?.stringValue, case .number(let type)? = json["type"],
              case .array(let list)? = json["events"] else { return fail(.root) }
        let pointer = JSONPointer.root.appending("events")
        switch AlertType(rawValue: Int(type)) {
        case .cyberAgent:
            return map(list, at: pointer) { $0.cyberAgent($1, $2, $3) }.map { Alert(id: id, events: .cyberAgent($0)) }
        case .ssnTrace:
            return map(list, at: pointer) { $0.ssnTrace($1, $2, $3) }.map { Alert(id: id, events: .ssnTrace($0)) }
        case .socialMedia:
            return map(list, at: pointer) { $0.socialMedia($1, $2, $3) }.map { Alert(id: id, events: .socialMedia($0)) }
        case nil:
            return fail(JSONPointer.root.appending("type"))
        }
    }

    private mutating func map<T>(_ list: [JSONValue], at pointer: JSONPointer,
                                 _ build: (inout Self, CalendarDate, JSONValue, JSONPointer) -> T?) -> [T]? {
        var out: [T] = []
        out.reserveCapacity(list.count)
        for (index, event) in list.enumerated() {
            let at = pointer.appending(index)
            guard let dateText = event["date"]?.stringValue, let date = CalendarDate(iso: dateText) else {
                return fail(at.appending("date"))
            }
            guard let data = event["data"], let value = build(&self, date, data, at.appending("data")) else {
                return fail(at.appending("data"))
            }
            out.append(value)
        }
        return out
    }

    private mutating func fail<T>(_ pointer: JSONPointer) -> T? {
        failure = failure ?? pointer
        return nil
    }

    private func string(_ data: JSONValue, _ key: String) -> String? { data[key]?.stringValue }

    private func date(_ data: JSONValue, _ key: String) -> CalendarDate? {
        string(data, key).flatMap { CalendarDate(iso: $0) }
    }

    private func timestamp(_ data: JSONValue, _ key: String) -> AlertTimestamp? {
        string(data, key).flatMap(AlertTimestamp.init)
    }

    mutating func cyberAgent(_ date: CalendarDate, _ data: JSONValue, _ at: JSONPointer) -> CyberAgentEvent? {
        guard let code = string(data, "match") else { return nil }
        let match = MatchType(code: code)
        var value: String?
        var qualifier: String?
        var raw: JSONValue?
        switch match {
        case .known(let known):
            guard let found = string(data, known.valueKey) else { return nil }
            value = found
            qualifier = known.qualifierKey.flatMap { string(data, $0) }
        case .unknown:
            raw = data
            guard !recognizedCodes.contains(code) else { break }
            warnings.append(ValidationIssue(pointer: at.appending("match"),
                                            expected: "a match type of the contract or of the catalog (this event is "
                                                + "shown with the words for personal information, and its value is not shown)",
                                            found: "\"\(code)\"", severity: .warning))
        }
        return CyberAgentEvent(date: date, match: match, value: value, qualifier: qualifier,
                               sourceDate: self.date(data, "SourceDate"), creationDate: timestamp(data, "CreationDate"),
                               site: string(data, "site"), source: string(data, "Source"), data: raw)
    }

    mutating func ssnTrace(_ date: CalendarDate, _ data: JSONValue, _ at: JSONPointer) -> SSNTraceEvent? {
        guard let name = string(data, "name") else { return nil }
        return SSNTraceEvent(date: date, name: name, address: string(data, "address"), city: string(data, "city"),
                             state: string(data, "state"), zip: string(data, "zip"),
                             firstSeen: self.date(data, "firstSeen"), source: string(data, "source"))
    }

    mutating func socialMedia(_ date: CalendarDate, _ data: JSONValue, _ at: JSONPointer) -> SocialMediaEvent? {
        guard let network = string(data, "network"), let account = string(data, "account"),
              let code = string(data, "category") else { return nil }
        let category = SocialMediaEvent.Category(code: code)
        if case .unknown = category, !recognizedCodes.contains(code) {
            warnings.append(ValidationIssue(pointer: at.appending("category"),
                                            expected: "a known category (shown as risky content)",
                                            found: "\"\(code)\"", severity: .warning))
        }
        return SocialMediaEvent(date: date, network: network, account: account, category: category,
                                content: string(data, "content"), url: string(data, "url"),
                                postDate: timestamp(data, "postDate"))
    }
}
