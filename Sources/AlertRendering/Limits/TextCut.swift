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
        visitTexts(&view, everything: caps.all != nil || caps.target != nil) { text, isDetail in
            guard let most = caps.most(text, isDetail: isDetail) else { return }
            let shorter = cut(text, to: most)
            if shorter != text {
                text = shorter
                cuts += 1
            }
        }
        count += cuts
        return view
    }

    /// Calls `body` with every text `cut(_:_:count:)` may cut: the details' (`everything` false), or all.
    static func forEachText(_ view: AlertView, everything: Bool, _ body: (String) -> Void) {
        var view = view
        visitTexts(&view, everything: everything) { text, _ in body(text) }
    }

    /// The one list of the view's texts that cutting may shorten, each given to `body` to change, with whether it is
    /// a detail's: the details' values and fields (never an address shown as a link), then, with `everything`, the
    /// titles, risks, steps, sources' titles, help and actions' words. Icons, ids and addresses are never texts here.
    private static func visitTexts(_ view: inout AlertView, everything: Bool, _ body: (inout String, Bool) -> Void) {
        for index in view.details.indices {
            body(&view.details[index].value, true)
            for field in view.details[index].fields.indices where view.details[index].fields[field].kind != .link {
                body(&view.details[index].fields[field].value, true)
            }
        }
        guard everything else { return }
        body(&view.title, false)
        body(&view.header.title, false)
        body(&view.header.subtitle, false)
        body(&view.risks.title, false)
        for index in view.risks.paragraphs.indices { body(&view.risks.paragraphs[index], false) }
        body(&view.nextSteps.title, false)
        for index in view.nextSteps.items.indices { body(&view.nextSteps.items[index].text, false) }
        for group in view.nextSteps.groups.indices {
            body(&view.nextSteps.groups[group].title, false)
            for index in view.nextSteps.groups[group].items.indices { body(&view.nextSteps.groups[group].items[index].text, false) }
        }
        body(&view.sources.title, false)
        for index in view.sources.items.indices { body(&view.sources.items[index].title, false) }
        body(&view.help.title, false)
        body(&view.help.text, false)
        for action in view.actions.indices {
            body(&view.actions[action].label, false)
            body(&view.actions[action].popup.title, false)
            body(&view.actions[action].popup.message, false)
            for button in view.actions[action].popup.buttons.indices { body(&view.actions[action].popup.buttons[button].label, false) }
        }
    }
}
