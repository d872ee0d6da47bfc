import Foundation

extension ReviewReport {
    /// The most characters `markdownSummary` writes: under what a pull-request comment takes (65,536).
    public static let markdownLimit = 65_000

    /// The summary in Markdown, for a pull-request comment: a table of every format and locale, then each changed
    /// row's clusters with one example. Text from alerts and templates stands only in fenced code blocks, so none
    /// of it becomes markup or a link. Past `limit` characters, clusters are left out and the summary says how many.
    public func markdownSummary(limit: Int = ReviewReport.markdownLimit) -> String {
        var head = "## AlertKit review\n\n`\(Self.inline(before))` → `\(Self.inline(after))`, \(records) record\(records == 1 ? "" : "s"). "
        head += hasNewFailures ? "**New failures or limit findings.**\n\n" : hasChanges ? "Changes, no new failures.\n\n" : "No changes.\n\n"
        head += "| format | locale | unchanged | changed | newly failing | newly passing | new limit findings |\n|---|---|---|---|---|---|---|\n"
        for row in rows {
            let presence = row.presence == .both ? "" : " (\(row.presence.rawValue))"
            head += "| `\(Self.inline(row.format))`\(presence) | `\(Self.inline(row.locale))` | \(row.unchanged) | \(row.changed) | \(row.newlyFailing) | "
                + "\(row.newlyPassing) | \(row.newFindings.reduce(0) { $0 + $1.count }) |\n"
        }
        var sections: [String] = []
        for row in rows where row.hasChanges || row.hasNewFailures {
            var section = "\n### `\(Self.inline(row.format))` [`\(Self.inline(row.locale))`]: \(row.counts)\n"
            if let failure = row.firstFailure { section += "\nFirst new failure:\n\n" + Self.fenced(failure) }
            for findings in row.newFindings {
                section += "\nNew limit finding `\(findings.rule)`, \(findings.count) record\(findings.count == 1 ? "" : "s"):\n\n"
                    + Self.fenced(findings.examples.map { "record \($0.position + 1)\($0.id.map { " (\($0))" } ?? ""): \($0.message)" }.joined(separator: "\n"))
            }
            for cluster in row.clusters {
                var text = "\n**\(cluster.count) record\(cluster.count == 1 ? "" : "s")** (\(Self.percent(cluster.share)))"
                text += cluster.source.map { ", from \(Self.fencedInline($0))" } ?? ""
                text += ":\n\n" + Self.fenced(cluster.change)
                if let example = cluster.examples.first {
                    text += "\nExample, record \(example.position + 1)\(example.id.map { " (\(Self.fencedInline($0)))" } ?? ""):\n\n"
                    text += Self.fenced(example.diff.map { run in
                        if let same = run.same { return same }
                        return "[-\(run.removed ?? "")-]{+\(run.added ?? "")+}"
                    }.joined(), language: "text")
                }
                section += text
            }
            sections.append(section)
        }
        var out = head
        var left = 0
        for section in sections {
            if left == 0, out.count + section.count <= limit - 200 { out += section } else { left += 1 }
        }
        if left > 0 { out += "\n_\(left) more changed format\(left == 1 ? "" : "s") not shown here: see the review's --json or --report._\n" }
        return out
    }

    /// `text` in a fenced code block whose fence is longer than any run of backticks in it.
    static func fenced(_ text: String, language: String = "") -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return "\(fence)\(language)\n\(text)\n\(fence)\n"
    }

    /// `text` as a code span with a fence longer than any run of backticks in it, on one line.
    static func fencedInline(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        var longest = 0, run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        return "\(fence) \(flat) \(fence)"
    }

    /// A name for inside a code span in a table: no backticks, bars or line breaks.
    static func inline(_ text: String) -> String {
        String(text.map { "`|\n\r".contains($0) ? "_" : $0 })
    }
}
