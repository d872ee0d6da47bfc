import AlertJSON
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
    /// The kind of that problem: not JSON, or a record over the size limit.
    var kind: FailureKind = .notJSON
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

    /// Whether reading the next record may wait for input (`ByteReader.mayWait`).
    var mayWait: Bool { pending == nil && state != .done && reader.mayWait }

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
            switch try reader.find(0x0A, from: 0, before: maxRecordBytes + 1) {
            case .found(let newline): end = newline
            case .end: end = reader.count
            case .beyond: return try oversizeLine()
            }
            if reader.bytes(0..<end).allSatisfy(JSONScanner.isWhitespace) {
                advance(min(end + 1, reader.count))
                continue
            }
            break
        }
        // Once the input is known to be NDJSON, a line is a record as it is; until then, one that leaves a bracket
        // open may start a document.
        guard documents else { return take(lineEnd: end) }
        let text = reader.bytes(0..<end)
        var scanner = JSONScanner()
        for byte in text { _ = scanner.feed(byte) }
        let starts = text.first(where: { !JSONScanner.isWhitespace($0) })
        if scanner.isOpen, starts == UInt8(ascii: "{") || starts == UInt8(ascii: "[") {
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

    /// A line longer than a record may be: skipped to its end without holding it, as one rejected record.
    private func oversizeLine() throws -> SourceRecord {
        let startLine = line
        let step = 1 << 20
        var total = 0
        while true {
            switch try reader.find(0x0A, from: 0, before: step) {
            case .found(let newline):
                total += newline
                advance(newline + 1)
            case .end:
                total += reader.count
                advance(reader.count)
            case .beyond:
                // Only the bytes searched are known to hold no line end: the window may hold more, the next line's
                // among them (skipping the whole window lost it when a read brought both).
                total += step
                advance(step)
                continue
            }
            break
        }
        documents = false
        defer { index += 1 }
        return SourceRecord(line: startLine, index: index, bytes: [],
                            problem: "a line of \(total) bytes, over the alert size limit of \(maxRecordBytes) bytes; not read",
                            kind: .tooLarge)
    }

    /// A value that continues past its first line: the whole of it when it is well-formed JSON, or when it is broken
    /// but holds no lines of its own that are whole objects at the start of a line (NDJSON records); otherwise `nil`:
    /// the first line alone is the record, and the input is read line by line from there.
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
            .contains { line in line.first == UInt8(ascii: "{") && JSONScanner.isWholeObject(line) }
        if objectsInside {
            documents = false
            return nil
        }
        if complete || position < maxRecordBytes { return whole(position) }  // broken, or cut off by the end of the input
        return try oversizeDocument(scanner: scanner, scanned: position)
    }

    private func whole(_ count: Int) -> SourceRecord {
        let record = SourceRecord(line: line, index: index, bytes: Array(reader.bytes(0..<count)))
        index += 1
        advance(count)
        return record
    }

    /// A document longer than a record may be: read to its end without holding it, as one rejected record.
    private func oversizeDocument(scanner: JSONScanner, scanned: Int) throws -> SourceRecord {
        var scanner = scanner
        let startLine = line
        var total = scanned
        advance(scanned)
        var complete = false
        while !complete, try reader.ensure(1) {
            var count = 0
            for byte in reader.bytes(0..<reader.count) {
                count += 1
                if scanner.feed(byte) { complete = true; break }
            }
            total += count
            advance(count)
        }
        defer { index += 1 }
        return SourceRecord(line: startLine, index: index, bytes: [],
                            problem: "an alert of \(complete ? "" : "at least ")\(total) bytes, over the alert size limit of "
                                + "\(maxRecordBytes) bytes; not read", kind: .tooLarge)
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
        guard let end = try valueEnd(from: 0) else { return try resynchronize(before: nil) }
        if (try? JSONParser().parse(reader.bytes(0..<end))) == nil,
           // Not well-formed, though its brackets balance: it is one element of its own unless a well-formed alert
           // starts inside it (a stray quote made the brackets seem to balance over several elements).
           let record = try resynchronize(before: end) {
            return record
        }
        let record = SourceRecord(line: line, index: index, bytes: Array(reader.bytes(0..<end)))
        index += 1
        advance(end)
        try afterElement()
        return record
    }

    /// After an element: a `,` (another follows), a `]` (the array ends), the end of the input (reported next), or
    /// anything else: the array is broken there, and the rest is read line by line.
    private func afterElement() throws {
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
    }

    /// The end of the value at `start` (an object or array by its brackets, a string by its quotes, anything else
    /// up to the next `,`, `]` or white space); `nil` when the input or the look-ahead ends first.
    private func valueEnd(from start: Int) throws -> Int? {
        guard let first = try reader.byte(at: start) else { return nil }
        var position = start
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") {
            var scanner = JSONScanner()
            while position - start < maxRecordBytes, let byte = try reader.byte(at: position) {
                position += 1
                if scanner.feed(byte) || (first == UInt8(ascii: "\"") && position > start + 1 && !scanner.isOpen) {
                    return position
                }
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
    /// followed by an object with an `id` that ends the array or is followed by another element) are one rejected
    /// record. With `knownEnd`, only a resumption inside it counts; without one there, the caller takes the
    /// element as it is (`nil`). With no end known and none found, the rest of the input is one record.
    private func resynchronize(before knownEnd: Int?) throws -> SourceRecord? {
        let startLine = line, startOffset = offset
        var dropped = 0
        var position = 1
        var budget = 16 * maxRecordBytes  // bytes that trial reads of candidate alerts may cover, in all
        while let byte = try reader.byte(at: position) {
            if let knownEnd, position >= knownEnd { return nil }
            if byte == UInt8(ascii: ","), budget > 0, let end = try lastObjectEnd(before: position),
               let next = try objectStart(after: position), try isAlert(at: next, budget: &budget) {
                let record = badElement(count: end, dropped: dropped, line: startLine, offset: startOffset)
                advance(position + 1 - end)
                state = .arrayElement
                return record
            }
            position += 1
            // Keep the window small: what lies well before the search point is part of the bad element.
            if knownEnd == nil, position > 2 * maxRecordBytes {
                let drop = position - 64
                dropped += drop
                advance(drop)
                position -= drop
            }
        }
        let rest = dropped + reader.count
        advance(reader.count)
        state = .done
        defer { index += 1 }
        return SourceRecord(line: startLine, index: index, bytes: [],
                            problem: "cannot be read as alerts from line \(startLine) (byte \(startOffset)) to the end of the"
                                + " input, \(rest) bytes: no well-formed alert follows the one that starts there")
    }

    /// The bad element's record: its bytes, or, when they were too many to keep, what they were.
    private func badElement(count: Int, dropped: Int, line: Int, offset: Int) -> SourceRecord {
        defer { index += 1 }
        if dropped == 0 && count <= maxRecordBytes {
            let record = SourceRecord(line: line, index: index, bytes: Array(reader.bytes(0..<count)))
            advance(count)
            return record
        }
        advance(count)
        return SourceRecord(line: line, index: index, bytes: [],
                            problem: "not well-formed JSON: an element of \(dropped + count) bytes from line \(line) (byte \(offset)),"
                                + " more than the \(maxRecordBytes) bytes one record may hold", kind: .tooLarge)
    }

    /// The offset just past the `}` that the white space before `comma` follows, if there is one.
    private func lastObjectEnd(before comma: Int) throws -> Int? {
        var position = comma - 1
        while position >= 0, let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position -= 1 }
        guard position >= 0, try reader.byte(at: position) == UInt8(ascii: "}") else { return nil }
        return position + 1
    }

    private func objectStart(after comma: Int) throws -> Int? {
        var position = comma + 1
        while let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position += 1 }
        return try reader.byte(at: position) == UInt8(ascii: "{") ? position : nil
    }

    /// Whether a well-formed object with an `id` starts at `start`, followed by `,` and another object, or by `]`
    /// and then nothing but white space or another array. Each trial spends what it reads from `budget`.
    private func isAlert(at start: Int, budget: inout Int) throws -> Bool {
        guard let end = try valueEnd(from: start) else {
            budget -= maxRecordBytes
            return false
        }
        budget -= end - start
        guard case .object(let object)? = try? JSONParser().parse(reader.bytes(start..<end)), object["id"] != nil else {
            return false
        }
        var position = end
        while let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position += 1 }
        switch try reader.byte(at: position) {
        case UInt8(ascii: ",")?:
            return try objectStart(after: position) != nil
        case UInt8(ascii: "]")?:
            position += 1
            while let byte = try reader.byte(at: position), JSONScanner.isWhitespace(byte) { position += 1 }
            let next = try reader.byte(at: position)
            return next == nil || next == UInt8(ascii: "[")
        default:
            return false
        }
    }

    // MARK: Moving on

    private func problem(_ message: String) -> SourceRecord {
        defer { index += 1 }
        return SourceRecord(line: line, index: index, bytes: [], problem: message)
    }

    /// Skips white space, consuming it as it goes, so a long run of it is never held.
    private func skipWhitespace() throws {
        while true {
            var count = 0
            while count < 1 << 16, let byte = try reader.byte(at: count), JSONScanner.isWhitespace(byte) { count += 1 }
            advance(count)
            if count < 1 << 16 { return }
        }
    }

    private func advance(_ count: Int) {
        line += reader.consume(count)
        offset += count
    }
}
