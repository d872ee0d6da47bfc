import AlertJSON
import AlertModel
import AlertPresentation
import ArgumentParser
import Foundation

/// `alertkit validate FILE...`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check alert files against the alert contract and list every problem.",
        discussion: "Prints FILE: valid for each good file; problems go to standard error as FILE: /json/pointer: message. "
            + "The match types the templates folder's catalog defines (--templates, or the stored setting) are known, as render knows them."
    )

    @Argument(help: "Alert files (JSON), or - for standard input.")
    var files: [String]

    @OptionGroup var limits: LimitFlags

    @OptionGroup var templates: TemplatesOption

    @Option(help: "The locale whose catalog's match types are known (default: the stored setting, then en).")
    var locale: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one alert file") }
    }

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        var decoder = limits.decoder(settings)
        // Codes a registered presenter handles are known (`AlertKitCommand.start(with:)`), and those the catalog
        // `render` would use defines: no warning for them.
        decoder.recognizedCodes.formUnion(AlertKitCommand.extensions.presenters.recognizedCodes)
        try templates.checkFolder(settings)
        let locale = self.locale ?? settings.locale ?? "en"
        guard ContentCatalog.isLocaleTag(locale) else {
            throw Diagnostics.fail("Error: --locale \"\(locale)\" is not a locale tag (en, es, pt-BR…)", code: ExitCodes.usage)
        }
        do { decoder.recognizedCodes.formUnion(try ContentCatalog.load(locale: locale, folders: templates.folders(settings)).definedCodes) } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
        var invalid = 0
        for file in files {
            let input = InputFile(argument: file)
            do {
                let decoded = try decoder.decode(try input.read(maxBytes: decoder.limits.maxBytes))
                Diagnostics.report(decoded.warnings, in: input.displayName)
                try Console.line(ControlCharacters.visible("\(input.displayName): valid"))
            } catch let error as AlertDecodingError {
                Diagnostics.report(error, in: input.displayName)
                invalid += 1
            }
        }
        if invalid > 0 { throw ExitCodes.invalidAlert }
    }
}
