import AlertPresentation
import AlertRendering
import AlertReview
import AlertTestSupport
import Foundation
import Testing

@Suite("Review")
struct ReviewTests {
    static let samples: [[UInt8]] = Fixtures.sampleNames.compactMap { try? [UInt8](Fixtures.sample($0)) }

    /// A templates folder whose English catalog rewords the first step of the email-address match type.
    static func rewordedStep(_ text: String) throws -> ScratchDirectory {
        let folder = try ScratchDirectory("alertkit-review")
        let shipped = TemplateFormats.shipped.deletingLastPathComponent().appendingPathComponent("catalog/en.json")
        let catalog = try JSONSerialization.jsonObject(with: Data(contentsOf: shipped)) as! [String: Any]
        var email = (catalog["matchTypes"] as! [String: Any])["IDEMAILADDR"] as! [String: Any]
        var steps = email["steps"] as! [[String: Any]]
        steps[0]["text"] = text
        email["steps"] = steps
        let override = try JSONSerialization.data(withJSONObject: ["matchTypes": ["IDEMAILADDR": email]])
        _ = try folder.file("catalog/en.json", override)
        return folder
    }

    /// How many of `records` show the email-address step "Change your password immediately." in English.
    static func showingStep(_ records: [[UInt8]]) throws -> Int {
        let pipeline = AlertPipeline()
        return records.filter { record in
            guard let view = try? pipeline.view(record) else { return false }
            return (view.nextSteps.items + view.nextSteps.groups.flatMap(\.items)).contains { $0.text == "Change your password immediately." }
        }.count
    }

    @Test("a templates folder against itself, over the samples and 10,000 generated alerts: every format unchanged in both locales")
    func againstItself() throws {
        // 10,000 alerts; 1,000 under a sanitizer, which runs every test again ten times slower.
        let count = Fixtures.sanitizer == nil ? 10_000 : 1_000
        let feed = try Fixtures.generateFeed(["--count", "\(count)", "--seed", "27"]).map { [UInt8]($0) }
        let records = Self.samples + feed
        // A templates folder (here, a copy of what AlertKit ships: formats, partials, catalogs, page, icons) against itself.
        let folder = try ScratchDirectory("alertkit-review")
        try FileManager.default.removeItem(at: folder.url)
        try FileManager.default.copyItem(at: TemplateFormats.shipped.deletingLastPathComponent(), to: folder.url)
        let side = ReviewSide(folder: folder.url)
        let report = Review(before: side, after: side).run(records)
        #expect(report.records == records.count)
        #expect(Set(report.rows.map(\.locale)) == ["en", "es"])
        #expect(Set(report.rows.map(\.format)) == ["email", "html", "json", "markdown", "push", "slack", "sms", "teams", "text"])
        for row in report.rows {
            #expect(row.records == records.count && row.unchanged == row.records && row.presence == .both, "\(row.counts)")
            #expect(row.clusters.isEmpty && row.newFindings.isEmpty && row.fixedFindings.isEmpty)
        }
        #expect(!report.hasChanges && !report.hasNewFailures && !report.fails(on: .changes))
    }

