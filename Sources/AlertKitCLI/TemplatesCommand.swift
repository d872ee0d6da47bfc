import AlertPresentation
import AlertRendering
import ArgumentParser
import Foundation

/// `alertkit templates check [--templates DIR]`.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "Tools for template authors.",
        subcommands: [Check.self]
    )

    /// `templates check`: every template parses, and every name it uses is in the view model.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check the shipped templates and yours: syntax, names not in the view model, catalog overrides.",
            discussion: "Prints FILE:LINE:COLUMN: message for each problem (with the closest valid name); exit 1 if any."
        )

        @OptionGroup var templates: TemplatesOption

        func run() throws {
            let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
            let own = templates.folders(settings)
            let folders = [TemplateFormats.shipped] + own
            let problems = TemplateChecker().check(folders).map(\.description) + own.flatMap(ContentCatalog.problems(inFolder:))
            for problem in problems { Diagnostics.print(problem) }
            guard problems.isEmpty else { throw ExitCodes.invalidAlert }
            _ = try templates.formats(settings)  // what parsing alone cannot see: a template named like a built-in format
            try Console.line("templates: no problems in \(folders.map(\.path).joined(separator: ", "))")
        }
    }
}
