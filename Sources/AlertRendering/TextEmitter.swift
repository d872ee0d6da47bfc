import AlertModel
import AlertPresentation

/// Plain text wrapped by word, for SMS or the text part of an email: the same content in the same order
/// as the page, with underlined headings, `- ` steps, `> ` popups and `[Button]` labels.
public struct TextEmitter: AlertEmitter {
    /// Creates the emitter.
    public init() {}

    /// `text`, `text/plain`.
    public let format = OutputFormat(name: "text", aliases: ["txt", "plain"], mediaType: "text/plain; charset=utf-8",
                                     fileExtension: "txt", summary: "plain text wrapped by word")

    /// The text document.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        var writer = TextWriter(width: max(20, options.textWidth))
        writer.write(DocumentLayout.blocks(for: view), prefix: "")
        return writer.output
    }
}

/// Writes layout blocks as wrapped text, a blank line between blocks (quoted, inside a quotation).
struct TextWriter {
    let width: Int
    private(set) var output = ""
    private var lastPrefix: String?
    private var tight = false
    private var inTightRun = false

    init(width: Int) {
        self.width = width
    }

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
            let underline = String(repeating: level == 1 ? "=" : "-", count: min(width - prefix.count, text.count))
            output += prefix + underline + "\n"
        case .paragraph(let inlines, _):
            let text = Self.plain(inlines)
            guard !text.isEmpty else { return }
            startBlock(prefix)
            wrap(text, first: prefix, rest: prefix)
        case .quote(let children):
            write(children, prefix: prefix + "> ")
        case .shared(_, let blocks):
            write(blocks(), prefix: prefix)
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
            output += (lastPrefix == prefix ? String(prefix.reversed().drop(while: { $0 == " " }).reversed()) : "") + "\n"
        }
        lastPrefix = prefix
    }

    /// Wraps `text` by word at `width`; a word longer than a line stands alone on its line, unbroken. Only a
    /// character that is white space through and through separates words: a space carrying combining marks
    /// (`( ͡° ͜ʖ ͡°)`) is part of the text and is kept.
    private mutating func wrap(_ text: String, first: String, rest: String) {
        var line = first
        var lineHasWord = false
        for word in text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }) {
            if lineHasWord, line.count + 1 + word.count > width {
                output += line + "\n"
                line = rest
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        output += line + "\n"
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
