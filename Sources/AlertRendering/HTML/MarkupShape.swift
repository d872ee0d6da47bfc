import AlertJSON
import AlertModel
import Foundation

// Fast path (docs/fast-paths.md) of HTML. Reference: the whole `DocumentLayout` through cmark
// (`HTMLEmitter.referenceHTML`). Held equal by `MarkupShapeTests`.

/// The HTML of a layout whose texts are left out: its shape. The alerts of a feed come in few shapes (the same
/// blocks, classes and icons around other words), so cmark lays out each shape once, with a marker where each text
/// goes, and an alert then costs its own texts, escaped as cmark escapes text, written between the shape's markup.
/// The shape's markup and the shared blocks (the advice, the buttons and popups) are runs of their own in the
/// document (`SharedRun`): escaped for JSON once, not for every alert.
///
/// Whatever the fast way cannot write exactly as cmark would (a link whose address cmark would percent-encode, a
/// shape whose markers do not come out as laid), it declines, and the caller renders the layout through cmark whole.
struct MarkupShape: Sendable {
    enum Piece: Sendable {
        /// Markup of the shape.
        case markup(SharedRun)
        /// A text, escaped as cmark escapes a text node.
        case text
        /// A link's address, as cmark writes an `href`.
        case href
        /// A shared block's markup.
        case shared
        /// A child of a repeated container, in a shape of its own.
        case nested
    }

    /// The places other than markup that a shape has, in document order.
    enum Place: Sendable, Equatable {
        case text, href, shared, nested
    }

    let pieces: [Piece]

    /// Cuts cmark's rendering of a shape at its markers; `nil` unless they come out as `expected`: one per slot, in
    /// order, and one per shared block and per nested child.
    init?(rendering: [UInt8], expected: [Place]) {
        var pieces: [Piece] = []
        var places: [Place] = []
        var start = 0, index = 0
        let count = rendering.count
        func cut(_ piece: Piece, _ place: Place, length: Int) {
            if start < index { pieces.append(.markup(SharedRun(bytes: Array(rendering[start..<index])))) }
            pieces.append(piece)
            places.append(place)
            index += length
            start = index
        }
        while index < count {
            switch rendering[index] {
            case ShapeMarker.text:
                cut(.text, .text, length: 1)
            case ShapeMarker.shared where index + 1 < count && rendering[index + 1] == 0x0A:
                cut(.shared, .shared, length: 2)
            case ShapeMarker.nested where index + 1 < count && rendering[index + 1] == 0x0A:
                cut(.nested, .nested, length: 2)
            case UInt8(ascii: "%") where index + 2 < count && rendering[index + 1] == UInt8(ascii: "0")
                && rendering[index + 2] == UInt8(ascii: "1"):
                cut(.href, .href, length: 3)
            default:
                index += 1
            }
        }
        if start < count { pieces.append(.markup(SharedRun(bytes: Array(rendering[start..<count])))) }
        guard places == expected else { return nil }
        self.pieces = pieces
    }

    /// The shape of `walk` from `icons`' cache, laid out through cmark the first time: `nil` if cmark's markers do not
    /// come out as laid, or if the walk does not take the texts of its own blocks in their order (then that shape is
    /// always rendered through cmark whole).
    static func shape(of walk: ShapeWalk, icons: IconSet) -> MarkupShape? {
        icons.shapes.value(for: ShapeKey(signature: walk.signature)) {
            let walk = walk.withPlaces()
            let blocks = walk.blocks()
            let reference = ShapeWalk(blocks)
            guard reference.places == walk.places, reference.slots == walk.slots else { return nil }
            return MarkupShape(rendering: CMark.shapeHTML(blocks, icons: icons), expected: walk.places)
        }
    }

    /// Writes the walked layout into `document` through its shape (and its children's): `false`, with `document`
    /// partly written, where a shape declines.
    static func write(_ walk: ShapeWalk, icons: IconSet, into document: inout DocumentBuilder) -> Bool {
        guard let shape = shape(of: walk, icons: icons) else { return false }
        var slot = 0, shared = 0, nested = 0
        for piece in shape.pieces {
            switch piece {
            case .markup(let run):
                document.insert(run)
            case .text:
                guard slot < walk.slots.count, case .text(let text) = walk.slots[slot] else { return false }
                HTMLText.appendEscaped(text, to: &document.own)
                slot += 1
            case .href:
                guard slot < walk.slots.count, case .href(let url) = walk.slots[slot],
                      HTMLText.appendHref(url, to: &document.own) else { return false }
                slot += 1
            case .shared:
                guard shared < walk.shared.count else { return false }
                let key = walk.shared[shared]
                let run = icons.sharedMarkup.value(for: key) { SharedRun(CMark.html(key.blocks(), icons: icons)) }
                // cmark writes shared blocks on lines of their own, and so the marker's line; the markup ends with a
                // newline as that line does.
                guard run.bytes.last == 0x0A else { return false }
                document.insert(run)
                shared += 1
            case .nested:
                guard nested < walk.nested.count, write(walk.nested[nested], icons: icons, into: &document),
                      document.endsWithNewline else { return false }
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
enum ShapeSlot: Equatable {
    case text(String)
    case href(String)
}

/// A shape's signature as a dictionary key, hashed as one run of bytes (an array's own hashing takes them one by one).
struct ShapeKey: Hashable, Sendable {
    let signature: [UInt8]

    func hash(into hasher: inout Hasher) {
        signature.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
