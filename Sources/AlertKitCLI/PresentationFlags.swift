import AlertRendering
import AlertPresentation
import ArgumentParser
import Foundation

/// The flags that choose how alerts are presented, shared by the commands that render;
/// unset flags take the stored settings (`alertkit config`), then the defaults.
struct PresentationFlags: ParsableArguments {
    @Option(help: "The content's language: en or es (default: the stored setting, then en).")
    var locale: String?

    @Flag(help: "Show sensitive values (SSNs, card and account numbers) in full instead of masked.")
    var reveal = false

    @Option(help: "The severity (0 to 1) from which an alert is urgent, for this run only.")
    var threshold: Double?

    @Flag(inversion: .prefixedNo, help: "Whether alerts may be marked urgent, for this run only.")
    var urgency: Bool?

    @Option(name: .customLong("help-line"), help: ArgumentHelp(
        "The help line's number, which the Call button dials (default: the stored setting, then none).",
        valueName: "number"))
    var helpLine: String?

    @Flag(help: "Refuse a template that uses a name its context does not have, or an unknown transform (exit 78); without it, the first one warns.")
    var strict = false

    @OptionGroup var templates: TemplatesOption

    func validate() throws {
        if let locale, !ContentCatalog.isLocaleTag(locale) {
            throw ValidationError("--locale \"\(locale)\" is not a locale tag (en, es, pt-BR…): a locale names a catalog "
                                  + "of catalog/, never a path")
        }
        if let locale, !ContentCatalog.shippedLocales.contains(locale),
           !FileManager.default.fileExists(atPath: (templates.templates ?? "") + "/catalog/\(locale).json") {
            throw ValidationError("--locale takes \(ContentCatalog.shippedLocales.joined(separator: " or ")) or a locale "
                                  + "of --templates (catalog/LOCALE.json), not \"\(locale)\"")
        }
        if let threshold, !(0...1).contains(threshold) {
            throw ValidationError("--threshold takes a number from 0 to 1")
        }
        if let helpLine, HelpLine(helpLine) == nil {
            throw ValidationError("--help-line takes \(HelpLine.accepted), not \"\(helpLine)\"")
        }
    }

    /// The formats, with the templates of `--templates` (else the stored folder).
    func formats(_ settings: Settings) throws -> FormatRegistry { try templates.formats(settings) }

    /// The emitter of `format` in `registry`; an unknown name is a usage error listing the known ones, and a format
    /// whose templates do not load is a configuration error with their file, line and column.
    func emitter(_ format: String, in registry: FormatRegistry) throws -> any AlertEmitter {
        let emitter: any AlertEmitter
        do { emitter = try registry.emitter(named: format) } catch {
            throw Diagnostics.fail("Error: \(error.description)", code: ExitCodes.usage)
        }
        if let broken = emitter as? BrokenFormat {
            throw Diagnostics.fail("the format \(broken.format.name) does not load: \(broken.error)", code: ExitCodes.configuration)
        }
        let unresolved = registry.unresolvedNames(of: format)
        if strict, !unresolved.isEmpty {
            for problem in unresolved { Diagnostics.print(problem.description) }
            throw Diagnostics.fail("--strict: the format \(emitter.format.name) uses what its context does not have",
                                   code: ExitCodes.configuration)
        }
        if let first = unresolved.first {
            Diagnostics.print("warning: \(first) (it renders as empty text; `alertkit templates check` lists every such "
                              + "name, --strict refuses them)")
        }
        return emitter
    }

    /// The presentation context: flags first, then the stored `settings`, then defaults; `locale` stands for
    /// `--locale` when given (`preview --locales`).
    func context(_ settings: Settings, locale override: String? = nil) throws -> PresentationContext {
        let locale = override ?? self.locale ?? settings.locale ?? "en"
        guard ContentCatalog.isLocaleTag(locale) else {
            throw Diagnostics.fail("Error: --locale \"\(locale)\" is not a locale tag (en, es, pt-BR…): a locale names a "
                                   + "catalog of catalog/, never a path", code: ExitCodes.usage)
        }
        var catalog: ContentCatalog
        let folders = templates.folders(settings)
        do { catalog = try ContentCatalog.load(locale: locale, folders: folders) } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
        catalog.product = settings.product(over: catalog.product)
        do throws(SettingsError) { try UnsubscribeSecret.sign(&catalog.product) } catch {
            throw Diagnostics.fail("Error: \(error)", code: ExitCodes.configuration)
        }
        let urgency = UrgencyPolicy(threshold: threshold ?? settings.threshold ?? UrgencyPolicy.default.threshold,
                                    enabled: self.urgency ?? settings.urgency ?? UrgencyPolicy.default.enabled)
        // A stored number was checked when it was set; one edited into the file by hand is checked here.
        let storedLine = try settings.helpLine.flatMap { text -> HelpLine? in
            guard self.helpLine == nil else { return nil }  // the flag wins; a bad stored number does not matter
            guard let line = HelpLine(text) else {
                throw ValidationError("the stored help-line \"\(text)\" is not a phone number; run `alertkit config set help-line NUMBER`")
            }
            return line
        }
        let helpLine = self.helpLine.flatMap(HelpLine.init) ?? storedLine
        return PresentationContext(catalog: catalog, options: PresentationOptions(
            revealsSensitiveValues: reveal, urgency: urgency, helpLine: helpLine))
    }
}