    @Test("one step reworded in a catalog override: exactly the alerts that show it change, one cluster per format naming the catalog key")
    func rewordedStep() throws {
        let folder = try Self.rewordedStep("Change your password today.")
        let feed = try Fixtures.generateFeed(["--count", "1000", "--seed", "5"]).map { [UInt8]($0) }
        let records = Self.samples + feed
        let showing = try Self.showingStep(records)
        #expect(showing > 100)
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), locales: ["en", "es"]).run(records)
        for row in report.rows {
            if row.locale == "es" {
                #expect(row.changed == 0, "the Spanish catalog is not overridden: \(row.counts)")
                continue
            }
            // push and SMS show the first step of the first group only; the others show every step.
            #expect(row.newlyFailing == 0 && row.newFindings.isEmpty, "a shorter step breaks nothing: \(row.counts)")
            if row.changed > 0 {
                #expect(row.clusters.count == 1, "\(row.format): \(row.clusters.map(\.change))")
                for cluster in row.clusters {
                    #expect(cluster.source == "catalog en: matchTypes.IDEMAILADDR.steps[0].text", "\(row.format): \(cluster.source ?? "none")")
                    #expect(cluster.change.contains("\"immediately\" → \"today\""), "\(row.format): \(cluster.change)")
                    #expect(!cluster.examples.isEmpty && cluster.examples.count <= 2)
                }
            }
            if ["markdown", "text", "json", "html", "email", "slack"].contains(row.format) {
                #expect(row.changed == showing, "\(row.format): \(row.counts)")
            }
        }
        // The shipped SMS shows a step only with the app link that says where to take it; the catalog sets none.
        #expect(report.rows.first { $0.format == "sms" && $0.locale == "en" }!.changed == 0)
        #expect(report.hasChanges && !report.hasNewFailures && !report.fails(on: .failures) && report.fails(on: .changes))
        // The Markdown summary holds every changed row, and past a limit leaves clusters out (never a row whose
        // heading fits) and says how many.
        let summary = report.markdownSummary()
        #expect(summary.count < ReviewReport.markdownLimit && summary.contains("matchTypes.IDEMAILADDR.steps[0].text"))
        let changedRows = report.rows.filter(\.hasChanges).count
        let short = report.markdownSummary(limit: 3_000)
        #expect(short.count <= 3_000 && short.contains("not shown here"), "\(short.count)")
        for row in report.rows where row.hasChanges { #expect(short.contains("### `\(row.format)` [`\(row.locale)`]"), "\(row.format): \(short)") }
        let tiny = report.markdownSummary(limit: 1_500)
        #expect(tiny.count <= 1_500 && tiny.contains("more changed formats not shown here"), "\(tiny.count)")
        #expect(!report.markdownSummary(limit: 1_000_000).contains("not shown here") && changedRows == 8)
    }

    @Test("a page's and an email's change read as their reader sees it (visible text, decoded mail), the source one click away")
    func readerDiffs() throws {
        let folder = try Self.rewordedStep("Change your password today.")
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), formats: ["html", "email", "markdown"],
                            locales: ["en"]).run(Self.samples)
        #expect(report.rows.count == 3)
        for row in report.rows {
            let example = try #require(row.clusters.first?.examples.first, "\(row.format): \(row.counts)")
            let text = example.diff.map { ($0.same ?? "") + ($0.removed ?? "") + ($0.added ?? "") }.joined()
            #expect(text.contains("today") && text.contains("immediately"), "\(row.format): \(text)")
            if row.format == "markdown" {
                #expect(example.sourceDiff == nil, "Markdown is read as it is written")
                continue
            }
            for markup in ["<", "=\r\n", "=E2=80", "Content-Transfer-Encoding", "svg", "&#"] {
                #expect(!text.contains(markup), "\(row.format) shows \(markup): \(text)")
            }
            let source = try #require(example.sourceDiff, "\(row.format): the source diff")
            let sourceText = source.map { ($0.same ?? "") + ($0.removed ?? "") + ($0.added ?? "") }.joined()
            #expect(sourceText.contains(row.format == "email" ? "quoted-printable" : "<"), "\(row.format): \(sourceText.prefix(300))")
        }
        let page = report.html()
        #expect(page.contains("<details><summary>The source (what the reader does not see)</summary>"))
    }

    @Test("a cluster that a catalog change and a template change made together is credited to both; one made by either alone, to that one")
    func creditBoth() throws {
        let folder = try Self.rewordedStep("Change your password today.")
        let shipped = try String(contentsOf: TemplateFormats.shipped.appendingPathComponent("slack.json.mustache"), encoding: .utf8)
        let bullet = "\\n• {{text}}{{/nextSteps.items}}"
        #expect(shipped.contains(bullet))
        try folder.file("formats/slack.json.mustache", shipped.replacingOccurrences(of: bullet, with: "\\n→ {{text}}{{/nextSteps.items}}"))
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), formats: ["slack", "markdown"], locales: ["en"])
            .run(Self.samples)
        let slack = report.rows.first { $0.format == "slack" }!
        let sources = Set(slack.clusters.compactMap(\.source))
        #expect(sources.contains("catalog en: matchTypes.IDEMAILADDR.steps[0].text; template formats/slack.json.mustache line 12"), "\(sources)")
        #expect(sources.contains("template formats/slack.json.mustache line 12"), "\(sources)")
        let markdown = report.rows.first { $0.format == "markdown" }!
        #expect(markdown.clusters.map(\.source) == ["catalog en: matchTypes.IDEMAILADDR.steps[0].text"])
    }

    @Test("limit findings already there before the change are apart from new ones, and fail nothing")
    func existingFindings() throws {
        let before = try ScratchDirectory("alertkit-review-before")
        try before.file("formats/tiny.txt.mustache", "{{! alertkit: escape=text max-bytes=10 }}\n{{title}}\n{{#nextSteps.items}}{{text}}\n{{/nextSteps.items}}")
        let after = try Self.rewordedStep("Change your password today.")
        try after.file("formats/tiny.txt.mustache", "{{! alertkit: escape=text max-bytes=10 }}\n{{title}}\n{{#nextSteps.items}}{{text}}\n{{/nextSteps.items}}")
        let report = Review(before: ReviewSide(folder: before.url), after: ReviewSide(folder: after.url), formats: ["tiny"],
                            locales: ["en"]).run(Self.samples)
        let row = try #require(report.rows.first)
        #expect(row.changed > 0 && row.newFindings.isEmpty && !row.existingFindings.isEmpty, "\(row.counts)")
        #expect(row.existingFindings.reduce(0) { $0 + $1.count } == Self.samples.count, "every sample is past 10 bytes on both sides")
        #expect(row.counts.contains("already there before the change") && !report.fails(on: .failures), "\(row.counts)")
        #expect(report.description.contains("already there before the change"))
    }

    @Test("a step reworded past an SMS's length: a new limit finding that fails the review by default")
    func longerStep() throws {
        let long = "Change your password today, on every site where you used it, and turn on two-step verification wherever it is "
            + "offered: in your email account first, then in your bank's app, your phone company's account and every shop that "
            + "keeps your card, so that a password someone found cannot open them."
        let folder = try Self.rewordedStep(long)
        // An SMS template of a product team's that shows the first step without an app link (the shipped one does not).
        let shipped = try String(contentsOf: TemplateFormats.shipped.appendingPathComponent("sms.txt.mustache"), encoding: .utf8)
        _ = try folder.file("formats/sms.txt.mustache", shipped.replacingOccurrences(
            of: "{{#product.appLink}}{{#first(nextSteps.items)}}{{text}}{{/first(nextSteps.items)}}{{/product.appLink}}",
            with: "{{#first(nextSteps.items)}}{{text}}{{/first(nextSteps.items)}}"))
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), locales: ["en"]).run(Self.samples)
        let sms = try #require(report.rows.first { $0.format == "sms" })
        let cut = try #require(sms.newFindings.first { $0.rule == "sms.cut" }, "\(sms.counts)")
        #expect(cut.count > 0 && cut.count <= sms.changed)
        #expect(cut.examples.first?.message.contains("needs 3 parts") == true, "\(cut.examples)")
        #expect(report.hasNewFailures && report.fails(on: .failures) && !report.fails(on: .never))
        #expect(report.description.contains("new limit finding sms.cut"))
    }

    @Test("a template that does not parse on the after side: its format newly failing there with file, line and column; the others unchanged")
    func brokenTemplate() throws {
        let folder = try ScratchDirectory("alertkit-review")
        _ = try folder.file("formats/slack.json.mustache", "{{! alertkit: escape=json }}\n{\"title\": \"{{title}\"}\n")
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), locales: ["en"]).run(Self.samples)
        for row in report.rows {
            if row.format == "slack" {
                #expect(row.newlyFailing == row.records, "\(row.counts)")
                #expect(row.firstFailure?.contains("slack.json.mustache:2:") == true, "\(row.firstFailure ?? "")")
            } else {
                #expect(row.unchanged == row.records, "\(row.format): \(row.counts)")
            }
        }
        let before = Review(before: .shipped, after: .shipped, locales: ["en"]).run(Self.samples)
        #expect(before.rows.allSatisfy { $0.unchanged == $0.records })
        #expect(report.hasNewFailures)
        #expect(report.description.contains("newly failing") && report.description.contains("first new failure: ") && report.description.contains("slack.json.mustache:2:"))
        #expect(!report.markdownSummary().contains("### `email` [`en`]: 27 records, 0 changed, 27 newly failing (") && report.markdownSummary().contains("slack.json.mustache"))
    }

    @Test("a format on one side only is reported as added, and records in it as changed; invalid records are counted apart")
    func addedFormat() throws {
        let folder = try ScratchDirectory("alertkit-review")
        _ = try folder.file("formats/ticket.json.mustache", "{{! alertkit: escape=json max-bytes=100 }}\n{\"title\": \"{{title}}\", \"id\": \"{{id}}\"}\n")
        let records = Self.samples + [Array("{\"not\": \"an alert\"}".utf8)]
        let report = Review(before: .shipped, after: ReviewSide(folder: folder.url), locales: ["en"]).run(records)
        let ticket = try #require(report.rows.first { $0.format == "ticket" })
        #expect(ticket.presence == .added && ticket.changed == Self.samples.count && ticket.invalid == 1, "\(ticket.counts)")
        for row in report.rows where row.format != "ticket" { #expect(row.unchanged == Self.samples.count && row.invalid == 1) }
        #expect(report.hasChanges)
    }

    @Test("a template's declared limit: a document past max-bytes is a finding, one at it is not")
    func declaredLimit() throws {
        let record = try [UInt8](Fixtures.sample("email-alert"))
        let template = "{\"id\": \"{{id}}\"}\n"
        let measured = try ScratchDirectory("alertkit-review")
        _ = try measured.file("formats/card.json.mustache", "{{! alertkit: escape=json }}\n" + template)
        let document = try AlertPipeline(formats: FormatRegistry.standard(templates: [measured.url])).render(record, format: "card").document
        for (limit, expected) in [(document.utf8.count - 1, 1), (document.utf8.count, 0), (document.utf8.count + 1, 0)] {
            let folder = try ScratchDirectory("alertkit-review")
            _ = try folder.file("formats/card.json.mustache", "{{! alertkit: escape=json max-bytes=\(limit) }}\n" + template)
            let side = ReviewSide(folder: folder.url)
            let report = Review(before: side, after: side, formats: ["card"], locales: ["en"]).run([record])
            #expect(report.rows[0].findingsAfter.map(\.count) == (expected == 0 ? [] : [1]), "limit \(limit)")
        }
    }

    @Test("a side's samples: its alert files in path order, a link inside the side followed, a link out of it (to a folder outside, to /, samples/ itself) refused before anything it leads to is read")
    func sampleLinks() throws {
        let side = try ScratchDirectory("alertkit-review")
        try side.file("samples/b.ndjson", "{}\n")
        try side.file("samples/a/c.json", "{}")
        try side.file("samples/notes.txt", "not an alert")
        try side.file("kept/d.jsonl", "{}\n")
        try FileManager.default.createSymbolicLink(atPath: side.path("samples/kept"), withDestinationPath: "../kept")
        try FileManager.default.createSymbolicLink(atPath: side.path("samples/again"), withDestinationPath: "a")
        let files = try ReviewSide(folder: side.url).sampleFiles().map { String($0.path.dropFirst(side.url.path.count + 1)) }
        #expect(files == ["samples/a/c.json", "samples/b.ndjson", "samples/kept/d.jsonl"], "\(files)")
        let outside = try ScratchDirectory("alertkit-review-outside")
        try outside.file("secret.json", "{}")
        for (link, target) in [("samples/out", outside.url.path), ("samples/root", "/"), ("samples/a/up", "../../.."), ("samples/file.json", outside.path("secret.json"))] {
            try FileManager.default.createSymbolicLink(atPath: side.path(link), withDestinationPath: target)
            #expect(throws: ReviewSideError.self) { try ReviewSide(folder: side.url).sampleFiles() }
            do { _ = try ReviewSide(folder: side.url).sampleFiles() } catch {
                #expect("\(error)".contains("\(link) is a link to") && "\(error)".contains("outside the templates folder"), "\(error)")
            }
            try FileManager.default.removeItem(atPath: side.path(link))
        }
        let linked = try ScratchDirectory("alertkit-review")
        try FileManager.default.createSymbolicLink(atPath: linked.path("samples"), withDestinationPath: "/")
        #expect(throws: ReviewSideError.self) { try ReviewSide(folder: linked.url).sampleFiles() }
    }
}
