import AlertBatch
import AlertModel
import AlertRendering
import ArgumentParser
import Foundation

/// `alertkit preview FILE [--templates DIR] [-o DIR]`: one alert in every format, side by side.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render one alert in every format into a folder, with an index.html that shows them all.",
        discussion: "Prints the folder's path. HTML formats are shown as pages (in sandboxed frames), the others as text."
    )

    @Argument(help: "The alert file (JSON), or - for standard input.")
    var file: String

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("A new or empty folder to write into (default: a new temporary one).",
                                                                      valueName: "dir"))
    var output: String?

    @OptionGroup var presentation: PresentationFlags

    @OptionGroup var limits: LimitFlags

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        let input = InputFile(argument: file)
        let decoder = limits.decoder(settings)
        let bytes = try input.read(maxBytes: decoder.limits.maxBytes)
        let formats = try presentation.formats(settings)
        let pipeline = AlertPipeline(decoder: decoder, presenters: AlertKitCommand.extensions.presenters,
                                     context: try presentation.context(settings), formats: formats)
        // A folder of its own: an existing one with anything in it is refused, so no file AlertKit did not make
        // (the input among them) is replaced.
        if let output, let contents = try? FileManager.default.contentsOfDirectory(atPath: output), !contents.isEmpty {
            throw Diagnostics.fail("-o \(output) is not empty; preview writes into a new or empty folder", code: ExitCodes.usage)
        }
        let folder = try output ?? Self.temporaryFolder()
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Diagnostics.fail("\(folder): cannot be created (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
        }
        var sections: [String] = []
        for format in formats.formats {
            if let broken = try? formats.emitter(named: format.name) as? BrokenFormat {
                Diagnostics.print("warning: the format \(format.name) does not load: \(broken.error)")
                sections.append("<h2>\(TemplateEscaping.html.escape(format.name))</h2>\n<p>does not load: "
                                + "\(TemplateEscaping.html.escape(broken.error.description))</p>")
                continue
            }
            let document: String
            do { document = try pipeline.render(bytes, format: format.name).document } catch let error as AlertDecodingError {
                Diagnostics.report(error, in: input.displayName)
                throw ExitCodes.invalidAlert
            } catch {
                Diagnostics.print("\(input.displayName): \(error)")
                throw ExitCodes.invalidAlert
            }
            let name = format.name + "." + format.fileExtension
            do { try OutputFile.write(Array(document.utf8), to: folder + "/" + name) } catch {
                throw Diagnostics.fail("\(error)", code: ExitCodes.cannotCreate)
            }
            let title = "<h2>\(TemplateEscaping.html.escape(format.name)) <a href=\"\(name)\">\(name)</a></h2>"
            sections.append(format.fileExtension == "html"
                ? title + "\n<iframe sandbox src=\"\(name)\" title=\"\(TemplateEscaping.html.escape(format.name))\"></iframe>"
                : title + "\n<pre>\(Self.escapedLines(document))</pre>")
        }
        let index = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>AlertKit preview: \(TemplateEscaping.html.escape(input.displayName))</title>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; frame-src 'self'; style-src 'unsafe-inline'">
            <style>body{font-family:system-ui,sans-serif;margin:16px}iframe{width:414px;height:736px;border:1px solid #ccc}
            pre{white-space:pre-wrap;max-width:60em;background:#f6f6f6;padding:8px}</style></head>
            <body><h1>\(TemplateEscaping.html.escape(input.displayName)) in every format</h1>
            \(sections.joined(separator: "\n"))
            </body></html>

            """
        do { try OutputFile.write(Array(index.utf8), to: folder + "/index.html") } catch {
            throw Diagnostics.fail("\(error)", code: ExitCodes.cannotCreate)
        }
        try Console.line(folder)
    }

    /// Text escaped for HTML line by line, its line breaks kept.
    private static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TemplateEscaping.html.escape(String($0)) }
            .joined(separator: "\n")
    }

    private static func temporaryFolder() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/alertkit-preview-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Diagnostics.fail("cannot make a temporary folder (\(String(cString: strerror(errno))))", code: ExitCodes.cannotCreate)
        }
        return String(cString: made)
    }
}
