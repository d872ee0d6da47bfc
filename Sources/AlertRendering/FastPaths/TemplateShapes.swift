import AlertModel
import AlertPresentation
import Foundation
import Mustache
import Synchronization

// Fast path (docs/fast-paths.md) of template formats and the email's parts. Reference: the template rendered with the
// alert's own context (`TemplateContext.values`; `EmailFormat.renderDirectly`). Held equal by `TemplateShapesTests`.

/// A template rendered once per shape of context instead of once per alert.
///
/// A template sees the view model's strings only as text to put in place (they arrive escaped, and Mustache's own
/// escaping is off); what it decides on is the context's structure: the lengths of the lists, whether the help
/// line has a phone, `urgent`, the numbers. So the template is rendered once per structure with a numbered marker
/// in place of every string, and each alert's document is those pieces with its own strings put in place of the
/// markers.
///
/// The rule is checked, not assumed: the first alert of each shape is also rendered with its own strings and the two
/// documents compared (a difference renders that shape directly from then on), and a template that looks into a
/// string (a transform such as `uppercased()` on it) or changes how strings are escaped (a `CONTENT_TYPE` pragma)
/// is rendered directly for every alert.
final class TemplateShapes: Sendable {
    /// The pieces of one shape's document, or the verdict to render it directly.
    enum Entry: Sendable {
        case pieces(TemplatePieces)
        case direct
    }

    private let cache = ShapeCache(limit: 2048)
    private let valueDependent = Atomic(false)

    /// Whether the template looked into a string, so that every alert is rendered directly.
    var rendersDirectly: Bool { valueDependent.load(ordering: .relaxed) }

    /// How many shapes are held as pieces.
    var piecesCount: Int { cache.piecesCount }

    /// The document of `view` with its strings escaped by `escaping`; `direct` renders a context the usual way.
    /// Every render is limited by a budget of its own (`budget` makes one); one past it throws `RenderLimitError`.
    /// `limit` is the document size limit the budgets hold.
    /// `leaves`, when given, is `view`'s walk with `escaping` already made (a document of several templates, an
    /// email's parts, walks the view once per escaping).
    func render(_ view: AlertView, escaping: TemplateEscaping, product: ProductSettings, leaves prepared: TemplateLeaves? = nil,
                limit: Int, budget: () -> RenderBudget, direct: (TemplateObject) -> String?) throws(RenderLimitError) -> String? {
        func directly() throws(RenderLimitError) -> String? {
            let spent = budget()
            let document = direct(TemplateContext.values(of: view, escaping: escaping, product: product,
                                                         leaf: { EscapedText($0, budget: spent) }, budget: spent))
            try spent.check(document)
            return document
        }
        if rendersDirectly { return try directly() }
        let walk = prepared ?? TemplateLeaves(escaping: escaping, view: view, product: product)
        let entry: Entry
        if let cached = cache.entry(for: walk.shape) {
            entry = cached
        } else if case .again(let witness) = cache.sighting(walk.shape) {
            entry = try self.entry(for: view, product: product, leaves: walk.leaves, escaping: escaping, witness: witness,
                                   budget: budget, direct: direct)
            cache.set(entry, for: walk.shape)
        } else {  // a shape seen once is rendered directly: most are never seen again
            let document = try directly()
            if let document { cache.keep(ShapeCache.Witness(leaves: walk.leaves, document: document), for: walk.shape) }
            return document
        }
        guard case .pieces(let pieces) = entry else { return try directly() }
        // The shape knows the lists' lengths, not the strings': the size is checked before the document is built.
        guard pieces.size(walk.leaves) <= limit else { throw .documentTooLarge(limit: limit) }
        return pieces.document(walk.leaves)
    }

    /// Renders `view`'s shape with markers and checks the result: with `witness`'s strings in place, against the
    /// document rendered directly when the shape was first seen; without a witness, with `leaves` (`view`'s escaped
    /// strings) in place, against `view`'s own document.
    private func entry(for view: AlertView, product: ProductSettings, leaves: [String], escaping: TemplateEscaping,
                       witness: ShapeCache.Witness?, budget: () -> RenderBudget,
                       direct: (TemplateObject) -> String?) throws(RenderLimitError) -> Entry {
        let probe = LeafProbe()
        var count = 0
        func marker(_: Any) -> Any {
            defer { count += 1 }
            return MarkerText(index: count, probe: probe)
        }
        let spent = budget()
        let context = TemplateContext.values(of: view, escaping: escaping, product: product, leaf: marker, severity: marker,
                                             budget: spent)
        let marked = direct(context)
        try spent.check(nil)
        guard let marked else { return .direct }
        if probe.touched {
            valueDependent.store(true, ordering: .relaxed)
            return .direct
        }
        guard let pieces = TemplatePieces(marked, leafCount: count) else { return .direct }
        if let witness {
            return witness.leaves.count == count && pieces.document(witness.leaves) == witness.document ? .pieces(pieces) : .direct
        }
        let checking = budget()
        let expected = direct(TemplateContext.values(of: view, escaping: escaping, product: product,
                                                     leaf: { EscapedText($0, budget: checking) }, budget: checking))
        try checking.check(expected)
        return leaves.count == count && expected == pieces.document(leaves)
            ? .pieces(pieces) : .direct
    }
}

