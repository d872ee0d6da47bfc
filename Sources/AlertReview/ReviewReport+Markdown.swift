import Foundation

extension ReviewReport {
    /// The most characters `markdownSummary` writes: under what a pull-request comment takes (65,536).
    public static let markdownLimit = 65_000

    /// The summary in Markdown, for a pull-request comment: a table of every format and locale, then each changed
    /// row's section (its first new failure, its new limit findings, its clusters with one example). Text from alerts
    /// and templates stands only in code spans (on one line: every line break folded to `⏎`) and fenced code blocks,
    /// so none of it becomes markup or a link. Past `limit` characters, clusters are left out within their section
    /// (a cluster too long with its example is shown without it first), never a later section that fits: each section
    /// says how many of its clusters are left out, and a section is left out only when not even its heading fits.
    public func markdownSummary(limit: Int = ReviewReport.markdownLimit) -> String {
        var head = "## AlertKit review\n\n`\(Self.inline(before))` → `\(Self.inline(after))`, \(records) record\(records == 1 ? "" : "s"). "
        head += hasNewFailures ? "**New failures or limit findings.**\n\n" : hasChanges ? "Changes, no new failures.\n\n" : "No changes.\n\n"
        head += "| format | locale | unchanged | changed | newly failing | newly passing | new limit findings |\n|---|---|---|---|---|---|---|\n"
        var tableLeft = 0
        for row in rows {
            let presence = row.presence == .both ? "" : " (\(row.presence.rawValue))"
            let line = "| `\(Self.inline(row.format))`\(presence) | `\(Self.inline(row.locale))` | \(row.unchanged) | \(row.changed) | \(row.newlyFailing) | "
                + "\(row.newlyPassing) | \(row.newFindings.reduce(0) { $0 + $1.count }) |\n"
            if tableLeft == 0, head.count + line.count <= limit / 2 { head += line } else { tableLeft += 1 }
        }
        if tableLeft > 0 { head += "\n_\(tableLeft) more row\(tableLeft == 1 ? "" : "s") not shown here: see the review's --json or --report._\n" }
        let sections = rows.filter { $0.hasChanges || $0.hasNewFailures }.map(Self.section)
        // Every section's heading and note first (from the last section, those that do not fit are left out), then
        // the parts, in turns: each section's first failure and limit findings, then each section's first cluster,
        // then each one's second, and so on; a cluster too long with its example is taken without it. So one long
        // section cuts its own clusters, and a short one after it is whole.
        let footer = 200
        var kept = sections.count, required = sections.reduce(0) { $0 + $1.required }
        while kept > 0, head.count + required > limit - footer {
            kept -= 1
            required -= sections[kept].required
        }
        var room = limit - footer - head.count - required
        var shown = sections[..<kept].map { [String?](repeating: nil, count: $0.parts.count) }
        let turns = 1 + (sections[..<kept].map { $0.parts.count }.max() ?? 0)
        for turn in 0..<turns {
            for (index, section) in sections[..<kept].enumerated() {
                let parts = turn == 0 ? Array(0..<section.clustersStart) : [section.clustersStart + turn - 1].filter { $0 < section.parts.count }
                for part in parts {
                    let choices = [section.parts[part].full, section.parts[part].short].compactMap { $0 }
                    if let text = choices.first(where: { $0.count <= room }) {
                        shown[index][part] = text
                        room -= text.count
                    }
                }
            }
        }
        var out = head
        for (index, section) in sections[..<kept].enumerated() {
            out += section.heading + shown[index].compactMap { $0 }.joined()
            let left = shown[index].filter { $0 == nil }.count
            if left > 0 { out += section.note(left) }
        }
        let sectionsLeft = sections.count - kept
        if sectionsLeft > 0 {
            out += "\n_\(sectionsLeft) more changed format\(sectionsLeft == 1 ? "" : "s") not shown here: see the review's --json or --report._\n"
        }
        return out
    }

    /// One changed row of the summary: its heading, and its parts (the first new failure, each new limit finding,
    /// each cluster) each whole and, for a cluster, shorter (without its example).
    private struct Section {
        let heading: String
        let name: String
        var parts: [(full: String, short: String?)] = []
        /// Where the clusters start among the parts (after the first failure and the limit findings).
        var clustersStart = 0

        /// What says that `count` of the section's parts (its clusters, mostly) are left out.
        func note(_ count: Int) -> String {
            "\n_\(count) more cluster\(count == 1 ? "" : "s") of \(name) not shown here: see the review's --json or --report._\n"
        }

        /// The least the section takes: its heading, and room for its note.
        var required: Int { heading.count + note(parts.count).count }
    }

    private static func section(_ row: Row) -> Section {
        let name = "`\(inline(row.format))` [`\(inline(row.locale))`]"
        var section = Section(heading: "\n### \(name): \(row.counts)\n", name: name)
        if let failure = row.firstFailure { section.parts.append(("\nFirst new failure:\n\n" + fenced(failure), nil)) }
        for findings in row.newFindings {
            section.parts.append(("\nNew limit finding \(fencedInline(findings.rule)), \(findings.count) record\(findings.count == 1 ? "" : "s"):\n\n"
                + fenced(findings.examples.map { "record \($0.position + 1)\($0.id.map { " (\(oneLine($0)))" } ?? ""): \(oneLine($0.message))" }
                    .joined(separator: "\n")), nil))
        }
        if !row.existingFindings.isEmpty {
            section.parts.append(("\nAlready there before the change (not new): "
                + row.existingFindings.map { "\(fencedInline($0.rule)) \($0.count)" }.joined(separator: ", ") + "\n", nil))
        }
        section.clustersStart = section.parts.count
        for cluster in row.clusters {
            var text = "\n**\(cluster.count) record\(cluster.count == 1 ? "" : "s")** (\(percent(cluster.share)))"
            text += cluster.source.map { ", from \(fencedInline($0))" } ?? ""
            text += ":\n\n" + fenced(cluster.change)
            guard let example = cluster.examples.first else {
                section.parts.append((text, nil))
                continue
            }
            var full = text + "\nExample, record \(example.position + 1)\(example.id.map { " (\(fencedInline($0)))" } ?? ""):\n\n"
            full += example.diff.isEmpty ? "_No word diff: the documents were past the word diff's work limit._\n" : fenced(example.diff.map { run in
                if let same = run.same { return same }
                return "[-\(run.removed ?? "")-]{+\(run.added ?? "")+}"
            }.joined(), language: "text")
            section.parts.append((full, text))
        }
        return section
    }

    /// `text` in a fenced code block whose fence is longer than any run of backticks in it; its line endings are
    /// line feeds (a carriage return is one to a CommonMark reader, and the block's lines stay its own either way).
    static func fenced(_ text: String, language: String = "") -> String {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(text) + 1))
        return "\(fence)\(language)\n\(text)\n\(fence)\n"
    }

    /// `text` as a code span on one line (every line break folded to `⏎`), with a fence longer than any run of
    /// backticks in it and a space inside each end, so that no backtick of `text` closes it.
    static func fencedInline(_ text: String) -> String {
        let flat = oneLine(text)
        let fence = String(repeating: "`", count: longestBacktickRun(flat) + 1)
        return "\(fence) \(flat) \(fence)"
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for scalar in text.unicodeScalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// A name for inside a code span in a table: no backticks, bars or line breaks.
    static func inline(_ text: String) -> String {
        String(String.UnicodeScalarView(oneLine(text, as: "_").unicodeScalars.map { "`|".unicodeScalars.contains($0) ? "_" : $0 }))
    }
}
