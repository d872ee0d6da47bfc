import AlertRendering
import ArgumentParser

/// `alertkit formats`.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the output formats: the built-in ones and every template format, with where each comes from.",
        discussion: "A format whose templates do not load is listed as broken; each problem (its file, line and column) goes to standard error, and the command exits 78."
    )

    @OptionGroup var templates: TemplatesOption

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        let registry = try templates.formats(settings)
        for format in registry.formats {
            let aliases = format.aliases.isEmpty ? "" : " (also: \(format.aliases.joined(separator: ", ")))"
            try Console.line("\(format.name)\t.\(format.fileExtension)\t\(format.summary)\(aliases)")
        }
        for problem in registry.problems { Diagnostics.print(problem.description) }
        guard registry.problems.isEmpty else { throw ExitCodes.configuration }
    }
}
