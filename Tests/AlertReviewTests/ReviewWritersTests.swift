import AlertReview
import AlertTestSupport
import Foundation
import Testing

/// What the report's writers (Markdown summary, terminal text, JUnit XML, HTML page) do with hostile text from alerts
/// and templates, and how the summary keeps within its size.
@Suite("Review writers")
struct ReviewWritersTests {
    /// Every line ending and vertical space a reader may break a line at.
    static let breaks: [Unicode.Scalar] = ["\r", "\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    /// An alert id that, kept on its own lines, would be a heading, a link, a remote image and a mention.
    static let hostileID = "4930982:105\r\r# Heading [x](https://evil) ![i](https://evil/p.png) @someone"

    /// A report decoded from its JSON form: `rows` as JSON objects, each field not given at its empty value.
    static func report(_ rows: [[String: Any]]) throws -> ReviewReport {
        let defaults: [String: Any] = ["locale": "en", "presence": "both", "records": 1, "unchanged": 0, "changed": 1, "newlyFailing": 0,
                                       "newlyPassing": 0, "invalid": 0, "clusters": [], "ungrouped": 0, "newFindings": [],
                                       "fixedFindings": [], "overLimit": 0, "findingsAfter": [], "existingFindings": []]
        let object: [String: Any] = ["before": "shipped", "after": "mine", "records": 1,
                                     "rows": rows.map { defaults.merging($0) { $1 } }]
        return try JSONDecoder().decode(ReviewReport.self, from: JSONSerialization.data(withJSONObject: object))
    }

    /// A cluster of `count` records whose one example (record 1, `id`) changed `removed` to `added` within `same`.
    static func cluster(_ change: String, count: Int = 1, source: String? = nil, id: String? = nil,
                        same: String = "Keep an eye out. ", removed: String = "immediately", added: String = "today") -> [String: Any] {
        var example: [String: Any] = ["position": 0, "diff": [["same": same], ["removed": removed, "added": added], ["same": "."]]]
        if let id { example["id"] = id }
        var cluster: [String: Any] = ["change": change, "count": count, "share": 1.0, "examples": [example]]
        if let source { cluster["source"] = source }
        return cluster
    }

    /// The HTML cmark-gfm (GitHub's CommonMark reader, with its table and autolink extensions) makes of `markdown`.
    static func commonMark(_ markdown: String) throws -> String {
        let result = try Fixtures.run("/usr/bin/env", ["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink"], input: Data(markdown.utf8))
        try #require(result.status == 0, "cmark-gfm (scripts/setup.sh installs it): \(result.standardError)")
        return result.output
    }

    /// `html` without the contents of its code spans and code blocks: what a reader sees as prose and markup.
    static func outsideCode(_ html: String) -> String {
        html.replacingOccurrences(of: "<pre[^>]*><code[^>]*>[\\s\\S]*?</code></pre>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "<code>[\\s\\S]*?</code>", with: "", options: .regularExpression)
    }

    @Test("an alert id holding CRs, a heading, a link, an image and a mention stays inside its code span in the summary")
    func markdownLineEndings() throws {
        let folder = try ReviewTests.rewordedStep("Change your password today.")
        var alert = try JSONSerialization.jsonObject(with: Fixtures.sample("email-alert")) as! [String: Any]
        alert["id"] = Self.hostileID
        let record = [UInt8](try JSONSerialization.data(withJSONObject: alert))
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), formats: ["text"], locales: ["en"]).run([record])
        let summary = report.markdownSummary()
        #expect(summary.contains("4930982:105"), "the id is in the summary: \(summary)")
        let html = try Self.commonMark(summary)
        let prose = Self.outsideCode(html)
        #expect(!prose.contains("<h1") && !prose.contains("<a ") && !prose.contains("<img"), "\(html)")
        #expect(!prose.contains("Heading") && !prose.contains("evil") && !prose.contains("@someone"), "\(html)")
        // Every other kind of line break as well, in each place an alert's or a template's text stands.
        for separator in Self.breaks.map({ String($0) }) + ["\r\n"] {
            let hostile = "x\(separator)\(separator)# Heading [x](https://evil) ![i](https://evil/p.png) @someone"
            let report = try Self.report([["format": "text", "firstFailure": hostile,
                                           "clusters": [Self.cluster(hostile, source: hostile, id: hostile, same: hostile, removed: hostile, added: hostile)],
                                           "newFindings": [["rule": "sms.cut", "count": 1, "examples": [["position": 0, "id": hostile, "message": hostile]]]]]])
            let html = try Self.commonMark(report.markdownSummary())
            let prose = Self.outsideCode(html)
            #expect(!prose.contains("<h1") && !prose.contains("<a ") && !prose.contains("<img") && !prose.contains("@someone"),
                    "\(separator.unicodeScalars.map { String($0.value, radix: 16) }): \(html)")
        }
    }

    @Test("backticks in an alert id do not close its code span")
    func markdownBackticks() throws {
        for id in ["a`b", "``x`` [y](https://evil)", "`", "` [y](https://evil) `", "x ```` [y](https://evil)"] {
            let report = try Self.report([["format": "text", "clusters": [Self.cluster("\"a\" → \"b\"", source: "template " + id, id: id)]]])
            let html = try Self.commonMark(report.markdownSummary())
            #expect(!Self.outsideCode(html).contains("evil"), "\(id): \(html)")
            #expect(!Self.outsideCode(html).contains("<a "), "\(id): \(html)")
        }
    }

    @Test("the terminal summary, JUnit XML and the HTML page: an alert's or a template's line breaks are folded where they stand in a line")
    func otherWritersFoldLineEndings() throws {
        for separator in Self.breaks.map({ String($0) }) + ["\r\n"] {
            let hostile = "x\(separator)FAKE: 0 records, unchanged"
            let report = try Self.report([["format": "sms", "newlyFailing": 1, "firstFailure": hostile,
                                           "clusters": [Self.cluster(hostile, source: hostile, id: hostile)],
                                           "newFindings": [["rule": "sms.cut", "count": 1, "examples": [["position": 0, "id": hostile, "message": hostile]]]]]])
            let name = separator.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            // The terminal: one line per row and per thing said of it; no line starts with the alert's words.
            let lines = report.description.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.allSatisfy { !$0.hasPrefix("FAKE") && !$0.unicodeScalars.contains { Self.breaks.contains($0) } }, "\(name): \(report.description)")
            #expect(lines.count == 5, "\(name): \(report.description)")
            // JUnit: no raw line break from the alert anywhere (a CI log would print it as a line of its own).
            let xml = report.junit()
            #expect(!xml.contains("\nFAKE") && !xml.contains("\rFAKE") && !xml.unicodeScalars.contains { ["\u{85}", "\u{2028}", "\u{2029}"].contains($0) },
                    "\(name): \(xml)")
            // The HTML page: the ids and the findings' messages on their line (a diff or a failure keeps its lines, in a
            // block that shows them as they are).
            let page = try Self.report([["format": "sms", "clusters": [Self.cluster("\"a\" → \"b\"", id: "x\(separator)FAKEID")],
                                         "newFindings": [["rule": "sms.cut", "count": 1,
                                                          "examples": [["position": 0, "id": "x\(separator)FAKEID", "message": "x\(separator)FAKEMSG"]]]]]]).html()
            #expect(!page.contains(separator + "FAKEID") && !page.contains(separator + "FAKEMSG"), "\(name)")
        }
    }

    @Test("a huge first section leaves out its own clusters, never a later section that fits; the summary stays within its limit")
    func summaryKeepsLaterSections() throws {
        let noisy = (0..<400).map { index in
            Self.cluster("\"old \(index)\" → \"new \(index)\"", count: 400 - index, source: "template formats/html.mustache line \(index)",
                         id: "noisy-\(index)", removed: String(repeating: "long words ", count: 100), added: "short")
        }
        let report = try Self.report([
            ["format": "html", "records": 1000, "changed": 1000, "clusters": noisy],
            ["format": "sms", "records": 1000, "changed": 1, "newlyFailing": 1, "firstFailure": "formats/sms.txt.mustache:2:3: broken",
             "clusters": [Self.cluster("\"immediately\" → \"today\"", source: "catalog en: matchTypes.IDEMAILADDR.steps[0].text", id: "quiet-1")],
             "newFindings": [["rule": "sms.cut", "count": 1, "examples": [["position": 5, "id": "quiet-1", "message": "needs 2 messages"]]]]],
            ["format": "text", "records": 1000, "changed": 2, "clusters": [Self.cluster("\"a\" → \"b\"", count: 2, id: "quiet-2")]],
        ])
        for limit in [ReviewReport.markdownLimit, 20_000, 5_000] {
            let summary = report.markdownSummary(limit: limit)
            #expect(summary.count <= limit, "\(limit): \(summary.count)")
            #expect(summary.contains("### `sms` [`en`]") && summary.contains("matchTypes.IDEMAILADDR.steps[0].text") && summary.contains("quiet-1"),
                    "\(limit): \(summary.suffix(3000))")
            #expect(summary.contains("sms.txt.mustache:2:3") && summary.contains("needs 2 messages"), "\(limit)")
            #expect(summary.contains("### `text` [`en`]") && summary.contains("quiet-2"), "\(limit)")
            #expect(summary.contains("### `html` [`en`]") && summary.contains("\"old 0\" → \"new 0\""), "\(limit)")
            #expect(summary.contains("more clusters of `html` [`en`] not shown here"), "\(limit): \(summary.suffix(2000))")
        }
        // Everything fits: nothing is said to be left out.
        let all = report.markdownSummary(limit: 10_000_000)
        #expect(!all.contains("not shown here") && all.contains("\"old 399\" → \"new 399\""))
    }
}
