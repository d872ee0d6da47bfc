import AlertPresentation

/// A format-neutral layout of an alert page: the one order in which every document format shows the view.
/// HTML draws the containers as elements; Markdown and text keep only their content.
indirect enum LayoutBlock: Sendable {
    /// A grouping element: in HTML a tag with a class; in Markdown and text its children, quoted if `quoted`.
    case container(LayoutContainer, [LayoutBlock])
    /// A heading of level 1…3.
    case heading(Int, [LayoutInline])
    /// A paragraph; `role` becomes its class in HTML.
    case paragraph([LayoutInline], role: String? = nil)
    /// A bulleted list whose items each hold blocks.
    case list([[LayoutBlock]])
    /// A quotation of someone else's words (a post): `<blockquote>`, `> ` in Markdown and text.
    case quote([LayoutBlock])
    /// Blocks that many alerts share (the advice, the help, the buttons and popups), laid out by their key only when
    /// needed (`LayoutKey.blocks()`): HTML renders them once per distinct key and reuses the markup; Markdown and
    /// text lay them out, or put in place what they made of them before.
    case shared(LayoutKey)
}

/// What shared blocks depend on: equal keys lay out the same blocks. Hashed by a fingerprint of the bytes of
/// its texts, much cheaper than Swift's Unicode-aware string hashing; compared field by field (the texts usually
/// share their storage with the catalog's, which makes that fast).
struct LayoutKey: Hashable, Sendable {
    /// Which part of the page.
    let part: Part
    /// The view's values that part shows.
    let risks: AlertView.RiskSection
    let steps: AlertView.StepSection
    let sources: AlertView.SourceSection
    let help: AlertView.Help
    let actions: [AlertAction]
    private let fingerprint: UInt64

    init(part: Part, risks: AlertView.RiskSection, steps: AlertView.StepSection, sources: AlertView.SourceSection,
         help: AlertView.Help, actions: [AlertAction]) {
        // A cheap fingerprint: the length and first eight bytes of each text, taken as one word. Keys that share it
        // are told apart by `==`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            let first = text.utf8.withContiguousStorageIfAvailable { bytes -> UInt64 in
                var word: UInt64 = 0
                for index in 0..<min(8, bytes.count) { word |= UInt64(bytes[index]) << (8 * index) }
                return word
            } ?? 0
            hash = (hash ^ UInt64(text.utf8.count) ^ (first &* 0x9E37_79B9_7F4A_7C15)) &* 0x0000_0100_0000_01B3
        }
        risks.paragraphs.forEach(add)
        steps.items.forEach { add($0.text) }
        steps.groups.forEach { add($0.title) }
        sources.items.forEach { add($0.url) }
        add(help.phone?.uri ?? "")
        actions.forEach { add($0.label) }
        // A product's action link differs per alert only in its key, past the first eight bytes and at the same
        // length: each of its bytes counts, or every alert's key would share one fingerprint.
        for case let link? in actions.lazy.map(\.link) {
            for byte in link.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        self.init(part: part, risks: risks, steps: steps, sources: sources, help: help, actions: actions, fingerprint: hash)
    }

    private init(part: Part, risks: AlertView.RiskSection, steps: AlertView.StepSection,
                 sources: AlertView.SourceSection, help: AlertView.Help, actions: [AlertAction], fingerprint: UInt64) {
        self.part = part
        self.risks = risks
        self.steps = steps
        self.sources = sources
        self.help = help
        self.actions = actions
        self.fingerprint = fingerprint
    }

    /// Which shared part of the page a key lays out.
    enum Part: Hashable, Sendable {
        /// "What's at risk", "Next steps", "Need help?" and "Learn more" (`DocumentLayout.advice`).
        case advice
        /// The buttons and their popups (`DocumentLayout.controls`).
        case controls
        /// The advice of a document (Markdown, text): the help's action reads as one line with its popup's words.
        case documentAdvice
        /// The actions of a document: one line each, no popups (they cannot open there).
        case documentControls
    }

    /// The blocks this key lays out.
    func blocks() -> [LayoutBlock] {
        switch part {
        case .advice, .documentAdvice: DocumentLayout.advice(self)
        case .controls, .documentControls: DocumentLayout.controls(self)
        }
    }

    /// Whether this key lays out a document's part rather than the page's.
    var isDocument: Bool { part == .documentAdvice || part == .documentControls }

    /// The key of the controls (the buttons and popups) of the same medium: the help and the actions alone, so that
    /// alerts with other advice share them.
    func controls() -> LayoutKey {
        LayoutKey(part: isDocument ? .documentControls : .controls, risks: .init(title: "", paragraphs: []),
                  steps: .init(title: "", items: []), sources: .init(title: "", items: []), help: help, actions: actions)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
        hasher.combine(part)
    }

    static func == (lhs: LayoutKey, rhs: LayoutKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.part == rhs.part && lhs.risks == rhs.risks && lhs.steps == rhs.steps
            && lhs.sources == rhs.sources && lhs.help == rhs.help && lhs.actions == rhs.actions
    }
}

