import AlertJSON
import AlertModel
import AlertRendering
import ArgumentParser
import Foundation

extension TemplatesCommand {
    /// `templates render FILE (ALERT.json | --context CONTEXT.json)`: one template's document, exactly its bytes.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render one template file against an alert, or against any JSON value as its context.",
            discussion: """
            Prints exactly the document's bytes, with no newline added: a template author's test bench. The \
            NAME.mustache files beside FILE are its partials.

            With ALERT.json, FILE (NAME.EXT.mustache) renders the alert as `alertkit render ALERT.json -f NAME \
            --templates FOLDER` would, FOLDER being FILE's own: the alert decoded and presented as render does \
            (--locale, --reveal, --templates for catalogs…), the document byte for byte the same.

            With --context, any JSON value is the context, and the template follows the Mustache specification \
            (comments, delimiters, interpolation, inverted sections, partials, sections; not lambdas, inheritance or \
            dynamic names). Escaped tags escape as the file's header ({{! alertkit: escape=NAME }}) or output \
            extension says; a plain NAME.mustache file with no header escapes HTML as the specification does.

            Examples:
              alertkit templates render mine/formats/sms.txt.mustache alert.json
              echo '{"name":"Ana"}' | alertkit templates render hi.mustache --context -

            Exit 78 for a template that does not parse (FILE:LINE:COLUMN: message) or names no escaping, 66 for a \
            file that cannot be read, 1 for an alert or context that is not valid, 64 for a usage error.
            """
        )

        @Argument(help: ArgumentHelp("The template: NAME.EXT.mustache, or NAME.mustache with --context.", valueName: "file"))
        var template: String

        @Argument(help: ArgumentHelp("The alert file (JSON), or - for standard input.", valueName: "alert.json"))
        var alert: String?

        @Option(help: ArgumentHelp("Any JSON value as the context instead of an alert, or - for standard input.",
                                   valueName: "context.json"))
        var context: String?

        @OptionGroup var presentation: PresentationFlags

        @OptionGroup var limits: LimitFlags

        @OptionGroup var document: DocumentFlags

        func validate() throws {
            switch (alert, context) {
            case (nil, nil): throw ValidationError("give an alert file, or --context CONTEXT.json")
            case (.some, .some): throw ValidationError("give an alert file or --context CONTEXT.json, not both")
            default: break
            }
        }

        func run() throws {
            if let context { return try Console.write(try TemplateBench.render(template, context: context)) }
            try Console.write(try renderAlert(alert ?? "-"))
        }

        /// The document of `alert` through the template file as a format (`TemplateFormats.load(file:)`).
        private func renderAlert(_ alert: String) throws -> [UInt8] {
            let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
            let text = try TemplateBench.text(of: template)
            let file = URL(fileURLWithPath: template)
            guard file.lastPathComponent.split(separator: ".", omittingEmptySubsequences: false).count == 3 else {
                throw Diagnostics.fail("\(template): an alert renders through a format's file, NAME.EXT.mustache; "
                                       + "render a NAME.mustache file with --context", code: ExitCodes.usage)
            }
            let format: TemplateFormat
            do { format = try TemplateFormats.load(file: file) } catch {
                throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
            }
            try warnUnresolved(TemplateChecker().check(text, file: format.file.path))
            try presentation.templates.checkFolder(settings)
            let decoder = limits.decoder(settings)
            let input = InputFile(argument: alert)
            let bytes = try input.read(maxBytes: decoder.limits.maxBytes)
            let pipeline = AlertPipeline(decoder: decoder, presenters: AlertKitCommand.extensions.presenters,
                                         context: try presentation.context(settings), formats: FormatRegistry())
            let rendered: (document: RenderedDocument, warnings: [ValidationIssue])
            do { rendered = try pipeline.document(bytes, emitter: format, options: document.options) } catch let error as AlertDecodingError {
                Diagnostics.report(error, in: input.displayName)
                throw ExitCodes.code(error.kind)
            } catch let error as RenderLimitError {
                throw Diagnostics.fail(Diagnostics.line(input.displayName, AlertProblem(pointer: "", message: error.description)),
                                       code: ExitCodes.code(error.kind))
            }
            Diagnostics.report(rendered.warnings, in: input.displayName)
            return rendered.document.bytes
        }

        /// The names the template uses that its context does not have, as `render` treats them: the first one warns;
        /// with `--strict`, each is printed and the command exits 78.
        private func warnUnresolved(_ problems: [TemplateError]) throws {
            if presentation.strict, !problems.isEmpty {
                for problem in problems { Diagnostics.print(problem.description) }
                throw Diagnostics.fail("--strict: \(template) uses what its context does not have", code: ExitCodes.configuration)
            }
            if let first = problems.first {
                Diagnostics.print("warning: \(first) (it renders as empty text; `alertkit templates check` lists every such "
                                  + "name, --strict refuses them)")
            }
        }
    }
}
