import AlertPresentation

/// Fits a document its receiver would refuse into the receiver's limits, the channel's way: a text too long for its
/// place cut at a word with "…"; a document too large or with too many blocks shows its first details and a last
/// one that counts the rest ("And 956 more", linked to the product's app when it has a link); and when even the
/// smallest document breaks a limit, `RenderLimitError.overReceiverLimit` naming it. Each try renders the whole
/// document again and measures it, so what comes out is what the receiver checks; only documents over a limit get
/// here.
struct DocumentFitter {
    let emitter: any AlertEmitter
    let options: RenderOptions
    let limits: ReceiverLimits
    /// The words of the last detail: the catalog's `moreDetails` label (`{count}` the number left out) and
    /// `fullAlert` (the app link's label).
    let moreDetails: String, fullAlert: String

    /// The shortest a text is cut to for a size limit: a long post keeps a tweet's length before events are dropped.
    static let sizeCutFloor = 280
    /// The shortest a text is cut to at all.
    static let cutFloor = 20

    init(emitter: any AlertEmitter, options: RenderOptions, limits: ReceiverLimits, catalog: ContentCatalog) {
        self.emitter = emitter
        self.options = options
        self.limits = limits
        moreDetails = catalog.labels["moreDetails"] ?? "And {count} more"
        fullAlert = catalog.labels["fullAlert"] ?? "See them all:"
    }

    /// One try: the texts cut (those too long for their places to `targetCap`, the details' to `detailCap`, every
    /// text to `allCap`), the first `shown` details.
    private struct Attempt {
        var caps: TextCut.Caps
        var shown: Int
        var document: RenderedDocument
        var findings: [LimitFinding]
        var cutTexts: Int
    }

    /// `view`'s document fitted, `findings` being what its document as made broke.
    func fit(_ view: AlertView, findings: [LimitFinding], document: RenderedDocument) throws -> RenderedDocument {
        let total = view.details.count
        // What no cut fits: an alert's key too long for Slack's block_id.
        if findings.contains(where: { $0.rule == "slack.block_id" }) { throw RenderLimitError.overReceiverLimit(findings) }
        var best = Attempt(caps: TextCut.Caps(), shown: total, document: document, findings: findings, cutTexts: 0)
        func texts(_ best: Attempt) -> Bool { best.findings.contains(where: Self.isTextRule) }
        // A text too long for its place: the view's texts that it holds, cut as little as makes it fit.
        if texts(best) {
            let overlong = limits.overlongTexts(document)
            var targets: Set<String> = []
            TextCut.forEachText(view, everything: true) { text in
                if text.unicodeScalars.count > Self.cutFloor, overlong.contains(where: { $0.contains(text) }) { targets.insert(text) }
            }
            var caps = best.caps
            caps.targets = targets
            let longest = targets.map(\.unicodeScalars.count).max() ?? 0
            best = try largestCap(above: Self.cutFloor, below: longest, { try attempt(view, caps.with(target: $0), shown: best.shown) },
                                  passes: { !texts($0) }) ?? best
        }
        // Still: every text.
        if texts(best) {
            best = try largestCap(above: Self.cutFloor, below: Self.longest(view, everything: true),
                                  { try attempt(view, best.caps.with(all: $0), shown: best.shown) }, passes: { !texts($0) }) ?? best
        }
        // Too large with a long detail in it: the details' texts cut, no shorter than a tweet.
        if best.findings.contains(where: Self.isSizeRule) {
            let longest = min(Self.longest(view, everything: false), best.caps.detail ?? .max)
            if longest > Self.sizeCutFloor {
                best = try largestCap(above: Self.sizeCutFloor, below: longest, { try attempt(view, best.caps.with(detail: $0), shown: best.shown) },
                                      passes: { $0.findings.isEmpty })
                    ?? smaller(attempt(view, best.caps.with(detail: Self.sizeCutFloor), shown: best.shown), than: best)
            }
        }
        // Too large or too many blocks: the first details, and the number of the rest.
        if !best.findings.isEmpty, total > 0 {
            let found = try largest(in: 0...(total - 1), { try attempt(view, best.caps, shown: $0) }, passes: { $0.findings.isEmpty })
            best = try found ?? smaller(attempt(view, best.caps, shown: 0), than: best)
        }
        // Still too large: every text cut (what a format shows besides the details is long).
        if !best.findings.isEmpty {
            best = try largestCap(above: Self.cutFloor, below: Self.longest(view, everything: true),
                                  { try attempt(view, best.caps.with(all: $0), shown: best.shown) }, passes: { $0.findings.isEmpty })
                ?? attempt(view, best.caps.with(all: Self.cutFloor), shown: best.shown)
        }
        guard best.findings.isEmpty else { throw RenderLimitError.overReceiverLimit(best.findings) }
        var fitted = best.document
        fitted.fit = DocumentFit(findings: findings, shownDetails: best.shown, totalDetails: total, cutTexts: best.cutTexts,
                                 cutAt: best.caps.smallest)
        return fitted
    }

