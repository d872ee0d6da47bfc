import Foundation

extension ReviewReport: CustomStringConvertible {
    /// The terminal summary: one line per format and locale, then each changed row's clusters (at most three, with
    /// their share and source) and new limit findings.
    public var description: String {
        var lines = ["review: \(before) → \(after), \(records) record\(records == 1 ? "" : "s")"]
        for row in rows {
            lines.append("  \(row.format) [\(row.locale)]: " + row.counts)
            if let failure = row.firstFailure, row.newlyFailing > 0 { lines.append("    first new failure: \(failure)") }
            for cluster in row.clusters.prefix(3) {
                lines.append("    \(cluster.count) × (\(Self.percent(cluster.share))) \(Self.shortened(cluster.change, 160))"
                             + (cluster.source.map { " — \($0)" } ?? ""))
            }
            if row.clusters.count > 3 { lines.append("    … \(row.clusters.count - 3) more cluster\(row.clusters.count == 4 ? "" : "s") (--report DIR shows all)") }
            for findings in row.newFindings {
                lines.append("    new limit finding \(findings.rule): \(findings.count) record\(findings.count == 1 ? "" : "s"), e.g. "
                             + (findings.examples.first.map { "record \($0.position + 1): \($0.message)" } ?? ""))
            }
            for findings in row.fixedFindings {
                lines.append("    fixed \(findings.rule): \(findings.count) record\(findings.count == 1 ? "" : "s")")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func percent(_ share: Double) -> String {
        let value = share * 100
        return value >= 10 || value == 0 ? "\(Int(value.rounded())) %" : String(format: "%.1f %%", value)
    }

    static func shortened(_ text: String, _ most: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: "⏎")
        return flat.count > most ? String(flat.prefix(most - 1)) + "…" : flat
    }
}

extension ReviewReport.Row {
    /// What happened in the row, in words: `1,000 records, 163 changed, 12 new limit findings`. Counts only: the
    /// first failure's message (which names files) is printed apart, so that a Markdown heading holds no such text.
    public var counts: String {
        var parts = ["\(records) records"]
        if presence == .added { parts.append("format added") }
        if presence == .removed { parts.append("format removed") }
        parts.append(changed == 0 && newlyFailing == 0 && newlyPassing == 0 ? "unchanged" : "\(changed) changed")
        if newlyFailing > 0 { parts.append("\(newlyFailing) newly failing") }
        if newlyPassing > 0 { parts.append("\(newlyPassing) newly passing") }
        if invalid > 0 { parts.append("\(invalid) not alerts") }
        let new = newFindings.reduce(0) { $0 + $1.count }, fixed = fixedFindings.reduce(0) { $0 + $1.count }
        if new > 0 { parts.append("\(new) new limit finding\(new == 1 ? "" : "s")") }
        if fixed > 0 { parts.append("\(fixed) fixed") }
        if overLimit > 0 { parts.append("\(overLimit) over a channel limit after the change") }
        return parts.joined(separator: ", ")
    }
}
