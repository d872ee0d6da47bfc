import AlertModel
import ArgumentParser

/// The flags that bound what one alert may hold (`AlertLimits`), shared by `render`, `validate`, `batch` and
/// `preview`; unset flags take the stored settings (`alertkit config set max-events N`), then the defaults (docs/limits.md).
struct LimitFlags: ParsableArguments {
    @Option(name: .customLong("max-alert-bytes"), help: SettingKey.flagHelp("max-alert-bytes", valueName: "n"))
    var maxAlertBytes: Int?

    @Option(name: .customLong("max-events"), help: SettingKey.flagHelp("max-events", valueName: "n"))
    var maxEvents: Int?

    @Option(name: .customLong("max-string-bytes"), help: SettingKey.flagHelp("max-string-bytes", valueName: "n"))
    var maxStringBytes: Int?

    @Option(name: .customLong("max-depth"), help: SettingKey.flagHelp("max-depth", valueName: "n"))
    var maxDepth: Int?

    @Option(name: .customLong("max-document-bytes"), help: SettingKey.flagHelp("max-document-bytes", valueName: "n"))
    var maxDocumentBytes: Int?

    func validate() throws {
        let floor = AlertLimits.least
        for (name, value, least) in [("--max-alert-bytes", maxAlertBytes, floor.maxBytes),
                                     ("--max-events", maxEvents, floor.maxEvents),
                                     ("--max-string-bytes", maxStringBytes, floor.maxStringBytes),
                                     ("--max-depth", maxDepth, floor.maxDepth),
                                     ("--max-document-bytes", maxDocumentBytes, floor.maxDocumentBytes)] {
            if let value, value < least { throw ValidationError("\(name) takes a whole number of at least \(least)") }
        }
    }

    /// The limits: flags first, then the stored `settings`, then the defaults.
    func limits(_ settings: Settings) -> AlertLimits {
        let defaults = AlertLimits.default
        return AlertLimits(maxBytes: maxAlertBytes ?? settings.maxAlertBytes ?? defaults.maxBytes,
                           maxEvents: maxEvents ?? settings.maxEvents ?? defaults.maxEvents,
                           maxStringBytes: maxStringBytes ?? settings.maxStringBytes ?? defaults.maxStringBytes,
                           maxDepth: maxDepth ?? settings.maxDepth ?? defaults.maxDepth,
                           maxDocumentBytes: maxDocumentBytes ?? settings.maxDocumentBytes ?? defaults.maxDocumentBytes)
    }

    /// A decoder with these limits.
    func decoder(_ settings: Settings) -> AlertDecoder { AlertDecoder(limits: limits(settings)) }
}
