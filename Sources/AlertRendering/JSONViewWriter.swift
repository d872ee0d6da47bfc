import AlertModel
import AlertPresentation

/// Writes an `AlertView` as JSON byte for byte as `JSONEncoder` does with `.sortedKeys` and `.withoutEscapingSlashes`
/// (and `.prettyPrinted` unless `compact`), control characters escaped as `ControlCharacters.escapedInJSON` has them,
/// straight into bytes: no encoder, no boxing, no string re-scanned. A test holds the two equal over every sample and
/// hostile texts; a view it cannot write the same way (a severity that is not a plain decimal) returns `nil`, and
/// the emitter falls back to `JSONEncoder`.
struct JSONViewWriter {
    /// The document: its own bytes, and the shared sections (`JSONSections`) as runs.
    private var out = DocumentBuilder(capacity: 8192)
    /// The document's own bytes so far.
    private var bytes: [UInt8] {
        get { out.own }
        _modify { yield &out.own }
    }
    private let pretty: Bool
    private var depth = 0
    /// Whether the container being written has a member yet, per level.
    private var started: [Bool] = []

    private init(pretty: Bool) {
        self.pretty = pretty
    }

    /// The view as JSON text, or `nil` for a severity `JSONEncoder` would write in exponent form.
    static func json(of view: AlertView, pretty: Bool) -> String? {
        document(of: view, pretty: pretty, sections: nil, newline: false).map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// The view model's JSON with the sections that many alerts share (`sections`, from the same view or one with equal
    /// sections) as shared runs, and a line break after it with `newline`; `nil` where `json(of:pretty:)` is.
    static func document(of view: AlertView, pretty: Bool, sections: JSONSections?, newline: Bool) -> RenderedDocument? {
        guard let severity = number(view.severity) else { return nil }
        var writer = JSONViewWriter(pretty: pretty)
        writer.object {
            $0.key("actions") { $0.section(sections?.actions) { $0.actions(view.actions) } }
            $0.key("details") { $0.array(view.details) { $0.detail($1) } }
            $0.key("header") {
                $0.object {
                    $0.member("icon", view.header.icon)
                    $0.member("subtitle", view.header.subtitle)
                    $0.member("title", view.header.title)
                }
            }
            $0.key("help") { $0.section(sections?.help) { $0.help(view.help) } }
            $0.member("id", view.id)
            $0.member("locale", view.locale)
            $0.key("nextSteps") { $0.section(sections?.nextSteps) { $0.steps(view.nextSteps) } }
            $0.key("risks") { $0.section(sections?.risks) { $0.risks(view.risks) } }
            $0.key("severity") { $0.raw(severity) }
            $0.key("sources") { $0.section(sections?.sources) { $0.sources(view.sources) } }
            $0.member("title", view.title)
            $0.member("type", view.type)
            $0.key("urgent") { $0.raw(view.urgent ? "true" : "false") }
            $0.member("urgentLabel", view.urgentLabel)
        }
        if newline { writer.bytes.append(UInt8(ascii: "\n")) }
        return writer.out.document()
    }

    /// A section of the view model written alone, as it stands at the top level of the document.
    static func section(_ part: JSONSection, of view: AlertView, pretty: Bool) -> SharedRun {
        var writer = JSONViewWriter(pretty: pretty)
        writer.depth = 1
        switch part {
        case .actions: writer.actions(view.actions)
        case .help: writer.help(view.help)
        case .nextSteps: writer.steps(view.nextSteps)
        case .risks: writer.risks(view.risks)
        case .sources: writer.sources(view.sources)
        }
        return SharedRun(bytes: writer.bytes)
    }

    /// A shared section: its run, or, without one, its JSON written by `write`.
    private mutating func section(_ run: SharedRun?, _ write: (inout JSONViewWriter) -> Void) {
        guard let run else { return write(&self) }
        out.insert(run)
    }

    private mutating func actions(_ actions: [AlertAction]) {
        array(actions) { $0.action($1) }
    }

    private mutating func help(_ help: AlertView.Help) {
        object {
            $0.member("action", help.action)
            if let phone = help.phone {
                $0.key("phone") { $0.object { $0.member("display", phone.display); $0.member("uri", phone.uri) } }
            }
            $0.member("text", help.text)
            $0.member("title", help.title)
        }
    }

    private mutating func steps(_ steps: AlertView.StepSection) {
        object {
            $0.key("groups") {
                $0.array(steps.groups) { writer, group in
                    writer.object {
                        $0.key("items") { $0.array(group.items) { $0.step($1) } }
                        $0.member("title", group.title)
                    }
                }
            }
            $0.key("items") { $0.array(steps.items) { $0.step($1) } }
            $0.member("title", steps.title)
        }
    }

    private mutating func risks(_ risks: AlertView.RiskSection) {
        object {
            $0.key("paragraphs") { $0.array(risks.paragraphs) { $0.string($1) } }
            $0.member("title", risks.title)
        }
    }

    private mutating func sources(_ sources: AlertView.SourceSection) {
        object {
            $0.key("items") {
                $0.array(sources.items) { writer, source in
                    writer.object { $0.member("title", source.title); $0.member("url", source.url) }
                }
            }
            $0.member("title", sources.title)
        }
    }

    private static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        let text = String(value)
        return text.contains("e") ? nil : text
    }

