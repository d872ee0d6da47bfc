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
        discussion: "Errors go to standard error as FILE: /json/pointer: message; exit 1 if the alert is invalid."
    )

    @Argument(help: "The alert file (JSON), or - for standard input.")
    var file: String

    @Option(name: [.short, .long], help: "The output format: html, markdown, text or json (see `alertkit formats`).")
    var format: String = "html"

    @Option(name: [.short, .customLong("output")], help: "Write to this file (atomically) instead of standard output.")
    var output: String?

    @Flag(help: "HTML: only the alert's markup, to embed in another page.")
    var fragment = false

    @OptionGroup var presentation: PresentationFlags

    @Option(help: "Text: the column to wrap at.")
    var width: Int = 72

    func validate() throws {
        do { _ = try FormatRegistry.standard.emitter(named: format) } catch {
            throw ValidationError(error.description)
        }
        guard width >= 20 else { throw ValidationError("--width must be at least 20") }
    }

    func run() throws {
        let input = InputFile(argument: file)
        let bytes = try input.read()
        let pipeline = AlertPipeline(context: try presentation.context())
        let rendered: AlertPipeline.Output
        do {
            rendered = try pipeline.render(bytes, format: format, options: RenderOptions(fragment: fragment, textWidth: width))
        } catch let error as AlertDecodingError {
            Diagnostics.report(error, in: input.displayName)
            throw ExitCodes.invalidAlert
        }
        Diagnostics.report(rendered.warnings, in: input.displayName)
        let data = Data(rendered.document.utf8)
        guard let output else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw Diagnostics.fail("\(output): cannot be written (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
        }
    }
}