    /// `candidate` if its document is smaller than `best`'s (the step did something), else `best`.
    private func smaller(_ candidate: Attempt, than best: Attempt) -> Attempt {
        candidate.document.count < best.document.count ? candidate : best
    }

    /// The attempt with the largest cut, from `floor` to one less than `longest` (the longest text it would cut), that
    /// `passes`; `nil` when no text is longer than `floor` or none passes.
    private func largestCap(above floor: Int, below longest: Int, _ make: (Int) throws -> Attempt,
                            passes: (Attempt) -> Bool) throws -> Attempt? {
        guard longest > floor else { return nil }
        return try largest(in: floor...(longest - 1), make, passes: passes)
    }

    /// The largest number in `range` whose attempt `passes`, by bisection (fewer details and shorter texts never make
    /// a larger document); `nil` when none does.
    private func largest(in range: ClosedRange<Int>, _ make: (Int) throws -> Attempt, passes: (Attempt) -> Bool) throws -> Attempt? {
        var low = range.lowerBound, high = range.upperBound
        var found: Attempt?
        while low <= high {
            let middle = low + (high - low + 1) / 2
            let attempt = try make(middle)
            if passes(attempt) {
                found = attempt
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return found
    }

    /// `view` with its texts cut to `caps` and its first `shown` details, rendered and measured.
    private func attempt(_ view: AlertView, _ caps: TextCut.Caps, shown: Int) throws -> Attempt {
        var cutTexts = 0
        var view = TextCut.cut(view, caps, count: &cutTexts)
        let rest = view.details.count - shown
        if rest > 0 {
            let icon = view.details[shown].icon
            view.details.removeLast(rest)
            var fields: [AlertView.Field] = []
            if !options.product.appLink.isEmpty {
                fields.append(AlertView.Field(name: "fullAlert", label: fullAlert, value: options.product.appLink, kind: .link))
            }
            view.details.append(AlertView.Detail(icon: icon, value: moreDetails.replacingOccurrences(of: "{count}", with: String(rest)),
                                                 fields: fields))
        }
        let document = try AlertPipeline.sized(emitter.renderDocument(view, options: options), options)
        return Attempt(caps: caps, shown: shown, document: document, findings: limits.check(document), cutTexts: cutTexts)
    }

    /// A rule a text too long for its place breaks.
    static func isTextRule(_ finding: LimitFinding) -> Bool {
        ["slack.header", "slack.section", "slack.button", "slack.text"].contains(finding.rule)
    }

    /// A rule a document too large breaks.
    static func isSizeRule(_ finding: LimitFinding) -> Bool {
        !isTextRule(finding) && finding.rule != "slack.blocks"
    }

    /// The longest text (in Unicode scalars) that cutting would shorten.
    static func longest(_ view: AlertView, everything: Bool) -> Int {
        var most = 0
        TextCut.forEachText(view, everything: everything) { most = max(most, $0.unicodeScalars.count) }
        return most
    }
}
