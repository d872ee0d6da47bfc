import AlertJSON
import AlertModel
import AlertPresentation

/// Plain text wrapped by word, for SMS or the text part of an email: the same content in the same order
/// as the page, with underlined headings, `- ` steps, `> ` popups and `[Button]` labels.
public struct TextEmitter: AlertEmitter {
    /// The text of shared blocks (the advice, the buttons and popups) by key, width and the state they start in.
    private let shared = BoundedCache<SharedTextKey, SharedText>(limit: 1024)

    /// Creates the emitter.
    public init() {}

    /// `text`, `text/plain`.
    public let format = OutputFormat(name: "text", aliases: ["txt", "plain"], mediaType: "text/plain; charset=utf-8",
                                     fileExtension: "txt", summary: "plain text wrapped by word")

    /// The text document.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        String(decoding: renderDocument(view, options: options).bytes, as: UTF8.self)
    }

    /// The text, with the shared blocks' text (written once per kind of advice and width) held as shared runs.
    public func renderDocument(_ view: AlertView, options: RenderOptions) -> RenderedDocument {
        var writer = TextWriter(width: max(20, options.textWidth), shared: shared)
        writer.write(DocumentLayout.blocks(for: view, medium: .document), prefix: "")
        return writer.document
    }
}

/// Writes layout blocks as wrapped text, a blank line between blocks (quoted, inside a quotation).
struct TextWriter {
    let width: Int
    /// The document so far: its own UTF-8, and the shared blocks' text as runs.
    private var out = DocumentBuilder(capacity: 4096)
    /// The document's own bytes so far.
    private var bytes: [UInt8] {
        get { out.own }
        _modify { yield &out.own }
    }
    private var lastPrefix: String?
    private var tight = false
    private var inTightRun = false
    /// Where shared blocks' text is kept once written; `nil` writes it every time.
    private let shared: BoundedCache<SharedTextKey, SharedText>?

    init(width: Int, shared: BoundedCache<SharedTextKey, SharedText>? = nil) {
        self.width = width
        self.shared = shared
    }

    /// The document.
    var output: String { String(decoding: document.bytes, as: UTF8.self) }

    /// The document, shared blocks' text as shared runs.
    var document: RenderedDocument { out.document() }

    mutating func write(_ blocks: [LayoutBlock], prefix: String) {
        for block in blocks { write(block, prefix: prefix) }
    }

    private mutating func write(_ block: LayoutBlock, prefix: String) {
        switch block {
        case .container(let container, let children):
            // A quotation starts after a plain blank line, so that two in a row stay apart.
            if container.quoted, lastPrefix != nil { lastPrefix = "\u{1}" }
            let wasTight = tight
            tight = tight || container.tight
            write(children, prefix: container.quoted ? prefix + "> " : prefix)
            tight = wasTight
            if container.tight { inTightRun = false }
        case .heading(let level, let inlines):
            let text = Self.plain(inlines)
            startBlock(prefix)
            wrap(text, first: prefix, rest: prefix)
            bytes += prefix.utf8
            bytes += repeatElement(UInt8(ascii: level == 1 ? "=" : "-"), count: min(width - prefix.count, text.count))
            bytes.append(UInt8(ascii: "\n"))
        case .paragraph(let inlines, _):
            let text = Self.plain(inlines)
            guard !text.isEmpty else { return }
            startBlock(prefix)
            wrap(text, first: prefix, rest: prefix)
        case .quote(let children):
            write(children, prefix: prefix + "> ")
        case .shared(let key):
            // Written alone from the same state, the blocks give the same text and leave the same state: kept once.
            guard let shared, !tight, !inTightRun else { return write(key.blocks(), prefix: prefix) }
            let text = shared.value(for: SharedTextKey(key: key, width: width, prefix: prefix, lastPrefix: lastPrefix)) {
                var alone = TextWriter(width: width)
                alone.lastPrefix = lastPrefix
                alone.write(key.blocks(), prefix: prefix)
                return SharedText(run: SharedRun(bytes: alone.bytes), lastPrefix: alone.lastPrefix, inTightRun: alone.inTightRun)
            }
            out.insert(text.run)
            lastPrefix = text.lastPrefix
            inTightRun = text.inTightRun
        case .list(let items):
            startBlock(prefix)
            for item in items {
                for case .paragraph(let inlines, _) in item {
                    wrap(Self.plain(inlines), first: prefix + "- ", rest: prefix + "  ")
                }
            }
        }
    }

    /// A blank line before every block but the first and those of a tight run; inside a quotation the blank line
    /// keeps its marker.
    private mutating func startBlock(_ prefix: String) {
        defer { inTightRun = tight }
        if tight, inTightRun { return }
        if let lastPrefix {
            if lastPrefix == prefix {
                // The prefix without its trailing spaces (`> ` gives `>`).
                let utf8 = Array(prefix.utf8)
                var end = utf8.count
                while end > 0, utf8[end - 1] == UInt8(ascii: " ") { end -= 1 }
                bytes += utf8[..<end]
            }
            bytes.append(UInt8(ascii: "\n"))
        }
        lastPrefix = prefix
    }

