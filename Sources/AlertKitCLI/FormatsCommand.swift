import AlertRendering
import ArgumentParser

/// `alertkit formats`.
struct FormatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formats",
        abstract: "List the output formats."
    )

    func run() throws {
        for format in FormatRegistry.standard.formats {
            let aliases = format.aliases.isEmpty ? "" : " (also: \(format.aliases.joined(separator: ", ")))"
            try Console.line("\(format.name)\t.\(format.fileExtension)\t\(format.summary)\(aliases)")
        }
    }
}
