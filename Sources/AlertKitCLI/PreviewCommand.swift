import AlertBatch
import AlertModel
import AlertPresentation
import AlertRendering
import ArgumentParser
import Foundation

/// `alertkit preview FILE... [--locales en,es] [--templates DIR] [-o DIR]`: alerts in every format, side by side.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render alerts in every format and locale into a folder, with an index.html that shows them all.",
        discussion: """
        One alert in one locale is written flat into the folder (html.html, email.eml…); several go into ALERT/LOCALE/ \
        folders. HTML formats are shown as pages (in sandboxed frames); an email as a reader sees it: its headers, its \
        text part, and its HTML part as a page (email.html beside email.eml); the others as text. Prints the folder's \
        path on standard output, and on standard error what it wrote.
        """
    )

    @Argument(help: "Alert files (JSON), or - for standard input.")
    var files: [String]

    @Option(help: ArgumentHelp("The locales to render, separated by commas: en,es (default: --locale, then the stored "
                               + "setting, then en).", valueName: "list"))
    var locales: String?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("A new or empty folder to write into (default: a new temporary one).",
                                                                      valueName: "dir"))
    var output: String?

    @OptionGroup var presentation: PresentationFlags

    @OptionGroup var limits: LimitFlags

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one alert file") }
        guard files.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("standard input (-) can be read once") }
        for locale in localeList ?? [] where !ContentCatalog.isLocaleTag(locale) {
            throw ValidationError("--locales takes locale tags separated by commas (en,es), not \"\(locale)\"")
        }
    }

    private var localeList: [String]? {
        locales.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        let decoder = limits.decoder(settings)
        let inputs = try files.map { file in
            let input = InputFile(argument: file)
            return (input: input, bytes: try input.read(maxBytes: decoder.limits.maxBytes))
        }
        let formats = try presentation.formats(settings)
        let locales = localeList ?? [presentation.locale ?? settings.locale ?? "en"]
        var pipelines: [String: AlertPipeline] = [:]
        for locale in locales {
            pipelines[locale] = AlertPipeline(decoder: decoder, presenters: AlertKitCommand.extensions.presenters,
                                              context: try presentation.context(settings, locale: locale), formats: formats)
        }
        // A folder of its own: an existing one with anything in it is refused, so no file AlertKit did not make
        // (the input among them) is replaced.
        if let output, let contents = try? FileManager.default.contentsOfDirectory(atPath: output), !contents.isEmpty {
            throw Diagnostics.fail("-o \(output) is not empty; preview writes into a new or empty folder", code: ExitCodes.usage)
        }
        let folder = try output ?? Self.temporaryFolder()
        let flat = inputs.count == 1 && locales.count == 1
        var sections: [String] = [], written = 0
        var stems: [String: Int] = [:]
        for (input, bytes) in inputs {
            let stem = Self.stem(of: input.displayName, seen: &stems)
            for locale in locales {
                // Read and presented once; each format emits the same view.
                let pipeline = pipelines[locale]!
                let view: AlertView
                do {
                    let presented = try pipeline.present(bytes)
                    Diagnostics.report(presented.warnings, in: input.displayName)
                    view = presented.view
                } catch {
                    Diagnostics.report(error, in: input.displayName)
                    throw ExitCodes.code(error.kind)
                }
                let place = flat ? "" : "\(stem)/\(locale)/"
                try Self.makeFolder(folder + "/" + place)
                if !flat { sections.append("<h2>\(Self.html(input.displayName)), \(Self.html(locale))</h2>") }
                for format in formats.formats {
                    let section = try render(view, input: input, format: format, with: pipeline, formats: formats,
                                             into: folder + "/" + place, linkedAs: place)
                    sections.append(section.html)
                    written += section.files
                }
            }
        }
        let title = inputs.map(\.input.displayName).joined(separator: ", ")
        let index = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>AlertKit preview: \(Self.html(title))</title>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; frame-src 'self'; style-src 'unsafe-inline'">
            <style>body{font-family:system-ui,sans-serif;margin:16px}iframe{width:414px;height:736px;border:1px solid #ccc}
            pre{white-space:pre-wrap;max-width:60em;background:#f6f6f6;padding:8px}th{text-align:left;padding-right:1em}</style></head>
            <body><h1>\(Self.html(title)) in every format\(locales.count > 1 ? " and locale" : "")</h1>
            \(sections.joined(separator: "\n"))
            </body></html>

            """
        do { try OutputFile.write(Array(index.utf8), to: folder + "/index.html") } catch {
            throw Diagnostics.fail("\(error)", code: ExitCodes.cannotCreate)
        }
        Diagnostics.print("preview: \(inputs.count) alert\(inputs.count == 1 ? "" : "s") × \(locales.count) "
                          + "locale\(locales.count == 1 ? "" : "s") × \(formats.formats.count) formats, \(written) files in "
                          + "\(folder); open \(folder)/index.html")
        try Console.line(folder)
    }

    /// One alert in one format: its file (and, for an email, its HTML part as a page), and its section of the index.
    private func render(_ view: AlertView, input: InputFile, format: OutputFormat, with pipeline: AlertPipeline,
                        formats: FormatRegistry, into folder: String, linkedAs place: String) throws -> (html: String, files: Int) {
        if let broken = try? formats.emitter(named: format.name) as? BrokenFormat {
            Diagnostics.print("warning: the format \(format.name) does not load: \(broken.error)")
            return ("<h3>\(Self.html(format.name))</h3>\n<p>does not load: \(Self.html(broken.error.description))</p>", 0)
        }
        let document: String
        do {
            let emitter = try formats.emitter(named: format.name)
            document = String(decoding: try pipeline.emit(view, with: emitter, options: .default).bytes, as: UTF8.self)
        } catch {
            Diagnostics.print("\(input.displayName): \(error)")
            throw (error as? RenderLimitError).map { ExitCodes.code($0.kind) } ?? ExitCodes.internalError
        }
        let name = format.name + "." + format.fileExtension
        try Self.write(document, to: folder + name)
        let title = "<h3>\(Self.html(format.name)) <a href=\"\(Self.html(place + name))\">\(Self.html(name))</a></h3>"
        if format.fileExtension == "html" {
            return (title + "\n<iframe sandbox src=\"\(Self.html(place + name))\" title=\"\(Self.html(format.name))\"></iframe>", 1)
        }
        guard format.mediaType.hasPrefix("message/rfc822") else { return (title + "\n<pre>\(Self.escapedLines(document))</pre>", 1) }
        // An email as a reader sees it: the headers, the text part, the HTML part as a page of its own.
        let mail = MailPreview(document)
        let page = format.name + ".html"
        try Self.write(mail.html, to: folder + page)
        let rows = mail.headers.map { "<tr><th>\(Self.html($0.name))</th><td>\(Self.html($0.value))</td></tr>" }.joined()
        return (title + "\n<table>\(rows)</table>\n<pre>\(Self.escapedLines(mail.text))</pre>\n"
                + "<iframe sandbox src=\"\(Self.html(place + page))\" title=\"\(Self.html(format.name)): HTML part\"></iframe>", 2)
    }

    /// A folder name for an input: its file name without `.json` and without characters a path should not hold;
    /// `-` is `stdin`; a name seen before gets `-2`, `-3`….
    private static func stem(of name: String, seen: inout [String: Int]) -> String {
        let base = name == "<stdin>" ? "stdin" : URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        var stem = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        if stem.isEmpty || stem.hasPrefix(".") { stem = "alert" }
        seen[stem, default: 0] += 1
        return seen[stem]! == 1 ? stem : "\(stem)-\(seen[stem]!)"
    }

    private static func makeFolder(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw Diagnostics.fail("\(path): cannot be created (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
        }
    }

    private static func write(_ text: String, to path: String) throws {
        do { try OutputFile.write(Array(text.utf8), to: path) } catch {
            throw Diagnostics.fail("\(error)", code: ExitCodes.cannotCreate)
        }
    }

    private static func html(_ text: String) -> String { TemplateEscaping.html.escape(text) }

    /// Text escaped for HTML line by line, its line breaks kept.
    private static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { html(String($0)) }.joined(separator: "\n")
    }

    private static func temporaryFolder() throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/alertkit-preview-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw Diagnostics.fail("cannot make a temporary folder (\(String(cString: strerror(errno))))", code: ExitCodes.cannotCreate)
        }
        return String(cString: made)
    }
}