/// An HTML element wrapping blocks: a tag, a class and trusted attributes.
struct LayoutContainer: Sendable {
    var tag: String
    var role: String
    /// Extra attributes; names and values come from code and catalog identifiers, never from an alert.
    var attributes: [(String, String)] = []
    /// Whether Markdown and text set the children apart as a quotation (popups do).
    var quoted = false
    /// Whether text sets the children on consecutive lines, without blank lines between them.
    var tight = false
    /// Whether the children repeat with other values (the details): HTML lays out each child's shape apart
    /// (`MarkupShape`), so that how many there are does not multiply the shapes.
    var repeated = false
}

/// A button that opens or closes a popup.
struct LayoutButton: Sendable {
    /// The visible label.
    var label: String
    /// The id of the popup it opens or closes.
    var popup: String
    /// Whether it closes the popup (a popup's own button) rather than opening it.
    var closes: Bool
    /// Its class in HTML, from code and catalog ids.
    var role: String
}

/// Inline content.
enum LayoutInline: Sendable {
    /// Text, always escaped.
    case text(String)
    /// Emphasized text.
    case strong([LayoutInline])
    /// A named icon: inline SVG in HTML, nothing in Markdown and text.
    case icon(String)
    /// A button that opens or closes a popup: a `popovertarget` button in HTML, bold in Markdown, `[label]` in text.
    case button(LayoutButton)
    /// A popup button that dials the help line: a `tel:` link in HTML and Markdown, `[label: number]` in text.
    case call(label: String, line: HelpLine, role: String)
    /// A link: a post's address on its own network (`WebAddress.isLink`), or a catalog source. Text shows the
    /// address, after the link's words when they differ from it.
    case link(url: String, [LayoutInline])
}

/// What a layout is for: the page, whose buttons open popups, or a document (Markdown, text), where nothing opens.
enum LayoutMedium: Sendable {
    case page, document
}

/// Lays out an `AlertView` in reading order: title bar, header, details, risks, steps, help (with its contact
/// action), sources, then the footer actions; the page adds the popups the actions open. A document has no popups
/// (nothing opens in Markdown or text): each action reads as one line with its popup's words, the help's with the
/// help line's number when one is set (docs/contract.md, "Markdown and text").
enum DocumentLayout {
    /// `standalone` makes the middle the page's `<main>`; a fragment, set inside someone else's page, uses a `<div>`.
    static func blocks(for view: AlertView, standalone: Bool = false, medium: LayoutMedium = .page) -> [LayoutBlock] {
        var main: [LayoutBlock] = []
        let urgent: [LayoutBlock] = view.urgent ? [.paragraph([.strong([.text(view.urgentLabel)])], role: "urgent-badge")] : []
        main.append(.container(.init(tag: "section", role: view.urgent ? "alert-header urgent" : "alert-header"), [
            .paragraph([.icon(view.header.icon)], role: "alert-icon"),
            .container(.init(tag: "div", role: "alert-heading"), urgent + [
                .heading(2, [.text(view.header.title)]),
                .paragraph([.text(view.header.subtitle)], role: "subtitle"),
            ]),
        ]))
        main.append(.container(.init(tag: "section", role: "details", repeated: true), view.details.map(detail)))
        let (adviceKey, controlsKey) = sharedKeys(view, medium: medium)
        main.append(.shared(adviceKey))
        return [
            .container(.init(tag: "header", role: "titlebar"), [.heading(1, [.text(view.title)])]),
            .container(.init(tag: standalone ? "main" : "div", role: "content"), main),
            .shared(controlsKey),
        ]
    }

    /// One detail: its icon, its value and its fields.
    static func detail(_ detail: AlertView.Detail) -> LayoutBlock {
        .container(.init(tag: "div", role: "detail"), [
            .paragraph([.icon(detail.icon)], role: "detail-icon"),
            .container(.init(tag: "div", role: "detail-body", tight: true),
                       [.paragraph([.strong([.text(detail.value)])], role: "value")] + detail.fields.flatMap(field)),
        ])
    }

    /// The keys of the shared blocks: the advice, and the controls (buttons and popups).
    static func sharedKeys(_ view: AlertView, medium: LayoutMedium = .page) -> (advice: LayoutKey, controls: LayoutKey) {
        let key = adviceKey(view, medium: medium)
        return (key, key.controls())
    }

    /// The key of the advice: the risks, steps, sources, help and actions.
    static func adviceKey(_ view: AlertView, medium: LayoutMedium = .page) -> LayoutKey {
        LayoutKey(part: medium == .page ? .advice : .documentAdvice, risks: view.risks, steps: view.nextSteps,
                  sources: view.sources, help: view.help, actions: view.actions)
    }

