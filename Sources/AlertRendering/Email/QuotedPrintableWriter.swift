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
        var written = 0
        // The text as the reference reads it: without its last line feed.
        let end = document.lastByte == 0x0A ? document.count - 1 : document.count
        document.forEachSegment { bytes, run in
            defer { written += bytes.count }
            if let encoded = run?.quotedPrintable, writer.out.count == writer.lineStart, !writer.pendingReturn,
               written + bytes.count < end {
                // At a line's start, and not the text's end: the run's lines, encoded once.
                swap(&writer.out, &builder.own)
                builder.insert(encoded)
                swap(&writer.out, &builder.own)
                return
            }
            writer.write(UnsafeBufferPointer(rebasing: bytes[0..<max(0, min(bytes.count, end - written))]))
        }
        writer.finish(from: start)
        swap(&writer.out, &builder.own)
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
        for byte in bytes { write(byte) }
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
        case 0x21...0x7E where byte != 0x3D, 0x20, 0x09:
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
