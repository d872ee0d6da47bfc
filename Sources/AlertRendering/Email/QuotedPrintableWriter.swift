// Fast path (docs/fast-paths.md) of a MIME part's body. Reference: `MIMEMessage.quotedPrintable(_:)`, the whole text
// at once. Held equal by `EmailFormatTests.quotedPrintableWriter` and by the golden files.

/// Writes a part's text as quoted-printable UTF-8 (RFC 2045 §6.7) into a message being built, as
/// `MIMEMessage.quotedPrintable(_:)` does, but a piece at a time: a shared run of whole lines (`SharedRun` with its
/// `quotedPrintable` form) that starts a line and is not the text's end is put in by reference, encoded once for
/// every message that shares it. Every line of quoted-printable depends on its own bytes alone, so encoding the
/// lines apart gives the bytes that encoding the whole text would.
struct QuotedPrintableWriter {
    /// The message's own bytes.
    private var out: [UInt8]
    /// Where the line being written starts in `out`.
    private var lineStart: Int
    /// A carriage return seen, which ends a line with the line feed after it, or alone.
    private var pendingReturn = false

    private init(out: [UInt8]) {
        self.out = out
        lineStart = out.count
    }

    /// `document`'s text as quoted-printable lines appended to `builder`: its last line feed left out, lines ended
    /// by CRLF but the last.
    static func append(_ document: RenderedDocument, to builder: inout DocumentBuilder) {
        var writer = QuotedPrintableWriter(out: [])
        swap(&writer.out, &builder.own)
        writer.lineStart = writer.out.count
        let start = writer.out.count
        var written = 0, ended = false
        // The text as the reference reads it: without its last line feed.
        let total = document.count, end = document.lastByte == 0x0A ? total - 1 : total
        document.forEachSegment { bytes, run in
            defer { written += bytes.count }
            if let encoded = run?.quotedPrintable, writer.out.count == writer.lineStart, !writer.pendingReturn {
                // At a line's start: the run's lines, encoded once, before the text's end; or as the text's end.
                let put = written + bytes.count < end ? encoded.lines : written + bytes.count == total ? encoded.end : nil
                if let put {
                    swap(&writer.out, &builder.own)
                    builder.insert(put)
                    swap(&writer.out, &builder.own)
                    ended = put === encoded.end
                    return
                }
            }
            writer.write(UnsafeBufferPointer(rebasing: bytes[0..<max(0, min(bytes.count, end - written))]))
        }
        if !ended { writer.finish(from: start) }
        swap(&writer.out, &builder.own)
    }

    /// `bytes` (a shared run) encoded once for each place `append` may put it in by reference.
    static func encoded(_ bytes: [UInt8]) -> QuotedPrintableRun {
        let end = Array(MIMEMessage.quotedPrintable(String(decoding: bytes, as: UTF8.self)).utf8)
        return QuotedPrintableRun(lines: bytes.last == 0x0A ? SharedRun(bytes: lines(bytes)) : nil,
                                  end: end.isEmpty ? nil : SharedRun(bytes: end))
    }

    /// The quoted-printable lines of `bytes`, whole lines (ending with a line feed) that start a line: what a
    /// shared run is put in as.
    static func lines(_ bytes: [UInt8]) -> [UInt8] {
        var writer = QuotedPrintableWriter(out: [])
        bytes.withUnsafeBufferPointer { writer.write($0) }
        return writer.out
    }

    private mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        out.reserveCapacity(out.count + bytes.count + bytes.count / 4 + 8)
        var index = 0
        let count = bytes.count
        while index < count {
            if !pendingReturn {
                // Bytes written as they are, as many as the line has room for: copied at once.
                let limit = min(count, index + max(0, 75 - (out.count - lineStart)))
                var next = index
                while next < limit, Self.isPlain(bytes[next]) { next += 1 }
                if next > index {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
                    index = next
                    continue
                }
            }
            write(bytes[index])
            index += 1
        }
    }

    /// Whether quoted-printable writes `byte` as it is: printable ASCII but `=`, space and tab.
    @inline(__always)
    private static func isPlain(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x7E && byte != 0x3D) || byte == 0x20 || byte == 0x09
    }

    @inline(__always)
    private mutating func write(_ byte: UInt8) {
        if pendingReturn {
            pendingReturn = false
            lineEnd()
            if byte == 0x0A { return }
        }
        switch byte {
        case 0x0D:
            pendingReturn = true
        case 0x0A:
            lineEnd()
        case _ where Self.isPlain(byte):
            if out.count - lineStart >= 75 { softBreak() }
            out.append(byte)
        default:
            if out.count - lineStart + 3 > 75 { softBreak() }
            let hex: StaticString = "0123456789ABCDEF"
            out.append(0x3D)
            out.append(hex.utf8Start[Int(byte >> 4)])
            out.append(hex.utf8Start[Int(byte & 0x0F)])
        }
    }

    private mutating func softBreak() {
        out.append(contentsOf: [0x3D, 0x0D, 0x0A])
        lineStart = out.count
    }

    /// A line's end: white space before it encoded, then CRLF.
    private mutating func lineEnd() {
        if out.count > lineStart, let last = out.last, last == 0x20 || last == 0x09 {
            out.removeLast()
            if out.count - lineStart + 3 > 76 { out.append(contentsOf: [0x3D, 0x0D, 0x0A]) }
            out.append(contentsOf: [0x3D, UInt8(ascii: last == 0x20 ? "2" : "0"), UInt8(ascii: last == 0x20 ? "0" : "9")])
        }
        out.append(0x0D)
        out.append(0x0A)
        lineStart = out.count
    }

    /// The text's end: a line not yet ended is ended, and the last CRLF written for this text is left out.
    private mutating func finish(from start: Int) {
        if pendingReturn {
            pendingReturn = false
            lineEnd()
        }
        if out.count != lineStart { lineEnd() }
        if out.count - start >= 2, out[out.count - 2] == 0x0D, out[out.count - 1] == 0x0A { out.removeLast(2) }
    }
}

/// A shared run of an email's part as quoted-printable, encoded once: as lines inside the text (for a run of whole
/// lines) and as the text's end (its last line feed left out, no CRLF after it); nil where it cannot stand there.
struct QuotedPrintableRun: Sendable {
    let lines: SharedRun?
    let end: SharedRun?
}
