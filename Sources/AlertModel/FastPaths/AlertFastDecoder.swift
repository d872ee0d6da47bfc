import AlertJSON

// Fast path (docs/fast-paths.md) of decoding. Reference: `JSONParser` + `JSONSchema.alert` + the typed build
// (`AlertDecoder`'s general way), which it hands an invalid record to. Held equal by `FastDecoderTests`.

/// Decodes an alert of the standard contract (`JSONSchema.alert`) in one pass over its bytes (two over `events`
/// written before `type`, as key-sorted JSON has them): checks the JSON syntax by `JSONReader`'s rules and the
/// schema's rules as it reads, and builds the typed `Alert` directly, with no `JSONValue` tree, no schema
/// interpretation and no regular expression.
///
/// It answers only when it is sure: for any record it does not accept whole (a syntax error, a schema breach, an
/// unknown match type or category, a repeated member it reads, an escaped or non-ASCII member name, a
/// `type` not written `1`, `2` or `3`, a date with an escape...) it returns nil, and `AlertDecoder` reads the record
/// the general way, which gives every error and warning. What it accepts, the general way accepts too, as the same
/// `DecodedAlert`.
struct AlertFastDecoder {
    private var reader: JSONReader
    /// The spans of the current `data` object's constrained members, by slot of its `DataField` table.
    private let slots: UnsafeMutableBufferPointer<JSONReader.StringSpan?>
    /// Set when a span that was scanned cannot be read back (never expected): the answer is then nil.
    private var unsure = false
    /// The most events accepted (over it, the general way reports the limit).
    private let maxEvents: Int

    private init(reader: JSONReader, slots: UnsafeMutableBufferPointer<JSONReader.StringSpan?>, maxEvents: Int) {
        self.reader = reader
        self.slots = slots
        self.maxEvents = maxEvents
    }

