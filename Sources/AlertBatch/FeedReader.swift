import AlertModel

/// One record as an input gives it: where it starts, and its bytes, or why its bytes could not be told apart.
struct SourceRecord {
    /// The line it starts on, from 1.
    var line: Int
    /// Its number within the input, from 0.
    var index: Int
    /// The record's JSON, as written.
    var bytes: [UInt8]
    /// For a part of the input that is no record at all (an array never closed, an empty input): what is wrong.
    var problem: String?
}

/// Splits one input into records, whatever mix of the feed formats it holds, and accounts for every byte.
///
/// - **NDJSON**: one alert a line (blank lines skipped). Once a line has held a whole record, or once a line
///   could not start a longer document, the input is read line by line to its end, so one cut-off or stray line
///   is one rejected record and never decides the fate of the lines after it.
/// - **Documents**: a value spread over lines (a pretty-printed alert) is one record when it is well-formed JSON;
///   one that is not counts as one rejected record, unless lines inside it hold whole objects of their own, in
///   which case only its first line is rejected and reading goes on line by line.
/// - **Arrays**: elements one at a time. An element that is not well-formed JSON is one rejected record, and
///   reading resumes at the next element that is (`},{` followed by an object with an `id`); when there is none,
///   one record says from which line and byte on the input could not be read. An array never closed, a `,`
///   before `]`, and elements without a `,` between them are each reported as a record of their own; after the
///   last, the rest is read line by line. Arrays may follow each other (`cat a.json b.json`).
/// - An input that holds nothing but white space is one rejected record.
final class FeedReader {
    private let reader: ByteReader
    /// The most bytes one record may look ahead over while its end is sought.
    private let maxRecordBytes: Int
    private var line = 1
    private var offset = 0
    private var index = 0
    private var state = State.start
    /// Whether a value may span lines (until the first whole line, or a line that starts none).
    private var documents = true
    /// Where the open array began.
    private var arrayLine = 0, arrayOffset = 0
    private var pending: SourceRecord?

    private enum State { case start, lines, arrayStart, arrayElement, done }

    init(reader: ByteReader, maxRecordBytes: Int = 1 << 20) {
        self.reader = reader
        self.maxRecordBytes = maxRecordBytes
    }

