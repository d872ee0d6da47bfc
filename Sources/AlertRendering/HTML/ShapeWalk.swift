import AlertModel
import AlertPresentation

// Fast path (docs/fast-paths.md) of HTML, the layout's shape read straight off the view. Reference:
// `ShapeWalk(_:)` over `DocumentLayout.blocks`, to which each shape's first use holds it. Held equal by
// `MarkupShapeTests`.

/// A layout taken apart: what identifies its shape, its texts and addresses in document order, its shared blocks and
/// its repeated children. Made from laid-out blocks, or straight from a view (`init(view:standalone:)`), which
/// costs a fraction of laying the blocks out; the shape's first use holds the two to the same texts and places.
struct ShapeWalk {
    /// The shape, serialized: each block and inline with its kind, classes, tags, icon names and attributes
    /// (length-prefixed strings, closing marks), texts as a mark alone. Equal signatures, equal shapes.
    private(set) var signature: [UInt8] = []
    private(set) var slots: [ShapeSlot] = []
    private(set) var shared = SharedKeys()
    /// The places other than markup that the shape's rendering must show, in document order. A walk of a view
    /// collects them only when asked (`withPlaces()`): they follow from its signature, and only a new shape needs them.
    private(set) var places: [MarkupShape.Place] = []
    /// Whether `places` is collected.
    private var collectsPlaces = true
    /// The children of repeated containers, each with its own shape.
    private(set) var nested: [ShapeWalk] = []
    /// What was walked, laid out again as blocks (`blocks()`) only when its shape is new.
    private let source: Source

    /// What a walk was made from.
    private enum Source {
        case blocks([LayoutBlock])
        case view(AlertView, standalone: Bool)
        case detail(AlertView.Detail)
    }

    /// This walk with its places collected: itself, or the same walk of its view or detail again.
    func withPlaces() -> ShapeWalk {
        guard !collectsPlaces else { return self }
        switch source {
        case .blocks: return self
        case .view(let view, let standalone): return ShapeWalk(view: view, standalone: standalone, places: true)
        case .detail(let detail): return ShapeWalk(detail: detail, places: true)
        }
    }

    /// The blocks walked.
    func blocks() -> [LayoutBlock] {
        switch source {
        case .blocks(let blocks): blocks
        case .view(let view, let standalone): DocumentLayout.blocks(for: view, standalone: standalone)
        case .detail(let detail): [DocumentLayout.detail(detail)]
        }
    }

    /// Walks laid-out blocks.
    init(_ blocks: [LayoutBlock]) {
        source = .blocks(blocks)
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
        withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { signature.append(contentsOf: $0) }
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
                    nested.append(ShapeWalk([child]))
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
        case .shared(let key):
            placeholder(Mark.shared, .shared)
            shared.append(key)
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

    private mutating func placeholder(_ kind: UInt8, _ place: MarkupShape.Place) {
        signature.append(kind)
        places.append(place)
    }
}


extension ShapeWalk {
    /// The walk of `DocumentLayout.blocks(for: view, standalone:)` made from the view itself, without laying out blocks:
    /// the same texts and places in the same order (`MarkupShape.shape(of:icons:)` checks it with the blocks the first
    /// time a shape is seen). Its signature holds what the layout's shape depends on: the page kind, the urgent badge,
    /// the header's icon and the number of details (each detail is a walk of its own).
    init(view: AlertView, standalone: Bool, places withPlaces: Bool = false) {
        source = .view(view, standalone: standalone)
        collectsPlaces = withPlaces
        // Each list made at its size: growing them cost more allocations than the rest of the walk.
        signature.reserveCapacity(40 + view.header.icon.utf8.count)
        if withPlaces { places.reserveCapacity(6 + view.details.count) }
        slots.reserveCapacity(4)
        nested.reserveCapacity(view.details.count)
        signature += [ViewMark.page, standalone ? 1 : 0, view.urgent ? 1 : 0]
        string(view.header.icon)
        withUnsafeBytes(of: UInt64(view.details.count).littleEndian) { signature.append(contentsOf: $0) }
        text(view.title)
        if view.urgent { text(view.urgentLabel) }
        text(view.header.title)
        text(view.header.subtitle)
        for detail in view.details {
            place(.nested)
            nested.append(ShapeWalk(detail: detail))
        }
        let (advice, controls) = DocumentLayout.sharedKeys(view)
        place(.shared)
        place(.shared)
        shared = SharedKeys(advice, controls)
    }

    /// The walk of `DocumentLayout.detail(detail)`: its icon and, for each field, its name, kind and whether a link
    /// has words before it.
    init(detail: AlertView.Detail, places withPlaces: Bool = false) {
        source = .detail(detail)
        collectsPlaces = withPlaces
        signature.reserveCapacity(16 + detail.icon.utf8.count + detail.fields.reduce(0) { $0 + 10 + $1.name.utf8.count })
        if withPlaces { places.reserveCapacity(1 + 3 * detail.fields.count) }
        slots.reserveCapacity(1 + 3 * detail.fields.count)
        signature.append(ViewMark.detail)
        string(detail.icon)
        text(detail.value)
        for field in detail.fields {
            string(field.name)
            switch field.kind {
            case .text:
                signature.append(0)
                text(field.text)
            case .quote:
                signature.append(1)
                text(field.label)
                text(field.value)
            case .link:
                signature.append(field.label.isEmpty ? 2 : 3)
                if !field.label.isEmpty { text(field.label + " ") }
                place(.href)
                slots.append(.href(field.value))
                text(field.value)
            }
        }
    }

    /// First bytes of a view's signatures, which a walk of blocks never starts with.
    private enum ViewMark {
        static let page: UInt8 = 0xE0, detail: UInt8 = 0xE1
    }

    private mutating func text(_ text: String) {
        place(.text)
        slots.append(.text(text))
    }

    private mutating func place(_ place: MarkupShape.Place) {
        if collectsPlaces { places.append(place) }
    }
}

/// The keys of a walk's shared blocks, in order: a view's two (its advice and its controls) held in place, a walk of
/// blocks' in a list (a list for every alert's two keys was an allocation an alert).
struct SharedKeys {
    private var pair: (LayoutKey, LayoutKey)?
    private var list: [LayoutKey] = []

    init() {}

    init(_ first: LayoutKey, _ second: LayoutKey) { pair = (first, second) }

    /// How many keys there are.
    var count: Int { pair == nil ? list.count : 2 }

    /// The key at `index`.
    subscript(index: Int) -> LayoutKey {
        guard let pair else { return list[index] }
        return index == 0 ? pair.0 : pair.1
    }

    /// Adds a key after the others (a walk of blocks, which never holds a pair).
    mutating func append(_ key: LayoutKey) {
        assert(pair == nil, "a view's walk holds its pair whole")
        list.append(key)
    }
}
