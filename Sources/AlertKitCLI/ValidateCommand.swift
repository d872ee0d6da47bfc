import AlertJSON
import AlertModel
import ArgumentParser
import Foundation

/// `alertkit validate FILE...`.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check alert files against the alert contract and list every problem.",
        discussion: "Prints FILE: valid for each good file; problems go to standard error as FILE: /json/pointer: message."
    )

    @Argument(help: "Alert files (JSON), or - for standard input.")
    var files: [String]

    @OptionGroup var limits: LimitFlags

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one alert file") }
    }

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        var decoder = limits.decoder(settings)
        // Codes a registered presenter handles are known (`AlertKitCommand.start(with:)`): no warning for them.
        decoder.recognizedCodes.formUnion(AlertKitCommand.extensions.presenters.recognizedCodes)
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
