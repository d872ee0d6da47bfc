import AlertJSON
import AlertModel

/// A rendered document as UTF-8: the bytes of this alert, with runs of markup that many alerts share (the advice,
/// the buttons and popups of an HTML page) held by reference. Writing it, or escaping it into a JSON line, copies
/// the shared runs from their cache instead of rendering or escaping them again for every alert.
public struct RenderedDocument: Sendable {
    /// This document's own bytes; the shared runs go between them at `insertions`' offsets.
    private var own: [UInt8]
    /// Shared runs, each before the byte of `own` at its offset (offsets ascending).
    private var insertions: [(offset: Int, run: SharedRun)]
    /// What fitting the document into its receiver's limits did (`AlertPipeline.emit`); `nil` for a document made
    /// as its template made it.
    public internal(set) var fit: DocumentFit?

    /// A document that shares nothing: these bytes.
    public init(bytes: [UInt8]) {
        own = bytes
        insertions = []
    }

    init(own: [UInt8], insertions: [(offset: Int, run: SharedRun)]) {
        self.own = own
        self.insertions = insertions
    }

    /// How many shared runs the document holds.
    var sharedRunCount: Int { insertions.count }

    /// The number of bytes.
    public var count: Int { insertions.reduce(own.count) { $0 + $1.run.bytes.count } }

    /// The whole document's bytes.
    public var bytes: [UInt8] {
        guard !insertions.isEmpty else { return own }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        forEachRun { out.append(contentsOf: $0) }
        return out
    }

    /// Calls `body` with each run of the document's bytes, in order.
    public func forEachRun(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try own.withUnsafeBufferPointer { own in
            var start = 0
            for (offset, run) in insertions {
                try body(UnsafeBufferPointer(rebasing: own[start..<offset]))
                try run.bytes.withUnsafeBufferPointer(body)
                start = offset
            }
            try body(UnsafeBufferPointer(rebasing: own[start...]))
        }
    }

    /// Calls `body` with each piece of the document in order: its own bytes (no run), or a shared run's.
    func forEachSegment(_ body: (UnsafeBufferPointer<UInt8>, SharedRun?) -> Void) {
        own.withUnsafeBufferPointer { own in
            var start = 0
            for (offset, run) in insertions {
                if offset > start { body(UnsafeBufferPointer(rebasing: own[start..<offset]), nil) }
                run.bytes.withUnsafeBufferPointer { body($0, run) }
                start = offset
            }
            if own.count > start { body(UnsafeBufferPointer(rebasing: own[start...]), nil) }
        }
    }

    /// The document's last byte, if it has any.
    var lastByte: UInt8? {
        for (offset, run) in insertions.reversed() where offset == own.count {
            if let byte = run.bytes.last { return byte }
        }
        return own.last
    }

    /// About how many bytes the document takes as a JSON string (`appendJSONString(to:)` reserves them): a line that
    /// holds the document can be made at its size at once.
    public var jsonCapacity: Int { own.count + own.count / 8 + insertions.reduce(16) { $0 + $1.run.json.count } }

    /// Appends the document as a JSON string (escaped as `JSONString.append` escapes it): the shared runs were
    /// escaped once, when they were first rendered. Runs start and end at whole characters, so escaping them apart
    /// gives the bytes that escaping the whole document would.
    public func appendJSONString(to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + jsonCapacity)
        bytes.append(UInt8(ascii: "\""))
        own.withUnsafeBufferPointer { own in
            var start = 0
            for (offset, run) in insertions {
                JSONString.append(utf8: UnsafeBufferPointer(rebasing: own[start..<offset]), to: &bytes, quoted: false)
                bytes.append(contentsOf: run.json)
                start = offset
            }
            JSONString.append(utf8: UnsafeBufferPointer(rebasing: own[start...]), to: &bytes, quoted: false)
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Markup that many documents share, rendered once: its bytes, and the same escaped for a JSON string.
final class SharedRun: Sendable {
    /// The markup's UTF-8.
    let bytes: [UInt8]
    /// The markup as the inside of a JSON string (no quotes).
    let json: [UInt8]
    /// The same bytes as a MIME part's quoted-printable, for a run that an email's part shares
    /// (`QuotedPrintableWriter` puts it in where the run starts a line).
    let quotedPrintable: QuotedPrintableRun?

    convenience init(_ markup: String) {
        self.init(bytes: Array(markup.utf8))
    }

    init(bytes: [UInt8], quotedPrintable: QuotedPrintableRun? = nil) {
        self.bytes = bytes
        self.quotedPrintable = quotedPrintable
        var json: [UInt8] = []
        bytes.withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &json, quoted: false) }
        self.json = json
    }

    /// The markup as a string.
    var markup: String { String(decoding: bytes, as: UTF8.self) }
}

/// Builds a `RenderedDocument`: bytes of its own, shared runs between them.
struct DocumentBuilder {
    /// The document's own bytes so far.
    var own: [UInt8] = []
    private var insertions: [(offset: Int, run: SharedRun)] = []

    /// A builder whose own bytes hold `capacity` and whose runs hold a page's (about 30) without growing.
    init(capacity: Int) {
        own.reserveCapacity(capacity)
        insertions.reserveCapacity(32)
    }

    /// Puts a shared run after the bytes so far.
    mutating func insert(_ run: SharedRun) { insertions.append((own.count, run)) }

    /// Whether the document so far ends with a newline.
    var endsWithNewline: Bool {
        if let last = insertions.last, last.offset == own.count { return last.run.bytes.last == 0x0A }
        return own.last == 0x0A
    }

    /// The document.
    func document() -> RenderedDocument { RenderedDocument(own: own, insertions: insertions) }
}
