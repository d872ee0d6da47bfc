import AlertJSON
import AlertModel
import AlertPresentation

// Fast path (docs/fast-paths.md) of the JSON format. Reference: `JSONEncoder` over `AlertView`'s `Codable`
// conformance. Held equal by `JSONViewWriterTests`.

/// Writes an `AlertView` as JSON byte for byte as `JSONEncoder` does with `.sortedKeys` and `.withoutEscapingSlashes`
/// (and `.prettyPrinted` unless `compact`), control characters escaped as `ControlCharacters.escapedInJSON` has them,
/// straight into bytes: no encoder, no boxing, no string re-scanned. A test holds the two equal over every sample and
/// hostile texts; a view it cannot write the same way (a severity that is not a plain decimal) returns `nil`, and
/// the emitter falls back to `JSONEncoder`.
struct JSONViewWriter: ViewVisitor {
    /// The document: its own bytes, and the shared sections (`JSONSections`) as runs.
    private var out = DocumentBuilder(capacity: 8192)
    /// The document's own bytes so far.
    private var bytes: [UInt8] {
        get { out.own }
        _modify { yield &out.own }
    }
    private let pretty: Bool
    /// The shared sections' runs, written in place of walking them.
    private let shared: JSONSections?
    private var depth = 0
    /// Whether the container being written has a member yet, per level.
    private var started: [Bool] = []

    private init(pretty: Bool, shared: JSONSections? = nil) {
        self.pretty = pretty
        self.shared = shared
    }

    /// The view as JSON text, or `nil` for a severity `JSONEncoder` would write in exponent form.
    static func json(of view: AlertView, pretty: Bool) -> String? {
        document(of: view, pretty: pretty, sections: nil, newline: false).map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// The view model's JSON with the sections that many alerts share (`sections`, from the same view or one with equal
    /// sections) as shared runs, and a line break after it with `newline`; `nil` where `json(of:pretty:)` is.
    static func document(of view: AlertView, pretty: Bool, sections: JSONSections?, newline: Bool) -> RenderedDocument? {
        guard number(view.severity) != nil else { return nil }
        var writer = JSONViewWriter(pretty: pretty, shared: sections)
        ViewWalk.walk(view, into: &writer)
        if newline { writer.bytes.append(UInt8(ascii: "\n")) }
        return writer.out.document()
    }

    /// A section of the view model written alone, as it stands at the top level of the document.
    static func section(_ part: JSONSection, of view: AlertView, pretty: Bool) -> SharedRun {
        var writer = JSONViewWriter(pretty: pretty)
        writer.depth = 1
        ViewWalk.walk(part, of: view, into: &writer)
        return SharedRun(bytes: writer.bytes)
    }

    private static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        let text = String(value)
        return text.contains("e") ? nil : text
    }

    // MARK: ViewVisitor

    mutating func section(_ part: JSONSection, _ body: (inout JSONViewWriter) -> Void) {
        guard let shared else { return body(&self) }
        switch part {
        case .actions: out.insert(shared.actions)
        case .help: out.insert(shared.help)
        case .nextSteps: out.insert(shared.nextSteps)
        case .risks: out.insert(shared.risks)
        case .sources: out.insert(shared.sources)
        }
    }

    mutating func object(_ members: (inout JSONViewWriter) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), members)
    }

    mutating func list<Item>(_ items: [Item], _ element: (inout JSONViewWriter, Item) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { writer in
            for item in items {
                writer.next()
                element(&writer, item)
            }
        }
    }

    mutating func key(_ name: String, _ value: (inout JSONViewWriter) -> Void) {
        next()
        JSONString.append(name, to: &bytes, shortEscapes: true)
        if pretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
        value(&self)
    }

    mutating func string(_ value: String) {
        JSONString.append(value, to: &bytes, shortEscapes: true)
    }

    mutating func integer(_ value: Int) { bytes += String(value).utf8 }

    /// The severity as `JSONEncoder` writes it (`document` has checked that it can be).
    mutating func number(_ value: Double) { bytes += (Self.number(value) ?? "null").utf8 }

    mutating func boolean(_ value: Bool) { bytes += (value ? "true" : "false").utf8 }

    // MARK: JSON

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Starts a member or element of the current container: the comma and, pretty, the line break and indent.
    private mutating func next() {
        if started[started.count - 1] { bytes.append(UInt8(ascii: ",")) }
        started[started.count - 1] = true
        if pretty { newline() }
    }

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONViewWriter) -> Void) {
        bytes.append(open)
        depth += 1
        started.append(false)
        body(&self)
        let hadMembers = started.removeLast()
        depth -= 1
        if pretty {
            // `JSONEncoder` writes an empty container over a blank line: `[\n\n  ]`.
            if !hadMembers { bytes.append(UInt8(ascii: "\n")) }
            newline()
        }
        bytes.append(close)
    }
}

/// The JSON of the sections that alerts with the same advice share (the actions, help, steps, risks and sources), each
/// written once as it stands at the top level of a view model's JSON.
struct JSONSections: Sendable {
    let actions: SharedRun, help: SharedRun, nextSteps: SharedRun, risks: SharedRun, sources: SharedRun
}

/// The view model's sections that many alerts share.
enum JSONSection: Sendable, Hashable {
    case actions, help, nextSteps, risks, sources
}

/// What sections' JSON is cached by: the shared blocks' key that holds what they show (the controls' for the actions
/// and help, the advice's for the steps, risks and sources), and the layout.
struct JSONSectionKey: Hashable, Sendable {
    let blocks: LayoutKey
    let pretty: Bool
}