/// The shapes of a template's documents: the ones used most (`BoundedCache`), and the keys seen once (a shape is
/// rendered as pieces from its second sighting: most of a feed's rare shapes are never seen again). A shape seen once
/// keeps its first document and strings as a witness, within a bound in bytes, so that the pieces made at the second
/// sighting are checked against a document already rendered instead of a second render.
final class ShapeCache: Sendable {
    /// A document rendered directly, and the strings that were put in it.
    struct Witness: Sendable {
        let leaves: [String]
        let document: String
        /// What it holds, in bytes.
        var size: Int { leaves.reduce(document.utf8.count) { $0 + $1.utf8.count } }
    }

    /// What a look-up of a shape not yet held found.
    enum Sighting {
        case first
        /// Seen before, with the first document when it was kept.
        case again(Witness?)
    }

    private let entries: BoundedCache<[Int], TemplateShapes.Entry>
    private let seen = Mutex(Seen())
    private let limit: Int
    /// The most the witnesses hold together, in bytes, and the most one may hold.
    static let witnessBytes = 4 << 20, witnessLimit = 64 << 10

    private struct Seen {
        var witnesses: [[Int]: Witness?] = [:]
        var bytes = 0
    }

    init(limit: Int) {
        self.limit = limit
        entries = BoundedCache(limit: limit)
    }

    /// How many entries are pieces.
    var piecesCount: Int { entries.count(where: { if case .pieces = $0 { true } else { false } }) }

    /// How many witnesses are kept, and their bytes.
    var witnesses: (count: Int, bytes: Int) { seen.withLock { ($0.witnesses.values.count { $0 != nil }, $0.bytes) } }

    /// The entry for `key`, counting the hit.
    func entry(for key: [Int]) -> TemplateShapes.Entry? { entries.value(for: key) }

    /// Whether `key` was seen before (giving its witness up), else notes it as seen.
    func sighting(_ key: [Int]) -> Sighting {
        seen.withLock { seen in
            if let witness = seen.witnesses.removeValue(forKey: key) {
                if let witness { seen.bytes -= witness.size }
                return .again(witness)
            }
            if seen.witnesses.count >= limit * 4 { seen = Seen() }
            seen.witnesses[key] = .some(nil)
            return .first
        }
    }

    /// Keeps `witness` as the first document of `key`, a shape seen once, when it fits the bound.
    func keep(_ witness: Witness, for key: [Int]) {
        let size = witness.size
        guard size <= Self.witnessLimit else { return }
        seen.withLock { seen in
            guard seen.bytes + size <= Self.witnessBytes, case .some(.none) = seen.witnesses[key] else { return }
            seen.witnesses[key] = witness
            seen.bytes += size
        }
    }

    /// Stores `entry` for `key`.
    func set(_ entry: TemplateShapes.Entry, for key: [Int]) { entries.set(entry, for: key) }
}

/// A template's document cut at its markers: text, a string's number, text, … text.
struct TemplatePieces: Sendable {
    /// The text before each string, and the string's number.
    let pieces: [(text: String, leaf: Int)]
    /// The text after the last string.
    let tail: String

    /// The marker of string number `index`: private-use characters around an `&`, which any escaping but none
    /// would change, and the number.
    static func marker(_ index: Int) -> String { "\u{F8F0}&\(index)\u{F8F1}" }