    /// The next record; `nil` at the end of the input.
    func next() throws -> SourceRecord? {
        if let pending {
            self.pending = nil
            return pending
        }
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                if offset == 0, try reader.byte(at: 0) == 0xEF, try reader.byte(at: 1) == 0xBB, try reader.byte(at: 2) == 0xBF {
                    advance(3)  // a UTF-8 byte order mark
                }
                try skipWhitespace()
                guard let first = try reader.byte(at: 0) else {
                    state = .done
                    return index == 0 && arrayLine == 0 ? problem("holds no alert (the input is empty)") : nil
                }
                if first == UInt8(ascii: "[") {
                    (arrayLine, arrayOffset) = (line, offset)
                    advance(1)
                    state = .arrayStart
                } else {
                    state = .lines
                }
            case .lines:
                if let record = try nextLine() { return record }
                state = .done
            case .arrayStart, .arrayElement:
                if let record = try nextElement() { return record }
            }
        }
    }

    // MARK: Lines and documents

    private func nextLine() throws -> SourceRecord? {
        var end: Int
        while true {
            guard try reader.byte(at: 0) != nil else { return nil }
            end = try reader.offset(of: 0x0A, from: 0) ?? reader.count
            if reader.bytes(0..<end).allSatisfy(JSONScanner.isWhitespace) {
                advance(min(end + 1, reader.count))
                continue
            }
            break
        }
        let text = reader.bytes(0..<end)
        var scanner = JSONScanner()
        for byte in text { _ = scanner.feed(byte) }
        let starts = text.first(where: { !JSONScanner.isWhitespace($0) })
        if documents, scanner.isOpen, starts == UInt8(ascii: "{") || starts == UInt8(ascii: "[") {
            if let record = try document(scanner: scanner, firstLineEnd: end) { return record }
        } else {
            documents = false
        }
        return take(lineEnd: end)
    }

    /// A record of the line that ends at `lineEnd` (a `\r` before the newline is left out).
    private func take(lineEnd: Int) -> SourceRecord {
        var bytes = reader.bytes(0..<lineEnd)
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        let record = SourceRecord(line: line, index: index, bytes: Array(bytes))
        index += 1
        advance(min(lineEnd + 1, reader.count))
        return record
    }

    /// A value that continues past its first line: the whole of it when it is well-formed JSON; `nil` when the
    /// first line alone is the record (lines after it hold objects of their own).
    private func document(scanner: JSONScanner, firstLineEnd: Int) throws -> SourceRecord? {
        var scanner = scanner
        var position = firstLineEnd
        var complete = false
        while position < maxRecordBytes, let byte = try reader.byte(at: position) {
            position += 1
            if scanner.feed(byte) { complete = true; break }
        }
        let candidate = reader.bytes(0..<position)
        if complete, (try? JSONParser().parse(candidate)) != nil {
            return whole(position)
        }
        let objectsInside = candidate[(candidate.startIndex + firstLineEnd)...].split(separator: 0x0A)
            .contains(where: JSONScanner.isWholeObject)
        guard !objectsInside, complete || position < maxRecordBytes else {
            documents = false
            return nil
        }
        return whole(position)  // one broken document, or one cut off by the end of the input
    }

    private func whole(_ count: Int) -> SourceRecord {
        let record = SourceRecord(line: line, index: index, bytes: Array(reader.bytes(0..<count)))
        index += 1
        advance(count)
        return record
    }

    // MARK: Arrays

    private func nextElement() throws -> SourceRecord? {
        try skipWhitespace()
        guard let first = try reader.byte(at: 0) else {
            let after = state == .arrayElement ? "after a ','" : "before its ']'"
            state = .done
            return problem("the array opened at line \(arrayLine) (byte \(arrayOffset)) is not closed: the input ends \(after)")
        }
        if first == UInt8(ascii: "]") {
            let trailing = state == .arrayElement
            advance(1)
            state = .start
            return trailing ? problem("a ',' with no alert after it closes the array at line \(line)") : nil
        }
        guard let end = try valueEnd(from: 0), (try? JSONParser().parse(reader.bytes(0..<end))) != nil else {
            return try resynchronize()
        }
        let record = SourceRecord(line: line, index: index, bytes: Array(reader.bytes(0..<end)))
        index += 1
        advance(end)
        try skipWhitespace()
        switch try reader.byte(at: 0) {
        case UInt8(ascii: ",")?:
            advance(1)
            state = .arrayElement
        case UInt8(ascii: "]")?:
            advance(1)
            state = .start
        case nil:
            state = .arrayStart  // the next call reports the array as not closed
        default:
            pending = problem("the array opened at line \(arrayLine) has no ',' or ']' after the alert that ends at line"
                              + " \(line) (byte \(offset)): from there on the input is read one alert per line")
            state = .lines
            documents = false
        }
        return record
    }

    /// The end of the value at `start` (an object or array by its brackets, anything else up to the next `,`, `]`
    /// or white space); `nil` when the input or the look-ahead ends first.
    private func valueEnd(from start: Int) throws -> Int? {
        guard let first = try reader.byte(at: start) else { return nil }
        var position = start
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var scanner = JSONScanner()
            while position - start < maxRecordBytes, let byte = try reader.byte(at: position) {
                position += 1
                if scanner.feed(byte) { return position }
            }
            return nil
        }
        while let byte = try reader.byte(at: position), byte != UInt8(ascii: ","), byte != UInt8(ascii: "]"),
              !JSONScanner.isWhitespace(byte) {
            position += 1
            if position - start >= maxRecordBytes { return nil }
        }
        return position
    }

    /// After an element that is not well-formed: the bytes up to the next element that is (the `}` before a `,`
    /// followed by an object with an `id`) are one rejected record; with none, the rest of the input is one.
    private func resynchronize() throws -> SourceRecord? {
        let startLine = line, startOffset = offset
        var dropped = 0
        var search = 1
        while let comma = try reader.offset(of: UInt8(ascii: ","), from: search) {
            search = comma + 1
            if try endsObject(before: comma), let next = try objectStart(after: comma), try isAlert(at: next) {
                let bad = badElement(count: try lastObjectEnd(before: comma), dropped: dropped, line: startLine,
                                     offset: startOffset)
                advance(comma + 1 - (bad.consumed))
                state = .arrayElement
                return bad.record
            }
            // Keep the window small: what lies well before the search point is part of the bad element.
            if search > 2 * maxRecordBytes {
                let drop = search - 64
                dropped += drop
                advance(drop)
                search -= drop
            }
        }
        let rest = dropped + reader.count
        advance(reader.count)
        state = .done
        return SourceRecord(line: startLine, index: index.postIncrement(), bytes: [],
                            problem: "cannot be read as alerts from line \(startLine) (byte \(startOffset)) to the end of the"
                                + " input, \(rest) bytes: no well-formed alert follows the one that starts there")
    }

    /// The bad element's record, from what was dropped from the window and what is still in it.
    private func badElement(count: Int, dropped: Int, line: Int, offset: Int) -> (record: SourceRecord, consumed: Int) {
        defer { index += 1 }
        if dropped == 0 && count <= maxRecordBytes {
            let record = SourceRecord(line: line, index: index, bytes: Array(reader.bytes(0..<count)))
            advance(count)
            return (record, count)
        }
        let total = dropped + count
        advance(count)
        return (SourceRecord(line: line, index: index, bytes: [],
                             problem: "not well-formed JSON: an element of \(total) bytes from line \(line) (byte \(offset)),"
                                 + " more than the \(maxRecordBytes) bytes one record may hold"), count)
    }

    private func endsObject(before comma: Int) throws -> Bool {
        try lastObjectEnd(before: comma) > 0
    }

    /// The offset just past the `}` that the white space before `comma` follows; 0 if there is none.
    private func lastObjectEnd(before comma: Int) throws -> Int {
        var position = comma - 1
        while position >= 0, let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position -= 1 }
        guard position >= 0, try reader.byte(at: position) == UInt8(ascii: "}") else { return 0 }
        return position + 1
    }

    private func objectStart(after comma: Int) throws -> Int? {
        var position = comma + 1
        while let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position += 1 }
        return try reader.byte(at: position) == UInt8(ascii: "{") ? position : nil
    }

    /// Whether a well-formed object with an `id` starts at `start`, followed by `,`, `]` or the end of the input.
    private func isAlert(at start: Int) throws -> Bool {
        guard let end = try valueEnd(from: start),
              case .object(let object)? = try? JSONParser().parse(reader.bytes(start..<end)), object["id"] != nil else {
            return false
        }
        var position = end
        while let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position += 1 }
        let next = try reader.byte(at: position)
        return next == nil || next == UInt8(ascii: ",") || next == UInt8(ascii: "]")
    }

    // MARK: Moving on

    private func problem(_ message: String) -> SourceRecord {
        defer { index += 1 }
        return SourceRecord(line: line, index: index, bytes: [], problem: message)
    }

    private func skipWhitespace() throws {
        var count = 0
        while let byte = try reader.byte(at: count), JSONScanner.isWhitespace(byte) { count += 1 }
        advance(count)
    }

    private func advance(_ count: Int) {
        line += reader.consume(count)
        offset += count
    }
}

extension Int {
    /// The value, then adds one.
    fileprivate mutating func postIncrement() -> Int {
        defer { self += 1 }
        return self
    }
}