    /// Wraps `text` by word at `width`; a word longer than a line stands alone on its line, unbroken. Only a
    /// character that is white space through and through separates words: a space carrying combining marks
    /// (`( ͡° ͜ʖ ͡°)`) is part of the text and is kept.
    private mutating func wrap(_ text: String, first: String, rest: String) {
        if !wrapSimple(text, first: first, rest: rest) { wrapByCharacter(text, first: first, rest: rest) }
    }

    /// Wraps text whose characters are each one scalar (ASCII, Latin letters, typographic quotes and dashes) and
    /// whose only white space is ASCII, the usual case, by bytes: words are the runs between ASCII white space, and a
    /// word's width is its count of scalars. `false`, with nothing written, for any other text.
    private mutating func wrapSimple(_ text: String, first: String, rest: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 -> Bool in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x80 { index += 1; continue }
                // A two- or three-byte scalar in the simple ranges: U+00A1…U+024F (not the soft hyphen),
                // U+2010…U+2027 (dashes, quotes, bullets, ellipsis).
                if byte >= 0xC2, byte <= 0xC9, index + 1 < utf8.count {
                    if byte == 0xC2, utf8[index + 1] <= 0xA0 || utf8[index + 1] == 0xAD { return false }
                    index += 2
                } else if byte == 0xE2, index + 2 < utf8.count, utf8[index + 1] == 0x80,
                          (0x90...0xA7).contains(utf8[index + 2]) {
                    index += 3
                } else {
                    return false
                }
            }
            let firstUTF8 = Array(first.utf8), restUTF8 = Array(rest.utf8)
            bytes += firstUTF8
            var lineWidth = first.count
            var lineHasWord = false
            index = 0
            while index < utf8.count {
                guard !Self.isASCIISpace(utf8[index]) else { index += 1; continue }
                let start = index
                var wordWidth = 0
                while index < utf8.count, !Self.isASCIISpace(utf8[index]) {
                    if utf8[index] & 0xC0 != 0x80 { wordWidth += 1 }
                    index += 1
                }
                if lineHasWord, lineWidth + 1 + wordWidth > width {
                    bytes.append(UInt8(ascii: "\n"))
                    bytes += restUTF8
                    lineWidth = rest.count
                    lineHasWord = false
                }
                if lineHasWord {
                    bytes.append(UInt8(ascii: " "))
                    lineWidth += 1
                }
                bytes += UnsafeBufferPointer(rebasing: utf8[start..<index])
                lineWidth += wordWidth
                lineHasWord = true
            }
            bytes.append(UInt8(ascii: "\n"))
            return true
        }
    }

    /// `text` wrapped as one paragraph, by the byte path when `simple` (if it applies) or by `Character`: what a test
    /// compares.
    static func wrapped(_ text: String, width: Int, first: String, rest: String, simple: Bool) -> String? {
        var writer = TextWriter(width: width)
        if simple {
            guard writer.wrapSimple(text, first: first, rest: rest) else { return nil }
        } else {
            writer.wrapByCharacter(text, first: first, rest: rest)
        }
        return writer.output
    }

    /// ASCII white space: what separates words in simple text (`\t`, `\n`, `\v`, `\f`, `\r`, space).
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The general wrap, by `Character`.
    private mutating func wrapByCharacter(_ text: String, first: String, rest: String) {
        var line = first
        var lineHasWord = false
        for word in text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }) {
            if lineHasWord, line.count + 1 + word.count > width {
                bytes += line.utf8
                bytes.append(UInt8(ascii: "\n"))
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        bytes += line.utf8
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The inlines as text; control characters from any value are made visible (`ControlCharacters.visible`).
    static func plain(_ inlines: [LayoutInline]) -> String {
        var text = ""
        for inline in inlines {
            switch inline {
            case .text(let value): text += ControlCharacters.visible(value)
            case .strong(let children): text += plain(children)
            case .icon: break
            case .button(let button): text += "[" + ControlCharacters.visible(button.label) + "]"
            case .call(let label, let line, _): text += "[" + ControlCharacters.visible(label) + ": " + line.display + "]"
            case .link(let url, let children):
                let words = plain(children)
                text += (words == url ? "" : words + ": ") + ControlCharacters.visible(url)
            }
        }
        return text
    }
}

/// What the text of shared blocks depends on: the blocks (their key), the width, and the state the writer is in.
struct SharedTextKey: Hashable, Sendable {
    let key: LayoutKey
    let width: Int
    let prefix: String
    let lastPrefix: String?
}

/// Shared blocks' text, and the state the writer is in after it.
struct SharedText: Sendable {
    let run: SharedRun
    let lastPrefix: String?
    let inTightRun: Bool
}
