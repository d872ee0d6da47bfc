import Foundation

extension ReviewReport {
    /// The report as one self-contained HTML page (`--report DIR` writes it as `index.html`): the counts of every
    /// format and locale, each changed row's clusters with their examples as side-by-side word-level diffs, the limit
    /// findings, and `screenshots` (PNG data by name, shown beside their cluster) when there are any. No script, no
    /// fetch (its Content-Security-Policy forbids both), so it works from `file://` offline; every text from an alert
    /// or a template is escaped.
    public func html(screenshots: [ReviewScreenshot] = [], screenshotNote: String? = nil) -> String {
        var page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <title>AlertKit review: \(Self.html(before)) → \(Self.html(after))</title>
        <style>
        body { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #1d1d1f; }
        table { border-collapse: collapse; margin: 1rem 0; }
        th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left; vertical-align: top; }
        td.n { text-align: right; font-variant-numeric: tabular-nums; }
        tr.fail td { background: #fdecea; } tr.change td { background: #fff8e1; }
        .cluster { border: 1px solid #ddd; border-radius: 6px; padding: .6rem 1rem; margin: 1rem 0; }
        .change, .diff td { font: 13px/1.4 ui-monospace, monospace; white-space: pre-wrap; word-break: break-word; }
        .diff { width: 100%; table-layout: fixed; } del { background: #ffd7d5; text-decoration: line-through; } ins { background: #d2f4d3; text-decoration: none; }
        a { color: #0b57d0; } a:visited { color: #6b3fa0; } summary { cursor: pointer; color: #0b57d0; }
        .shots { display: flex; flex-wrap: wrap; gap: .5rem; } .shots figure { margin: 0; } .shots img { max-width: 280px; border: 1px solid #ccc; }
        @media (prefers-color-scheme: dark) { body { background: #1c1c1e; color: #f2f2f7; } th, td, .cluster { border-color: #48484a; }
          tr.fail td { background: #4a1f1c; } tr.change td { background: #3d3418; } del { background: #6b2420; } ins { background: #1f4d25; }
          a { color: #9ecbff; } a:visited { color: #d7b8ff; } summary { color: #9ecbff; } }
        </style>
        </head>
        <body>
        <h1>AlertKit review</h1>
        <p><code>\(Self.html(before))</code> → <code>\(Self.html(after))</code>, \(records) record\(records == 1 ? "" : "s").
        \(hasNewFailures ? "<strong>New failures or limit findings.</strong>" : hasChanges ? "Changes, no new failures." : "No changes.")</p>
        <table><thead><tr><th>format</th><th>locale</th><th>records</th><th>unchanged</th><th>changed</th><th>newly failing</th><th>newly passing</th><th>new limit findings</th><th>clusters</th></tr></thead><tbody>

        """
        for row in rows {
            let kind = row.hasNewFailures ? " class=\"fail\"" : row.hasChanges ? " class=\"change\"" : ""
            let name = row.hasChanges || row.hasNewFailures ? "<a href=\"#\(Self.anchor(row))\">\(Self.html(row.format))</a>" : Self.html(row.format)
            page += "<tr\(kind)><td>\(name)\(row.presence == .both ? "" : " (\(row.presence.rawValue))")</td><td>\(Self.html(row.locale))</td>"
                + [row.records, row.unchanged, row.changed, row.newlyFailing, row.newlyPassing, row.newFindings.reduce(0) { $0 + $1.count }, row.clusters.count]
                .map { "<td class=\"n\">\($0)</td>" }.joined() + "</tr>\n"
        }
        page += "</tbody></table>\n"
        if let screenshotNote { page += "<p class=\"note\">\(Self.html(screenshotNote))</p>\n" }
        for row in rows where row.hasChanges || row.hasNewFailures {
            page += "<section id=\"\(Self.anchor(row))\"><h2>\(Self.html(row.format)) [\(Self.html(row.locale))]</h2><p>\(Self.html(row.counts))</p>\n"
            if let failure = row.firstFailure { page += "<p>First new failure:</p><pre class=\"change\">\(Self.html(failure))</pre>\n" }
            for findings in row.newFindings + row.fixedFindings {
                let fixed = row.fixedFindings.contains { $0.rule == findings.rule } && !row.newFindings.contains { $0.rule == findings.rule }
                page += "<p>\(fixed ? "Fixed" : "New") limit finding <code>\(Self.html(findings.rule))</code>: \(findings.count) record\(findings.count == 1 ? "" : "s")</p><ul>"
                    + findings.examples.map { "<li>record \($0.position + 1)\($0.id.map { " (" + Self.html(Self.oneLine($0)) + ")" } ?? ""): \(Self.html(Self.oneLine($0.message)))</li>" }.joined()
                    + "</ul>\n"
            }
            if !row.existingFindings.isEmpty {
                page += "<details><summary>Already there before the change: "
                    + row.existingFindings.map { "\(Self.html($0.rule)) (\($0.count))" }.joined(separator: ", ") + "</summary><ul>"
                    + row.existingFindings.flatMap { findings in findings.examples.map { "<li><code>\(Self.html(findings.rule))</code>, record \($0.position + 1): \(Self.html(Self.oneLine($0.message)))</li>" } }.joined()
                    + "</ul></details>\n"
            }
            for (number, cluster) in row.clusters.enumerated() {
                page += "<div class=\"cluster\"><p><strong>\(cluster.count) record\(cluster.count == 1 ? "" : "s")</strong> (\(Self.percent(cluster.share)))"
                    + (cluster.source.map { ", from <code>\(Self.html(Self.oneLine($0)))</code>" } ?? "") + "</p>\n"
                page += "<div class=\"change\">\(Self.html(cluster.change))</div>\n"
                for example in cluster.examples {
                    page += "<p>Record \(example.position + 1)\(example.id.map { " (" + Self.html(Self.oneLine($0)) + ")" } ?? ""):</p>\n" + Self.sideBySide(example.diff)
                    if let source = example.sourceDiff {
                        page += "<details><summary>The source (what the reader does not see)</summary>\n" + Self.sideBySide(source) + "</details>\n"
                    }
                }
                let shots = screenshots.filter { $0.format == row.format && $0.locale == row.locale && $0.cluster == number }
                if !shots.isEmpty {
                    page += "<div class=\"shots\">" + shots.map { shot in
                        "<figure><img alt=\"\(Self.html(shot.caption))\" src=\"data:image/png;base64,\(shot.png.base64EncodedString())\">"
                            + "<figcaption>\(Self.html(shot.caption))</figcaption></figure>"
                    }.joined() + "</div>\n"
                }
                page += "</div>\n"
            }
            page += "</section>\n"
        }
        page += "</body>\n</html>\n"
        return page
    }

    /// A word-level diff as a table: before on the left (removed words struck through), after on the right.
    static func sideBySide(_ diff: [DiffRun]) -> String {
        guard !diff.isEmpty else { return "<p>No word diff: the documents were past the word diff's work limit.</p>\n" }
        var left = "", right = ""
        for run in diff {
            if let same = run.same {
                left += html(same)
                right += html(same)
            } else {
                if let removed = run.removed, !removed.isEmpty { left += "<del>\(html(removed))</del>" }
                if let added = run.added, !added.isEmpty { right += "<ins>\(html(added))</ins>" }
            }
        }
        return "<table class=\"diff\"><thead><tr><th>before</th><th>after</th></tr></thead><tbody><tr><td>\(left)</td><td>\(right)</td></tr></tbody></table>\n"
    }

    static func anchor(_ row: Row) -> String {
        "row-" + String((row.format + "-" + row.locale).map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
    }

    /// `text` escaped for HTML text and attribute values.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

/// A screenshot of one side of a cluster's first example, for the HTML report.
public struct ReviewScreenshot: Sendable {
    /// The row and the cluster (its place in the row's clusters) it belongs to.
    public let format: String, locale: String, cluster: Int
    /// What it shows: `before, 390 px, light`.
    public let caption: String
    /// The image.
    public let png: Data

    /// A screenshot.
    public init(format: String, locale: String, cluster: Int, caption: String, png: Data) {
        self.format = format
        self.locale = locale
        self.cluster = cluster
        self.caption = caption
        self.png = png
    }
}
