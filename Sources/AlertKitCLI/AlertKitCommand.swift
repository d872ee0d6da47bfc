import AlertModel
import AlertRendering
import AlertTemplates
import ArgumentParser
import CAlertKitBuild
import Foundation

/// `alertkit`: turns identity-protection alerts into documents people read.
public struct AlertKitCommand: ParsableCommand {
    /// The command's name, summary and subcommands; the help lists every format, the registered ones included.
    public static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "alertkit",
        abstract: "Turn identity-protection alerts (JSON) into documents: a page, Markdown, text, JSON, email, chat and phone messages.",
        discussion: "Formats: \(formatNames) (`alertkit formats` describes each; --templates adds your own).\n\n" + ExitCodes.help,
        version: AlertKitCommand.version,
        subcommands: [RenderCommand.self, BatchCommand.self, ValidateCommand.self, SchemaCommand.self, FormatsCommand.self,
                      TemplatesCommand.self, ReviewCommand.self, PreviewCommand.self, PageCSSCommand.self, ConfigCommand.self,
                      ServeCommand.self]
    ) }

    /// Creates the command (ArgumentParser fills it in).
    public init() {}

    /// `0.4.0 (commit 1a2b3c4d5e6f)` for a release build (`scripts/dist.sh`); a development build says where that
    /// commit would be: `0.4.0 (development build: a release build from scripts/dist.sh names its commit here)`.
    public static var version: String {
        let commit = String(cString: alertkit_build_commit())
        return AlertKitVersion.current + (commit.isEmpty
            ? " (development build: a release build from scripts/dist.sh names its commit here)" : " (commit \(commit))")
    }

    /// Every format's name, the shipped and the registered ones (`start(with:)`), for the help texts.
    static var formatNames: String {
        // A binary copied without its resources still prints its help and version: the formats need the page's
        // files and the templates, so without them the help names the built-in formats alone, loading nothing.
        guard case .success = AlertTemplates.location else { return "html, markdown, text or json" }
        let names = (try? extensions.formats())?.formats.map(\.name) ?? FormatRegistry.builtIn.formats.map(\.name)
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "") + (names.last ?? "")
    }

    /// What the host registered in Swift (`start(with:)`): every command's presenters and formats, and the server's.
    @TaskLocal static var extensions = AlertExtensions()

    /// Runs the command line with the presenters and emitters of `extensions` as if AlertKit had them: a team's own
    /// `main.swift` registers its presenters and emitters and calls this, and has the whole `alertkit` command, server
    /// included (`Examples/CustomCLI`).
    ///
    /// Before it runs, it checks that the shipped templates and catalogs are there: a binary copied
    /// without them says what it looked for where, and exits 72, rather than stopping on the first use. `--version`,
    /// `--help` (or no arguments), `help`, completion scripts and `schema` need none of them.
    public static func start(with extensions: AlertExtensions = AlertExtensions()) {
        let arguments = CommandLine.arguments.dropFirst()
        let needsNone = arguments.isEmpty || arguments.first == "schema" || arguments.first == "help"
            || arguments.contains { ["--version", "--help", "-h", "--generate-completion-script"].contains($0) }
        if !needsNone, case .failure(let error) = AlertTemplates.location {
            FileHandle.standardError.write(Data("alertkit: \(error)\n".utf8))
            Foundation.exit(ExitCodes.missingResources.rawValue)
        }
        $extensions.withValue(extensions) { run() }
    }

    /// ArgumentParser's `main()`, but an error that no command turned into an exit code is AlertKit's failure
    /// (exit 70, `FailureKind.internalError`), never 1, which means only that some record was rejected.
    private static func run() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            guard exitCode(for: error) == .failure else { exit(withError: error) }  // help, version, usage errors
            Diagnostics.print("alertkit: internal error (please report it): \(fullMessage(for: error))")
            Foundation.exit(ExitCodes.internalError.rawValue)
        }
    }
}