    // MARK: The view's parts

    private mutating func action(_ action: AlertAction) {
        object {
            $0.member("id", action.id)
            $0.member("label", action.label)
            $0.member("placement", action.placement.rawValue)
            $0.key("popup") {
                $0.object {
                    $0.key("buttons") {
                        $0.array(action.popup.buttons) { writer, button in
                            writer.object {
                                $0.key("effect") { $0.effect(button.effect) }
                                $0.member("id", button.id)
                                $0.member("label", button.label)
                                $0.member("role", button.role.rawValue)
                            }
                        }
                    }
                    $0.member("message", action.popup.message)
                    $0.member("title", action.popup.title)
                }
            }
        }
    }

    private mutating func effect(_ effect: AlertAction.Effect) {
        object {
            switch effect {
            case .none: $0.member("kind", "none")
            case .callHelpLine: $0.member("kind", "callHelpLine")
            case .remind(let seconds):
                $0.key("afterSeconds") { $0.raw(String(seconds)) }
                $0.member("kind", "remind")
            case .resolveAlert: $0.member("kind", "resolveAlert")
            }
        }
    }

    private mutating func detail(_ detail: AlertView.Detail) {
        object {
            $0.key("fields") {
                $0.array(detail.fields) { writer, field in
                    writer.object {
                        $0.member("kind", field.kind.rawValue)
                        $0.member("label", field.label)
                        $0.member("name", field.name)
                        $0.member("value", field.value)
                    }
                }
            }
            $0.member("icon", detail.icon)
            $0.member("value", detail.value)
        }
    }

    private mutating func step(_ step: AlertView.Step) {
        object { $0.member("icon", step.icon); $0.member("text", step.text) }
    }

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

    private mutating func object(_ body: (inout JSONViewWriter) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    private mutating func array<T>(_ items: [T], _ element: (inout JSONViewWriter, T) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]")) { writer in
            for item in items {
                writer.next()
                element(&writer, item)
            }
        }
    }

    private mutating func key(_ name: String, _ value: (inout JSONViewWriter) -> Void) {
        next()
        JSONString.append(name, to: &bytes, shortEscapes: true)
        bytes += pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")]
        value(&self)
    }

    private mutating func member(_ name: String, _ value: String) {
        key(name) { $0.string(value) }
    }

    private mutating func string(_ value: String) {
        JSONString.append(value, to: &bytes, shortEscapes: true)
    }

    private mutating func raw(_ text: String) {
        bytes += text.utf8
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
