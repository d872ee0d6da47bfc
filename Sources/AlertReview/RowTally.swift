import AlertRendering

/// A row of the report while records come in: counts, clusters by key, findings by rule.
struct RowTally {
    private(set) var row: ReviewReport.Row
    private var clusters: [ChangeKey: (count: Int, order: Int, examples: [ReviewReport.Example], diff: WordDiff)] = [:]
    private var newFindings: [String: ReviewReport.Findings] = [:]
    private var fixedFindings: [String: ReviewReport.Findings] = [:]
    private var afterFindings: [String: ReviewReport.Findings] = [:]
    private var existingFindings: [String: ReviewReport.Findings] = [:]

    /// The rows of `formats` × `locales`, format-major.
    static func rows(formats: [String], locales: [String], sides: ReviewSides) -> [RowTally] {
        formats.flatMap { format in
            locales.map { locale in
                let (a, b) = (sides.before.has(format), sides.after.has(format))
                return RowTally(row: ReviewReport.Row(format: format, locale: locale,
                                                      presence: a ? (b ? .both : .removed) : (b ? .added : .neither)))
            }
        }
    }

    private init(row: ReviewReport.Row) { self.row = row }

    /// Counts one record's comparison; `position` is the record's place in the input.
    mutating func add(_ comparison: Comparison, position: Int) {
        row.records += 1
        switch (comparison.before, comparison.after) {
        case (.rendered, .rendered):
            if comparison.same { row.unchanged += 1 } else {
                row.changed += 1
                if let change = comparison.change {
                    cluster(change.key, change.diff, source: comparison.sourceDiff, position: position, id: comparison.id)
                }
            }
        case (.invalid, .invalid), (.invalid, .absent), (.absent, .invalid): row.invalid += 1  // the input, not the sides
        case (.absent, .absent): break
        case (.rendered, .failed(let message)), (.absent, .failed(let message)), (.invalid, .failed(let message)):
            row.newlyFailing += 1
            if row.firstFailure == nil { row.firstFailure = message }
        case (.failed, .rendered), (.failed, .absent), (.failed, .invalid): row.newlyPassing += 1
        case (.failed, .failed): row.unchanged += 1
        default: row.changed += 1  // a format on one side only
        }
        let before = Self.findings(comparison.before), after = Self.findings(comparison.after)
        if !after.isEmpty { row.overLimit += 1 }
        for finding in after { Self.note(finding, position: position, id: comparison.id, in: &afterFindings) }
        for finding in after {
            if before.contains(where: { $0.rule == finding.rule }) {
                Self.note(finding, position: position, id: comparison.id, in: &existingFindings)
            } else {
                Self.note(finding, position: position, id: comparison.id, in: &newFindings)
            }
        }
        for finding in before where !after.contains(where: { $0.rule == finding.rule }) {
            Self.note(finding, position: position, id: comparison.id, in: &fixedFindings)
        }
    }

    private static func findings(_ outcome: Outcome) -> [LimitFinding] {
        if case .rendered(_, let findings) = outcome { findings } else { [] }
    }

    private static func note(_ finding: LimitFinding, position: Int, id: String?, in table: inout [String: ReviewReport.Findings]) {
        var entry = table[finding.rule] ?? ReviewReport.Findings(rule: finding.rule, count: 0, examples: [])
        entry.count += 1
        if entry.examples.count < 3 { entry.examples.append(.init(position: position, id: id, message: finding.message)) }
        table[finding.rule] = entry
    }

    private mutating func cluster(_ key: ChangeKey, _ diff: WordDiff, source: WordDiff?, position: Int, id: String?) {
        if var entry = clusters[key] {
            entry.count += 1
            if entry.examples.count < 2 { entry.examples.append(Self.example(diff, source: source, position: position, id: id)) }
            clusters[key] = entry
        } else if clusters.count < Review.maxClusters {
            clusters[key] = (1, clusters.count, [Self.example(diff, source: source, position: position, id: id)], diff)
        } else {
            row.ungrouped += 1
        }
    }

    private static func example(_ diff: WordDiff, source: WordDiff?, position: Int, id: String?) -> ReviewReport.Example {
        .init(position: position, id: id, diff: runs(diff), sourceDiff: source.map(runs))
    }

    private static func runs(_ diff: WordDiff) -> [ReviewReport.DiffRun] {
        diff.runs.map { run in
            switch run {
            case .changed(let removed, let added): .init(same: nil, removed: removed, added: added)
            case .same(let text): .init(same: text, removed: nil, added: nil)
            }
        }
    }

    /// The finished row: clusters most frequent first, their sources named.
    func finished(sources: ChangeSources) -> ReviewReport.Row {
        var row = self.row
        row.clusters = clusters.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.order < $1.value.order }
            .map { key, entry in
                ReviewReport.Cluster(change: key.text, count: entry.count,
                                     share: row.records == 0 ? 0 : Double(entry.count) / Double(row.records),
                                     source: sources.source(of: entry.diff, format: row.format, locale: row.locale),
                                     examples: entry.examples)
            }
        row.newFindings = newFindings.values.sorted { $0.rule < $1.rule }
        row.fixedFindings = fixedFindings.values.sorted { $0.rule < $1.rule }
        row.findingsAfter = afterFindings.values.sorted { $0.rule < $1.rule }
        row.existingFindings = existingFindings.values.sorted { $0.rule < $1.rule }
        return row
    }
}