    /// `document` cut at its markers; nil when a marker is damaged or numbers a string that is not there. The cut is
    /// made on the UTF-8 bytes: each marker's two private-use characters are three bytes that no other character
    /// contains (`EF A3 B0`, `EF A3 B1`).
    init?(_ document: String, leafCount: Int) {
        var document = document
        let cut = document.withUTF8 { bytes -> (pieces: [(text: String, leaf: Int)], tail: String)? in
            var pieces: [(text: String, leaf: Int)] = []
            var start = 0  // where the current piece of text starts
            var cursor = 0
            while let open = Self.find(0xB0, in: bytes, from: cursor) {
                var index = open + 3
                guard index < bytes.count, bytes[index] == UInt8(ascii: "&") else { return nil }
                index += 1
                var number = 0
                let digits = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), index - digits < 9 {
                    number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                    index += 1
                }
                guard index > digits, number < leafCount, Self.isMarkerEnd(bytes, at: index, 0xB1) else { return nil }
                pieces.append((String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<open]), as: UTF8.self), number))
                start = index + 3
                cursor = start
            }
            guard Self.find(0xB1, in: bytes, from: start) == nil else { return nil }
            return (pieces, String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
        }
        guard let cut else { return nil }
        self.pieces = cut.pieces
        self.tail = cut.tail
    }

    /// Where the next marker character `EF A3 last` starts in `bytes` from `from`.
    private static func find(_ last: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        var index = from
        while index + 2 < bytes.count {
            if bytes[index] == 0xEF, isMarkerEnd(bytes, at: index, last) { return index }
            index += 1
        }
        return nil
    }

    /// Whether the marker character `EF A3 last` is at `index`.
    private static func isMarkerEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ last: UInt8) -> Bool {
        index + 2 < bytes.count && bytes[index] == 0xEF && bytes[index + 1] == 0xA3 && bytes[index + 2] == last
    }

    /// The size in bytes of the document with `leaves` in place of the markers.
    func size(_ leaves: [String]) -> Int {
        pieces.reduce(tail.utf8.count) { $0 + $1.text.utf8.count + leaves[$1.leaf].utf8.count }
    }

    /// The document with `leaves` in place of the markers.
    func document(_ leaves: [String]) -> String {
        var out = ""
        out.reserveCapacity(size(leaves))
        for (text, leaf) in pieces {
            out += text
            out += leaves[leaf]
        }
        out += tail
        return out
    }
}

/// Notes whether a template looked into a string.
final class LeafProbe {
    var touched = false
}

/// A string's marker in a template's context: rendered as the marker; a transform on it marks the template as one
/// that depends on the strings' values.
struct MarkerText: MustacheCustomRenderable, MustacheTransformable, CustomStringConvertible, CustomDebugStringConvertible {
    let text: String
    let probe: LeafProbe
    init(index: Int, probe: LeafProbe) {
        text = TemplatePieces.marker(index)
        self.probe = probe
    }
    var renderText: String { text }
    var isNull: Bool { false }
    var description: String { text }
    var debugDescription: String { text }
    func transform(_ name: String) -> Any? {
        probe.touched = true
        return text.transform(name)
    }
}

/// The strings of a view in the order `ViewWalk` visits them (the order `TemplateContext.values` asks for their
/// markers), and the shape of the context: every value of it that is not a string (the lists' lengths, the optional
/// members' presence, the numbers and `urgent`).
struct TemplateLeaves: ViewVisitor {
    /// The strings, escaped.
    private(set) var leaves: [String] = []
    /// The values that are not strings, with the lists' lengths.
    private(set) var shape: [Int] = []
    private let escaping: TemplateEscaping

    init(escaping: TemplateEscaping) {
        self.escaping = escaping
        leaves.reserveCapacity(128)
        shape.reserveCapacity(64)
    }

    /// The strings and shape of `view`'s template context (with `product`), escaped by `escaping`.
    init(escaping: TemplateEscaping, view: AlertView, product: ProductSettings) {
        self.init(escaping: escaping)
        visit(view, product: product)
    }

    mutating func visit(_ view: AlertView, product: ProductSettings = ContentCatalog.english.product) {
        ViewWalk.walkTemplateContext(view, product: product, into: &self)
    }

    @inline(__always) mutating func object(_ members: (inout TemplateLeaves) -> Void) { members(&self) }
    @inline(__always) mutating func key(_ name: String, _ value: (inout TemplateLeaves) -> Void) { value(&self) }

    @inline(__always) mutating func list<Item>(_ items: [Item], _ element: (inout TemplateLeaves, Item) -> Void) {
        shape.append(items.count)
        for item in items { element(&self, item) }
    }

    @inline(__always) mutating func string(_ value: String) { leaves.append(escaping.escape(value)) }
    @inline(__always) mutating func verbatim(_ value: String) { leaves.append(value) }
    @inline(__always) mutating func integer(_ value: Int) { shape.append(value) }
    /// The severity is a number in the context; its text stands in for it, as Mustache renders it (not escaped).
    @inline(__always) mutating func number(_ value: Double) { leaves.append(String(describing: TemplateContext.number(value))) }
    @inline(__always) mutating func boolean(_ value: Bool) { shape.append(value ? 1 : 0) }
    @inline(__always) mutating func optional(_ present: Bool) { shape.append(present ? 1 : 0) }
}
