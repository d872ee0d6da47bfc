import AlertPresentation

/// Texts cut at a word with "…", as a channel with a limit on a text's length shows one: at most so many Unicode
/// scalars, never inside a character, at the last space when that keeps at least half.
enum TextCut {
    /// `text` cut to at most `most` Unicode scalars (the "…" counted), or `text` when it is no longer.
    static func cut(_ text: String, to most: Int) -> String {
        guard text.unicodeScalars.count > most else { return text }
        let keep = max(0, most - 1)
        var kept = 0, end = text.startIndex, lastSpace: String.Index?
        for index in text.indices {
            let scalars = text[index].unicodeScalars.count
            guard kept + scalars <= keep else { break }
            if text[index].isWhitespace { lastSpace = index }
            kept += scalars
            end = text.index(after: index)
        }
        var prefix = text[..<end]
        if let lastSpace, text.distance(from: text.startIndex, to: lastSpace) * 2 >= text.distance(from: text.startIndex, to: end) {
            prefix = text[..<lastSpace]
        }
        while let last = prefix.last, last.isWhitespace || ",;:".contains(last) { prefix = prefix.dropLast() }
        return prefix + "…"
    }

    /// How short texts are cut: `nil` is not at all.
    struct Caps: Hashable {
        /// The texts too long for their places, and what they are cut to.
        var targets: Set<String> = [], target: Int?
        /// What the details' texts are cut to.
        var detail: Int?
        /// What every text is cut to.
        var all: Int?

        func with(target: Int) -> Caps { var caps = self; caps.target = target; return caps }
        func with(detail: Int) -> Caps { var caps = self; caps.detail = detail; return caps }
        func with(all: Int) -> Caps { var caps = self; caps.all = all; return caps }

        /// The shortest any text is cut to.
        var smallest: Int? { [target, detail, all].compactMap { $0 }.min() }

        /// What `text` is cut to, a detail's or not.
        func most(_ text: String, isDetail: Bool) -> Int? {
            [target.flatMap { targets.contains(text) ? $0 : nil }, isDetail ? detail : nil, all].compactMap { $0 }.min()
        }
    }

    /// `view` with its texts cut to `caps`; an address shown as a link is never cut. `count` is increased by the
    /// number of texts cut.
    static func cut(_ view: AlertView, _ caps: Caps, count: inout Int) -> AlertView {
        var view = view
        var cuts = 0
        func apply(_ text: inout String, detail: Bool = false) {
            guard let most = caps.most(text, isDetail: detail) else { return }
            let shorter = cut(text, to: most)
            if shorter != text {
                text = shorter
                cuts += 1
            }
        }
        for index in view.details.indices {
            apply(&view.details[index].value, detail: true)
            for field in view.details[index].fields.indices where view.details[index].fields[field].kind != .link {
                apply(&view.details[index].fields[field].value, detail: true)
            }
        }
        if caps.all != nil || caps.target != nil {
            apply(&view.title)
            apply(&view.header.title)
            apply(&view.header.subtitle)
            apply(&view.risks.title)
            for index in view.risks.paragraphs.indices { apply(&view.risks.paragraphs[index]) }
            apply(&view.nextSteps.title)
            for index in view.nextSteps.items.indices { apply(&view.nextSteps.items[index].text) }
            for group in view.nextSteps.groups.indices {
                apply(&view.nextSteps.groups[group].title)
                for index in view.nextSteps.groups[group].items.indices { apply(&view.nextSteps.groups[group].items[index].text) }
            }
            apply(&view.sources.title)
            for index in view.sources.items.indices { apply(&view.sources.items[index].title) }
            apply(&view.help.title)
            apply(&view.help.text)
            for action in view.actions.indices {
                apply(&view.actions[action].label)
                apply(&view.actions[action].popup.title)
                apply(&view.actions[action].popup.message)
                for button in view.actions[action].popup.buttons.indices { apply(&view.actions[action].popup.buttons[button].label) }
            }
        }
        count += cuts
        return view
    }

    /// Calls `body` with every text `cut(_:details:others:count:)` may cut: the details' (`everything` false), or all.
    static func forEachText(_ view: AlertView, everything: Bool, _ body: (String) -> Void) {
        for detail in view.details {
            body(detail.value)
            for field in detail.fields where field.kind != .link { body(field.value) }
        }
        guard everything else { return }
        [view.title, view.header.title, view.header.subtitle, view.risks.title, view.nextSteps.title, view.sources.title,
         view.help.title, view.help.text].forEach(body)
        view.risks.paragraphs.forEach(body)
        view.nextSteps.items.forEach { body($0.text) }
        for group in view.nextSteps.groups {
            body(group.title)
            group.items.forEach { body($0.text) }
        }
        view.sources.items.forEach { body($0.title) }
        for action in view.actions {
            [action.label, action.popup.title, action.popup.message].forEach(body)
            action.popup.buttons.forEach { body($0.label) }
        }
    }
}
