import AlertBatch
import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering
import ArgumentParser
import Foundation

/// `alertkit render FILE --format F [-o OUT] [--fragment]`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render one alert file as HTML, Markdown, text or JSON.",
        discussion: "Errors go to standard error as FILE: /json/pointer: message; exit 1 if the alert is rejected: not JSON, invalid, or its document over a limit (see alertkit --help for every exit code)."
    )

    @Argument(help: "The alert file (JSON), or - for standard input.")
    var file: String

    @Option(name: [.short, .long], help: "The output format: \(AlertKitCommand.formatNames), or a template format of --templates (see `alertkit formats`).")
    var format: String = "html"

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Write to this file instead of standard output: a regular file is replaced atomically, a device or FIFO written through.",
        valueName: "file"))
    var output: String?

    @OptionGroup var presentation: PresentationFlags

    @OptionGroup var limits: LimitFlags

    @OptionGroup var document: DocumentFlags

    @Option(help: ArgumentHelp("Email: who the message is to (its To header), Name <address> or an address (default: no To, "
                               + "for the mail system to add).", valueName: "address"))
    var to: String?

    func validate() throws {
        if let to, !to.contains("@") || to.contains(where: { $0.isNewline }) {
            throw ValidationError("--to takes an address such as ana@example.com or \"Ana García <ana@example.com>\", not \"\(to)\"")
        }
    }

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        let input = InputFile(argument: file)
        if let output, let source = input.identity, source.isRegularFile, FileIdentity(path: output) == source {
            throw Diagnostics.fail("-o \(output) is the input file (or a link to it): it would be overwritten; "
                                   + "choose another output", code: ExitCodes.usage)
        }
        if output == nil, let source = input.identity, source.isRegularFile, FileIdentity(descriptor: STDOUT_FILENO) == source {
            throw Diagnostics.fail("standard output is the input file: it would be changed; redirect it elsewhere",
                                   code: ExitCodes.usage)
        }
        let formats = try presentation.formats(settings)
        let emitter = try presentation.emitter(format, in: formats)
        let decoder = limits.decoder(settings)
        let bytes = try input.read(maxBytes: decoder.limits.maxBytes)
        let pipeline = AlertPipeline(decoder: decoder, presenters: AlertKitCommand.extensions.presenters,
                                     context: try presentation.context(settings), formats: formats)
        let rendered: (document: RenderedDocument, warnings: [ValidationIssue])
        do {
            var options = document.options
            options.recipient = to
            rendered = try pipeline.document(bytes, emitter: emitter, options: options)
        } catch let error as AlertDecodingError {
            Diagnostics.report(error, in: input.displayName)
            throw ExitCodes.code(error.kind)
        } catch let error as RenderLimitError {
            // The alert is valid, but its document is over a limit: the record is rejected, as batch rejects it.
            throw Diagnostics.fail(Diagnostics.line(input.displayName, AlertProblem(pointer: "", message: error.description)),
                                   code: ExitCodes.code(error.kind))
        }
        Diagnostics.report(rendered.warnings, in: input.displayName)
        if let fit = rendered.document.fit {
            Diagnostics.print(Diagnostics.line(input.displayName, AlertProblem(pointer: "", message: fit.warning)))
        }
        let written = rendered.document.bytes
        guard let output else { return try Console.write(written) }
        do { try OutputFile.write(written, to: output) } catch {
            throw Diagnostics.fail("\(error)", code: ExitCodes.cannotCreate)
        }
    }
}
