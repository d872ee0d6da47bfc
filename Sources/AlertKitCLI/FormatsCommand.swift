import AlertRendering
import ArgumentParser

/// `alertkit formats`.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the output formats: the built-in ones and every template format, with where each comes from."
    )

    @Option(help: ArgumentHelp("A folder of your own templates (default: the stored setting, then none).", valueName: "dir"))
    var templates: String?

    func run() throws {
        let registry = try PresentationFlags.formats(folder: templates ?? SettingsStore.default.load().templates)
        for format in registry.formats {
            let aliases = format.aliases.isEmpty ? "" : " (also: \(format.aliases.joined(separator: ", ")))"
            try Console.line("\(format.name)\t.\(format.fileExtension)\t\(format.summary)\(aliases)")
        }
    }
}
