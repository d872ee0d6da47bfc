import Foundation

extension ReviewReport: CustomStringConvertible {
    /// The terminal summary: one line per format and locale, then each changed row's clusters (at most three, with
    /// their share and source) and new limit findings.
    public var description: String {
        // Every text from an alert or a template stands on its line (line breaks folded, control characters shown
        // as U+FFFD), so that none of it starts a line of its own or moves the terminal's cursor.
        let line = Self.terminalLine
        var lines = ["review: \(line(before)) → \(line(after)), \(records) record\(records == 1 ? "" : "s")"]
        for row in rows {
            lines.append("  \(line(row.format)) [\(line(row.locale))]: " + row.counts)
            if let failure = row.firstFailure, row.newlyFailing > 0 { lines.append("    first new failure: \(line(failure))") }
            for cluster in row.clusters.prefix(3) {
                lines.append("    \(cluster.count) × (\(Self.percent(cluster.share))) \(Self.shortened(cluster.change, 160))"
                             + (cluster.source.map { " — \(line($0))" } ?? ""))
            }
            if row.clusters.count > 3 { lines.append("    … \(row.clusters.count - 3) more cluster\(row.clusters.count == 4 ? "" : "s") (--report DIR shows all)") }
            for findings in row.newFindings {
                lines.append("    new limit finding \(line(findings.rule)): \(findings.count) record\(findings.count == 1 ? "" : "s"), e.g. "
                             + (findings.examples.first.map { "record \($0.position + 1): \(line($0.message))" } ?? ""))
            }
            for findings in row.fixedFindings {
                lines.append("    fixed \(line(findings.rule)): \(findings.count) record\(findings.count == 1 ? "" : "s")")
            }
            for findings in row.hasChanges ? row.existingFindings : [] {  // an unchanged row's count says enough
                lines.append("    already there before the change \(line(findings.rule)): \(findings.count) record\(findings.count == 1 ? "" : "s")")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func percent(_ share: Double) -> String {
        let value = share * 100
        return value >= 10 || value == 0 ? "\(Int(value.rounded())) %" : String(format: "%.1f %%", value)
    }

    static func shortened(_ text: String, _ most: Int) -> String {
        let flat = terminalLine(text)
        return flat.count > most ? String(flat.prefix(most - 1)) + "…" : flat
    }

    /// `text` on one line: each line ending (CR LF, CR, LF) and each vertical space (VT, FF, NEL, LINE SEPARATOR,
    /// PARAGRAPH SEPARATOR) as `mark`. Every report that puts an alert's or a template's text in a line uses it.
    static func oneLine(_ text: String, as mark: String = "⏎") -> String {
        guard text.unicodeScalars.contains(where: isLineBreak) else { return text }
        var out = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }  // CR LF is one line ending
            if isLineBreak(scalar) { out.append(contentsOf: mark.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }

    /// Whether a reader may break a line at `scalar`.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` for a terminal line: on one line, and every other control character (an escape sequence's start, a
    /// backspace) but the tab as U+FFFD.
    static func terminalLine(_ text: String) -> String {
        let flat = oneLine(text)
        guard flat.unicodeScalars.contains(where: { $0 != "\t" && $0.properties.generalCategory == .control }) else { return flat }
        return String(String.UnicodeScalarView(flat.unicodeScalars.map { $0 != "\t" && $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
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
        let existing = existingFindings.reduce(0) { $0 + $1.count }
        if existing > 0 { parts.append("\(existing) limit finding\(existing == 1 ? "" : "s") already there before the change") }
        return parts.joined(separator: ", ")
    }
}
