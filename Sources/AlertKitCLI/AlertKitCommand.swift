import AlertModel
import ArgumentParser

/// `alertkit`: turns identity-protection alerts into documents people read.
public struct AlertKitCommand: ParsableCommand {
    /// The command's name, summary and subcommands.
    public static let configuration = CommandConfiguration(
        commandName: "alertkit",
        abstract: "Turn identity-protection alerts (JSON) into HTML, Markdown, text or a JSON view model.",
        discussion: """
        Exit codes: 0 success, 1 an input is not a valid alert, 64 usage error, \
        66 an input cannot be read, 73 an output cannot be written, 128 + N a batch stopped by signal N.
        """,
        version: AlertKitVersion.current,
        subcommands: [RenderCommand.self, BatchCommand.self, ValidateCommand.self, SchemaCommand.self, FormatsCommand.self,
                      TemplatesCommand.self, PreviewCommand.self, ConfigCommand.self, ServeCommand.self]
    )

    /// Creates the command (ArgumentParser fills it in).
    public init() {}
}
