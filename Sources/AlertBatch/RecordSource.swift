import Foundation

/// A stream of alert records from one input.
protocol RecordSource: AnyObject {
    /// The next record's line (from 1), index (from 0) and bytes; `nil` at the end.
    func next() throws -> (line: Int, index: Int, bytes: [UInt8])?
}

/// One alert per line; blank lines are skipped. A line that is not JSON is still a record (it will be rejected).
final class NDJSONSource: RecordSource {
    private let reader: ByteReader
    private var pending: ArraySlice<UInt8>?
    private var line: Int
    private var index = 0

    init(reader: ByteReader, firstLine: ArraySlice<UInt8>? = nil, lineOfFirst: Int = 1) {
        self.reader = reader
        self.pending = firstLine
        self.line = lineOfFirst - 1
    }

    func next() throws -> (line: Int, index: Int, bytes: [UInt8])? {
        while true {
            let text: ArraySlice<UInt8>
            if let pending {
                text = pending
                self.pending = nil
            } else {
                guard let read = try reader.nextLine() else { return nil }
                text = read
            }
            line += 1
            if text.allSatisfy(JSONBytes.isWhitespace) { continue }
            defer { index += 1 }
            return (line, index, Array(text))
        }
    }
}

/// The elements of one JSON array, read one at a time so the array can be any size. Anything after the
/// closing bracket is one more record, which will be rejected.
final class JSONArraySource: RecordSource {
    private let reader: ByteReader
    private var line = 1
    private var index = 0
    private var state = State.beforeElement

    private enum State { case beforeElement, afterClose, done }

    /// `reader` is positioned just after the opening `[`, which was on `line`.
    init(reader: ByteReader, line: Int) {
        self.reader = reader
        self.line = line
    }

    func next() throws -> (line: Int, index: Int, bytes: [UInt8])? {
        switch state {
        case .done:
            return nil
        case .afterClose:
            state = .done
            try skipWhitespace()
            guard try reader.peek() != nil else { return nil }
            let start = line
            var rest: [UInt8] = []
            while let byte = try reader.next() { rest.append(byte); if byte == 0x0A { line += 1 } }
            return (start, index, rest)
        case .beforeElement:
            try skipWhitespace()
            guard let first = try reader.peek() else { state = .done; return nil }
            if first == UInt8(ascii: "]") && index == 0 {
                _ = try reader.next()
                state = .afterClose
                return try next()
            }
            return try element()
        }
    }

    /// Bytes up to the `,` or `]` that ends the element at depth 0, outside strings.
    private func element() throws -> (line: Int, index: Int, bytes: [UInt8])? {
        let start = line
        var bytes: [UInt8] = []
        var depth = 0, inString = false, escaped = false
        while let byte = try reader.next() {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"): depth = max(0, depth - 1)
                case UInt8(ascii: "]") where depth > 0: depth -= 1
                case UInt8(ascii: ","), UInt8(ascii: "]"):
                    if depth == 0 {
                        state = byte == UInt8(ascii: ",") ? .beforeElement : .afterClose
                        defer { index += 1 }
                        return (start, index, bytes)
                    }
                default: break
                }
            }
            bytes.append(byte)
        }
        state = .done  // the array was never closed: what was read is the last record, and it will be rejected
        defer { index += 1 }
        return (start, index, bytes)
    }

    private func skipWhitespace() throws {
        while let byte = try reader.peek(), JSONBytes.isWhitespace(byte) {
            if byte == 0x0A { line += 1 }
            _ = try reader.next()
        }
    }
}

/// A whole input as one record: a single alert document, pretty-printed or not.
final class DocumentSource: RecordSource {
    private let reader: ByteReader
    private var bytes: [UInt8]?
    private let line: Int

    init(reader: ByteReader, prefix: ArraySlice<UInt8>, line: Int) {
        self.reader = reader
        self.bytes = Array(prefix)
        self.line = line
    }

    func next() throws -> (line: Int, index: Int, bytes: [UInt8])? {
        guard var bytes else { return nil }
        self.bytes = nil
        bytes.append(0x0A)
        while let byte = try reader.next() { bytes.append(byte) }
        return (line, 0, bytes)
    }
}

enum JSONBytes {
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// Whether `bytes` hold one complete JSON object or array: brackets balance, outside strings, by the end.
    static func isBalanced(_ bytes: ArraySlice<UInt8>) -> Bool {
        var depth = 0, inString = false, escaped = false, opened = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; opened = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return opened && depth == 0 && !inString
    }
}
