import AlertModel
import Foundation

/// The HTML of a layout whose texts are left out: its shape. The alerts of a feed come in few shapes (the same
/// blocks, classes and icons around other words), so cmark lays out each shape once, with a marker where each text
/// goes, and an alert then costs its own texts, escaped as cmark escapes text, written between the shape's markup.
/// Shared blocks (the advice, the buttons and popups) are runs of their own in the document (`SharedRun`).
///
/// Whatever the fast way cannot write exactly as cmark would (a link whose address cmark would percent-encode, a
/// shape whose markers do not come out as laid), it declines, and the caller renders the layout through cmark whole.
struct MarkupShape: Sendable {
    enum Piece: Sendable, Equatable {
        /// Markup of the shape, a range of `markup`.
        case markup(Range<Int>)
        /// A text, escaped as cmark escapes a text node.
        case text
        /// A link's address, as cmark writes an `href`.
        case href
        /// A shared block's markup.
        case shared
        /// A child of a repeated container, in a shape of its own.
        case nested
    }

    let markup: [UInt8]
    let pieces: [Piece]

    /// Cuts cmark's rendering of a shape at its markers; `nil` unless they come out as `expected`: one per slot, in
    /// order, and one per shared block.
    init?(rendering: [UInt8], expected: [Piece]) {
        var pieces: [Piece] = []
        var start = 0, index = 0
        let count = rendering.count
        func cut(_ piece: Piece, length: Int) {
            if start < index { pieces.append(.markup(start..<index)) }
            pieces.append(piece)
            index += length
            start = index
        }
        while index < count {
            switch rendering[index] {
            case ShapeMarker.text:
                cut(.text, length: 1)
            case ShapeMarker.shared where index + 1 < count && rendering[index + 1] == 0x0A:
                cut(.shared, length: 2)
            case ShapeMarker.nested where index + 1 < count && rendering[index + 1] == 0x0A:
                cut(.nested, length: 2)
            case UInt8(ascii: "%") where index + 2 < count && rendering[index + 1] == UInt8(ascii: "0")
                && rendering[index + 2] == UInt8(ascii: "1"):
                cut(.href, length: 3)
            default:
                index += 1
            }
        }
        if start < count { pieces.append(.markup(start..<count)) }
        guard pieces.filter({ if case .markup = $0 { false } else { true } }) == expected else { return nil }
        markup = rendering
        self.pieces = pieces
    }

    /// Writes `blocks` into `document` through their shapes (laid out through cmark the first time, in `icons`'
    /// cache): `false`, with `document` partly written, where a shape declines.
    static func write(_ blocks: [LayoutBlock], _ walk: ShapeWalk, icons: IconSet, into document: inout DocumentBuilder) -> Bool {
        let shape = icons.shapes.value(for: ShapeKey(signature: walk.signature)) {
            MarkupShape(rendering: CMark.shapeHTML(blocks, icons: icons), expected: walk.expectedPieces)
        }
        guard let shape else { return false }
        document.own.reserveCapacity(document.own.count + shape.markup.count + 128)
        var slot = 0, shared = 0, nested = 0
        for piece in shape.pieces {
            switch piece {
            case .markup(let range):
                shape.markup.withUnsafeBufferPointer { document.own.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
            case .text:
                guard case .text(let text) = walk.slots[slot] else { return false }
                HTMLText.appendEscaped(text, to: &document.own)
                slot += 1
            case .href:
                guard case .href(let url) = walk.slots[slot], HTMLText.appendHref(url, to: &document.own) else { return false }
                slot += 1
            case .shared:
                let (key, blocks) = walk.shared[shared]
                let run = icons.sharedMarkup.value(for: key) { SharedRun(CMark.html(blocks(), icons: icons)) }
                // cmark writes shared blocks on lines of their own, and so the marker's line; the markup ends with a
                // newline as that line does.
                guard run.bytes.last == 0x0A else { return false }
                document.insert(run)
                shared += 1
            case .nested:
                let (blocks, inner) = walk.nested[nested]
                guard write(blocks, inner, icons: icons, into: &document), document.own.last == 0x0A else { return false }
                nested += 1
            }
        }
        return true
    }
}

/// The markers a shape is laid out with: bytes that no text reaches cmark with (`ControlCharacters` makes them
/// visible first) and that no markup from code holds.
enum ShapeMarker {
    /// In place of a text node's literal.
    static let text: UInt8 = 0x01
    /// A custom block in place of shared blocks.
    static let shared: UInt8 = 0x03
    /// A custom block in place of each child of a repeated container.
    static let nested: UInt8 = 0x04
    /// In place of a link's address: cmark percent-encodes it as `%01`.
    static let href = "\u{01}"
}

/// A value a shape leaves out.
enum ShapeSlot {
    case text(String)
    case href(String)
}

/// A layout taken apart: what identifies its shape, its texts and addresses in document order, and its shared blocks.
struct ShapeWalk {
    /// The shape, serialized: each block and inline with its kind, classes, tags, icon names and attributes
    /// (length-prefixed strings, closing marks), texts as a mark alone. Equal signatures, equal shapes.
    private(set) var signature: [UInt8] = []
    private(set) var slots: [ShapeSlot] = []
    private(set) var shared: [(LayoutKey, @Sendable () -> [LayoutBlock])] = []
    /// The pieces other than markup that the shape's rendering must show, in document order.
    private(set) var expectedPieces: [MarkupShape.Piece] = []
    /// The children of repeated containers, each with its own shape.
    private(set) var nested: [(blocks: [LayoutBlock], walk: ShapeWalk)] = []