    /// The alert in `bytes`, or nil when the record is not one this decoder is sure of.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, limits: AlertLimits) -> DecodedAlert? {
        withUnsafeTemporaryAllocation(of: JSONReader.StringSpan?.self, capacity: DataField.maxCount) { slots in
            slots.initialize(repeating: nil)
            let reader = JSONReader(bytes: bytes, maxDepth: limits.maxDepth, maxStringBytes: limits.maxStringBytes)
            var decoder = AlertFastDecoder(reader: reader, slots: slots, maxEvents: limits.maxEvents)
            return decoder.document()
        }
    }

    /// The alert in `bytes` (any collection), or nil; for tests.
    static func decode(_ bytes: some Collection<UInt8>, limits: AlertLimits = .default) -> DecodedAlert? {
        let contiguous = bytes.withContiguousStorageIfAvailable { decode($0, limits: limits) }
        if let contiguous { return contiguous }
        return Array(bytes).withUnsafeBufferPointer { decode($0, limits: limits) }
    }

    // MARK: The document

    private mutating func document() -> DecodedAlert? {
        let bytes = reader.bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { reader.index = 3 }
        reader.skipWhitespace()
        var id: JSONReader.StringSpan?
        var type: AlertType?
        var events: Alert.Events?
        // Where `events` starts when it comes before `type` (as in key-sorted JSON): the type decides what the
        // events' data must be, so they are skipped (checked as JSON) and read once the type is known.
        var eventsBeforeType: Int?
        let read = object(depth: 1) { decoder, key in
            if decoder.is(key, "id") {
                guard id == nil, let span = decoder.string(), !span.isEmpty else { return false }
                id = span
            } else if decoder.is(key, "type") {
                guard type == nil, let number = decoder.typeNumber() else { return false }
                type = number
            } else if decoder.is(key, "events") {
                guard events == nil, eventsBeforeType == nil else { return false }
                guard let type else {
                    eventsBeforeType = decoder.reader.index
                    return decoder.skip(depth: 1)
                }
                guard let list = decoder.events(of: type, depth: 2), list.count > 0, list.count <= decoder.maxEvents else { return false }
                events = list
            } else {
                return decoder.skip(depth: 1)
            }
            return true
        }
        guard read else { return nil }
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { return nil }
        if let eventsBeforeType, let type {
            reader.index = eventsBeforeType
            guard let list = self.events(of: type, depth: 2), list.count > 0, list.count <= maxEvents else { return nil }
            events = list
        }
        guard let id, let events, let text = text(id), !unsure else { return nil }
        return DecodedAlert(alert: Alert(id: text, events: events))
    }

    /// `type` written exactly `1`, `2` or `3`; any other number (`1.0`, `1e0`, which the schema's `enum` accepts
    /// too) is left to the general way.
    private mutating func typeNumber() -> AlertType? {
        let bytes = reader.bytes, index = reader.index
        guard index + 1 < bytes.count, (UInt8(ascii: "1")...UInt8(ascii: "3")).contains(bytes[index]) else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
        default: break
        }
        reader.index += 1
        return AlertType(rawValue: Int(bytes[index] - UInt8(ascii: "0")))
    }

    private mutating func events(of type: AlertType, depth: Int) -> Alert.Events? {
        switch type {
        case .cyberAgent: array(depth: depth) { $0.cyberAgentEvent(depth: depth + 1) }.map { .cyberAgent($0) }
        case .ssnTrace: array(depth: depth) { $0.ssnTraceEvent(depth: depth + 1) }.map { .ssnTrace($0) }
        case .socialMedia: array(depth: depth) { $0.socialMediaEvent(depth: depth + 1) }.map { .socialMedia($0) }
        }
    }

    // MARK: Events

    /// Reads one event object, its `data` into `slots` by `fields`; its date.
    private mutating func event(depth: Int, fields: [DataField]) -> CalendarDate? {
        var date: CalendarDate?
        var sawData = false
        let read = object(depth: depth) { decoder, key in
            if decoder.is(key, "date") {
                guard date == nil, let span = decoder.string(), decoder.satisfies(span, .date),
                      let day = decoder.calendarDate(at: span.start) else { return false }
                date = day
                return true
            }
            if decoder.is(key, "data") {
                guard !sawData else { return false }
                sawData = true
                return decoder.data(depth: depth + 1, fields: fields)
            }
            return decoder.skip(depth: depth)
        }
        return read && sawData ? date : nil
    }

    /// Reads a `data` object: each member of `fields` checked by its rule and its span kept in its slot.
    private mutating func data(depth: Int, fields: [DataField]) -> Bool {
        for slot in fields.indices { slots[slot] = nil }
        return object(depth: depth) { decoder, key in
            guard let slot = fields.firstIndex(where: { decoder.is(key, $0.name) }) else {
                return decoder.skip(depth: depth)
            }
            guard decoder.slots[slot] == nil, let span = decoder.string(), decoder.satisfies(span, fields[slot].rule)
            else { return false }
            decoder.slots[slot] = span
            return true
        }
    }

    private mutating func cyberAgentEvent(depth: Int) -> CyberAgentEvent? {
        typealias Slot = DataField.CyberAgentSlot
        guard let date = event(depth: depth, fields: DataField.cyberAgent),
              let code = text(at: Slot.match), let kind = MatchKind(rawValue: code),
              let value = text(at: DataField.valueSlot(kind)) else { return nil }
        return CyberAgentEvent(date: date, match: .known(kind), value: value,
                               qualifier: DataField.qualifierSlot(kind).flatMap { text(at: $0) },
                               sourceDate: day(at: Slot.sourceDate), creationDate: timestamp(at: Slot.creationDate),
                               site: text(at: Slot.site), source: text(at: Slot.source))
    }

    private mutating func ssnTraceEvent(depth: Int) -> SSNTraceEvent? {
        typealias Slot = DataField.SSNTraceSlot
        guard let date = event(depth: depth, fields: DataField.ssnTrace), let name = text(at: Slot.name) else {
            return nil
        }
        return SSNTraceEvent(date: date, name: name, address: text(at: Slot.address), city: text(at: Slot.city),
                             state: text(at: Slot.state), zip: text(at: Slot.zip),
                             firstSeen: day(at: Slot.firstSeen), source: text(at: Slot.source))
    }

    private mutating func socialMediaEvent(depth: Int) -> SocialMediaEvent? {
        typealias Slot = DataField.SocialMediaSlot
        guard let date = event(depth: depth, fields: DataField.socialMedia),
              let network = text(at: Slot.network), let account = text(at: Slot.account),
              let code = text(at: Slot.category), let category = SocialCategory(rawValue: code) else { return nil }
        return SocialMediaEvent(date: date, network: network, account: account, category: .known(category),
                                content: text(at: Slot.content), url: text(at: Slot.url),
                                postDate: timestamp(at: Slot.postDate))
    }

    // MARK: Values

    /// Whether a string meets a rule. Dates are checked on the bytes by `DatePatterns` (what it accepts, the
    /// schema's patterns accept); an escaped one is left to the general way.
    private func satisfies(_ span: JSONReader.StringSpan, _ rule: DataField.Rule) -> Bool {
        let shape: DatePatterns.Shape
        switch rule {
        case .string: return true
        case .text: return !span.isEmpty
        case .date: shape = .date
        case .dateTime: shape = .dateTime
        case .stateCode: shape = .countryCode
        }
        return !span.escaped && DatePatterns.accepts(bytes: bytes(span), as: shape)
    }

    private func bytes(_ span: JSONReader.StringSpan) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: reader.bytes[span.start..<span.end])
    }

    private mutating func text(_ span: JSONReader.StringSpan) -> String? {
        guard let text = reader.text(of: span) else {
            unsure = true
            return nil
        }
        return text
    }

    /// The text in `slot`, if the member was there.
    private mutating func text(at slot: Int) -> String? {
        slots[slot].flatMap { text($0) }
    }

    /// The day of `YYYY-MM-DD` at `start`, already checked to be a real date by `satisfies`.
    private func calendarDate(at start: Int) -> CalendarDate? {
        let bytes = reader.bytes
        func number(_ offset: Int, _ count: Int) -> Int {
            var value = 0
            for index in start + offset ..< start + offset + count { value = value * 10 + Int(bytes[index] &- 0x30) }
            return value
        }
        return CalendarDate(year: number(0, 4), month: number(5, 2), day: number(8, 2))
    }

    private mutating func day(at slot: Int) -> CalendarDate? {
        guard let span = slots[slot] else { return nil }
        guard let date = calendarDate(at: span.start) else {
            unsure = true
            return nil
        }
        return date
    }

    private mutating func timestamp(at slot: Int) -> AlertTimestamp? {
        guard let span = slots[slot] else { return nil }
        guard let date = calendarDate(at: span.start), let text = text(span) else {
            unsure = true
            return nil
        }
        return AlertTimestamp(date: date, text: text)
    }

    // MARK: Syntax

    /// The string at the reader, or nil if there is none or it is not valid.
    private mutating func string() -> JSONReader.StringSpan? {
        guard reader.index < reader.bytes.count, reader.bytes[reader.index] == UInt8(ascii: "\"") else { return nil }
        return try? reader.scanString()
    }

    private mutating func skip(depth: Int) -> Bool {
        (try? reader.skipValue(depth: depth)) != nil
    }

    /// Whether a member name is `name`. Names are compared by their bytes, so only plain ASCII names are read
    /// (`object` refuses others): an escaped or non-ASCII name may equal a schema key as a Swift `String`.
    private func `is`(_ key: JSONReader.StringSpan, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard key.end - key.start == count else { return false }
        let start = name.utf8Start
        for offset in 0..<count where reader.bytes[key.start + offset] != start[offset] { return false }
        return true
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        reader.skipWhitespace()
        guard reader.index < reader.bytes.count, reader.bytes[reader.index] == byte else { return false }
        reader.index += 1
        return true
    }

    /// Reads the object at the reader (nested `depth` deep, as `JSONReader` counts), handing each member's name to
    /// `member` with the reader at its value; `member` reads the value and says whether to go on.
    private mutating func object(depth: Int, _ member: (inout Self, JSONReader.StringSpan) -> Bool) -> Bool {
        guard depth <= reader.maxDepth, expect(UInt8(ascii: "{")) else { return false }
        if expect(UInt8(ascii: "}")) { return true }
        repeat {
            reader.skipWhitespace()
            guard let key = string(), key.ascii, !key.escaped, expect(UInt8(ascii: ":")) else { return false }
            reader.skipWhitespace()
            guard member(&self, key) else { return false }
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "}"))
    }

    /// Reads the array at the reader (nested `depth` deep), each element by `element`.
    private mutating func array<Element>(depth: Int, _ element: (inout Self) -> Element?) -> [Element]? {
        guard depth <= reader.maxDepth, expect(UInt8(ascii: "[")) else { return nil }
        var elements: [Element] = []
        if expect(UInt8(ascii: "]")) { return elements }
        repeat {
            reader.skipWhitespace()
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while expect(UInt8(ascii: ","))
        return expect(UInt8(ascii: "]")) ? elements : nil
    }
}

extension AlertTimestamp {
    /// A timestamp whose text is already known to be a date-time starting with `date`.
    fileprivate init(date: CalendarDate, text: String) {
        self.date = date
        self.text = text
    }
}