    /// "What's at risk", "Next steps" (grouped by kind in a mixed alert), "Need help?" and "Learn more".
    static func advice(_ key: LayoutKey) -> [LayoutBlock] {
        let (risks, steps, sources, help) = (key.risks, key.steps, key.sources, key.help)
        var helpBlocks: [LayoutBlock] = [.heading(2, [.text(help.title)]), .paragraph([.text(help.text)])]
        if let action = key.actions.action(help.action) {
            helpBlocks.append(.paragraph(key.isDocument ? line(action, phone: help.phone) : [opener(action)], role: "help-action"))
        }
        let list = { (items: [AlertView.Step]) in
            LayoutBlock.list(items.map { step in [.paragraph([.icon(step.icon), .text(step.text)], role: "step")] })
        }
        let stepBlocks: [LayoutBlock] = steps.groups.isEmpty
            ? [list(steps.items)]
            : steps.groups.flatMap { group in [.heading(3, [.text(group.title)]), list(group.items)] }
        var blocks: [LayoutBlock] = [
            .container(.init(tag: "section", role: "risks"),
                       [.heading(2, [.text(risks.title)])] + risks.paragraphs.map { .paragraph([.text($0)]) }),
            .container(.init(tag: "section", role: "steps"), [.heading(2, [.text(steps.title)])] + stepBlocks),
        ]
        // "Learn more" comes last: the page shows everything through "Contact us now" above its pinned buttons
        // (docs/email-alert-414x736.png); the sources are for a reader who wants to check the advice.
        blocks.append(.container(.init(tag: "section", role: "help"), helpBlocks))
        if !sources.items.isEmpty {
            blocks.append(.container(.init(tag: "section", role: "sources"), [
                .heading(2, [.text(sources.title)]),
                .list(sources.items.map { source in
                    [.paragraph([.link(url: source.url, [.text(source.title)])], role: "source")]
                }),
            ]))
        }
        return blocks
    }

    /// The pinned buttons and every popup.
    static func controls(_ key: LayoutKey) -> [LayoutBlock] {
        let (help, actions) = (key.help, key.actions)
        guard !key.isDocument else {
            return actions.placed(at: .footer).map { LayoutBlock.paragraph(line($0, phone: nil), role: "footer-action") }
        }
        let footer = actions.placed(at: .footer).map { LayoutBlock.paragraph([opener($0)], role: "footer-action") }
        return [
            .container(.init(tag: "footer", role: "actions"), footer),
            .container(.init(tag: "div", role: "popups"), actions.map { popup($0, phone: help.phone) }),
        ]
    }

    static func popupID(_ action: AlertAction) -> String { "popup-" + action.id }

    private static func field(_ field: AlertView.Field) -> [LayoutBlock] {
        let role = "field field-\(field.name)"
        switch field.kind {
        case .text:
            return [.paragraph([.text(field.text)], role: role)]
        case .quote:
            return [.paragraph([.text(field.label)], role: role), .quote([.paragraph([.text(field.value)])])]
        case .link:
            let label: [LayoutInline] = field.label.isEmpty ? [] : [.text(field.label + " ")]
            return [.paragraph(label + [.link(url: field.value, [.text(field.value)])], role: role)]
        }
    }

    /// An action as a document's line: its label, its popup's words, and the call to the help line when its popup
    /// has one and a line is set (`**Contact us now**: Call our experts for help. [Call](tel:…)`).
    private static func line(_ action: AlertAction, phone: HelpLine?) -> [LayoutInline] {
        var inlines: [LayoutInline] = [opener(action), .text(": " + action.popup.message)]
        if let phone, let call = action.popup.buttons.first(where: { $0.effect == .callHelpLine }) {
            inlines += [.text(" "), .call(label: call.label, line: phone, role: "role-" + call.role.rawValue)]
        }
        return inlines
    }

    private static func opener(_ action: AlertAction) -> LayoutInline {
        .button(.init(label: action.label, popup: popupID(action), closes: false, role: "action-" + action.id))
    }

    /// A popup. Tab moves from its opener into it and Escape closes it, focus back on the opener
    /// (the popover attribute's behaviour), so it needs no `autofocus`.
    private static func popup(_ action: AlertAction, phone: HelpLine?) -> LayoutBlock {
        let id = popupID(action)
        let attributes = [("id", id), ("popover", "auto"), ("role", "alertdialog"),
                          ("aria-modal", "true"), ("aria-labelledby", id + "-title"), ("aria-describedby", id + "-message")]
        var buttons: [LayoutInline] = []
        for (index, button) in action.popup.buttons.enumerated() {
            if index > 0 { buttons.append(.text(" ")) }
            let role = "role-" + button.role.rawValue
            if button.effect == .callHelpLine, let phone {
                buttons.append(.call(label: button.label, line: phone, role: role))
            } else {
                buttons.append(.button(.init(label: button.label, popup: id, closes: true, role: role)))
            }
        }
        return .container(.init(tag: "div", role: "popup", attributes: attributes, quoted: true), [
            .container(.init(tag: "div", role: "popup-title", attributes: [("id", id + "-title")]),
                       [.paragraph([.strong([.text(action.popup.title)])])]),
            .container(.init(tag: "div", role: "popup-message", attributes: [("id", id + "-message")]),
                       [.paragraph([.text(action.popup.message)])]),
            .paragraph(buttons, role: "popup-buttons"),
        ])
    }
}
