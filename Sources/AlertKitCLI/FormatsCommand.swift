import AlertRendering
import ArgumentParser

/// `alertkit formats`.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the output formats: the built-in ones and every template format, with where each comes from."
    )

    @OptionGroup var templates: TemplatesOption

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        let registry = try templates.formats(settings)
        for format in registry.formats {
            let aliases = format.aliases.isEmpty ? "" : " (also: \(format.aliases.joined(separator: ", ")))"
            try Console.line("\(format.name)\t.\(format.fileExtension)\t\(format.summary)\(aliases)")
        }
    }
}
