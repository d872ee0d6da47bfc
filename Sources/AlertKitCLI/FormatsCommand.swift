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
        let registry = try templates.formats()
        for format in registry.formats {
            let aliases = format.aliases.isEmpty ? "" : " (also: \(format.aliases.joined(separator: ", ")))"
            try Console.line("\(format.name)\t.\(format.fileExtension)\t\(format.summary)\(aliases)")
        }
    }
}
