import AlertBatch
import AlertPresentation
import AlertRendering
import AlertReview
import ArgumentParser
import Foundation

/// `alertkit templates init DIR`, `alertkit templates check [--templates DIR]` and
/// `alertkit templates render FILE (ALERT | --context JSON)`.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Tools for template authors.",
        subcommands: [Init.self, Check.self, Render.self]
    )

    /// `templates check`: every template parses, and every name it uses is in the view model.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the shipped templates and yours: syntax, names not in the view model, catalog overrides.",
            discussion: """
            Prints FILE:LINE:COLUMN: message for each problem (with the closest valid name); exit 2 if any. With \
            --sample, also renders every alert of the feed in every format and locale and reports each document past \
            its channel's limits (the checks of `alertkit review`: Slack, SMS, push, email, and what a template \
            declares with max-bytes= or max-characters=).
            """
        )

        @OptionGroup var templates: TemplatesOption

        @Option(name: .customLong("sample"), parsing: .singleValue, help: ArgumentHelp(
            "A feed (NDJSON or JSON file, folder) to render in every format and locale, checking each channel's limits; repeat for several.",
            valueName: "feed"))
        var samples: [String] = []

        func run() throws {
            let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
            let own = templates.folders(settings)
            let folders = [TemplateFormats.shipped] + own
            var problems = TemplateChecker().check(folders).map(\.description) + own.flatMap(ContentCatalog.problems(inFolder:))
                + own.flatMap(ContentCatalog.overrideProblems(inFolder:))
            for note in own.flatMap(ContentCatalog.overrideNotes(inFolder:)) { Diagnostics.print("note: " + note) }
            // What reading each file alone cannot see: a missing partial, a template named like a built-in format.
            for problem in try templates.formats(settings).problems.map(\.description) where !problems.contains(problem) {
                problems.append(problem)
            }
            for problem in problems { Diagnostics.print(problem) }
            guard problems.isEmpty else { throw ExitCodes.findings }
            if !samples.isEmpty { try checkLimits(own) }
            try Console.line("templates: no problems in \(folders.map(\.path).joined(separator: ", "))")
        }
    

        /// Renders the samples with `folders` and reports every document past a limit; exit 2 (findings) if any.
        private func checkLimits(_ folders: [URL]) throws {
            let inputs = samples.map(BatchInput.init)
            for input in inputs {
                do { try input.check() } catch { throw Diagnostics.fail(error.description, code: ExitCodes.noInput) }
            }
            let side = ReviewSide(name: folders.first?.path ?? "shipped", folders: folders)
            let stream = RecordStream(inputs: inputs)
            // A folder's findings are those the shipped templates do not have on the same records (its own formats',
            // or what its words do to the shipped ones); those already in the shipped templates are notes. Without a
            // folder, the shipped templates' own are the findings.
            let before = folders.isEmpty ? side : ReviewSide.shipped
            let report = Review(before: before, after: side).run(AnyIterator { stream.next() }.lazy.map(\.bytes))
            var found = 0
            for row in report.rows {
                for findings in folders.isEmpty ? row.findingsAfter : row.newFindings {
                    found += findings.count
                    Diagnostics.print("\(row.format) [\(row.locale)]: \(findings.rule): \(findings.count) of \(row.records) records\(Self.example(findings))")
                }
                for findings in folders.isEmpty ? [] : row.existingFindings {
                    Diagnostics.print("note: \(row.format) [\(row.locale)]: \(findings.rule): \(findings.count) of \(row.records) records, as "
                                      + "with the shipped templates\(Self.example(findings))")
                }
            }
            guard found == 0 else { throw ExitCodes.findings }
            try Console.line("templates: \(report.records) sample records within every channel's limits"
                             + (folders.isEmpty ? "" : " (past none the shipped templates are within)"))
        }

        private static func example(_ findings: ReviewReport.Findings) -> String {
            findings.examples.first.map { ", e.g. record \($0.position + 1)\($0.id.map { " (\($0))" } ?? ""): \($0.message)" } ?? ""
        }
    }
}