    init(_ blocks: [LayoutBlock]) {
        signature.reserveCapacity(256)
        slots.reserveCapacity(16)
        walk(blocks)
    }

    private enum Mark {
        static let container: UInt8 = 0xF0, heading: UInt8 = 0xF1, paragraph: UInt8 = 0xF2, list: UInt8 = 0xF3
        static let item: UInt8 = 0xF4, quote: UInt8 = 0xF5, shared: UInt8 = 0xF6, text: UInt8 = 0xF7
        static let strong: UInt8 = 0xF8, icon: UInt8 = 0xF9, button: UInt8 = 0xFA, call: UInt8 = 0xFB
        static let link: UInt8 = 0xFC, href: UInt8 = 0xFD, close: UInt8 = 0xFE, none: UInt8 = 0xFF
        static let nested: UInt8 = 0xEF
    }

    private mutating func mark(_ byte: UInt8) { signature.append(byte) }

    private mutating func string(_ text: String) {
        let count = text.utf8.count
        signature.append(UInt8(truncatingIfNeeded: count))
        signature.append(UInt8(truncatingIfNeeded: count >> 8))
        signature.append(UInt8(truncatingIfNeeded: count >> 16))
        signature.append(contentsOf: text.utf8)
    }

    private mutating func walk(_ blocks: [LayoutBlock]) {
        for block in blocks { walk(block) }
    }

    private mutating func walk(_ block: LayoutBlock) {
        switch block {
        case .container(let container, let children):
            mark(Mark.container)
            string(container.tag)
            string(container.role)
            for (name, value) in container.attributes { string(name); string(value) }
            mark(Mark.close)
            if container.repeated {
                for child in children {
                    placeholder(Mark.nested, .nested)
                    nested.append(([child], ShapeWalk([child])))
                }
            } else {
                walk(children)
            }
            mark(Mark.close)
        case .heading(let level, let inlines):
            mark(Mark.heading)
            mark(UInt8(truncatingIfNeeded: level))
            walk(inlines)
            mark(Mark.close)
        case .paragraph(let inlines, let role):
            mark(Mark.paragraph)
            if let role { string(role) } else { mark(Mark.none) }
            walk(inlines)
            mark(Mark.close)
        case .list(let items):
            mark(Mark.list)
            for item in items {
                mark(Mark.item)
                walk(item)
                mark(Mark.close)
            }
            mark(Mark.close)
        case .quote(let children):
            mark(Mark.quote)
            walk(children)
            mark(Mark.close)
        case .shared(let key, let blocks):
            placeholder(Mark.shared, .shared)
            shared.append((key, blocks))
        }
    }

    private mutating func walk(_ inlines: [LayoutInline]) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                placeholder(Mark.text, .text)
                slots.append(.text(text))
            case .strong(let children):
                mark(Mark.strong)
                walk(children)
                mark(Mark.close)
            case .icon(let name):
                mark(Mark.icon)
                string(name)
            case .button(let button):
                mark(Mark.button)
                string(button.popup)
                string(button.role)
                mark(button.closes ? 1 : 0)
                walk([.text(button.label)])
            case .call(let label, let line, let role):
                mark(Mark.call)
                string(role)
                string(line.uri)
                walk([.text(label)])
            case .link(let url, let children):
                mark(Mark.link)
                placeholder(Mark.href, .href)
                slots.append(.href(url))
                walk(children)
                mark(Mark.close)
            }
        }
    }

    private mutating func placeholder(_ kind: UInt8, _ piece: MarkupShape.Piece) {
        signature.append(kind)
        expectedPieces.append(piece)
    }
}

/// A shape's signature as a dictionary key, hashed as one run of bytes (an array's own hashing takes them one by one).
struct ShapeKey: Hashable, Sendable {
    let signature: [UInt8]

    func hash(into hasher: inout Hasher) {
        signature.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
