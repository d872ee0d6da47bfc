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

        @Option(help: ArgumentHelp("A folder of your own templates (default: the stored setting, then none).", valueName: "dir"))
        var templates: String?

        func run() throws {
            let folder = try templates ?? SettingsStore.default.load().templates
            _ = try PresentationFlags.formats(folder: nil)  // the shipped ones load
            let folders = [TemplateFormats.shipped] + (folder.map { [URL(fileURLWithPath: $0)] } ?? [])
            let problems = TemplateChecker().check(folders).map(\.description)
                + (folder.map { ContentCatalog.problems(inFolder: URL(fileURLWithPath: $0)) } ?? [])
            for problem in problems { Diagnostics.print(problem) }
            if let folder, problems.isEmpty {
                do { _ = try FormatRegistry.standard(templates: [URL(fileURLWithPath: folder)]) } catch {
                    throw Diagnostics.fail(error.description, code: ExitCodes.invalidAlert)
                }
            }
            guard problems.isEmpty else { throw ExitCodes.invalidAlert }
            try Console.line("templates: no problems in \(folders.map(\.path).joined(separator: ", "))")
        }
    }
}
