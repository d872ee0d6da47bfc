import ArgumentParser

/// `alertkit config set|get|unset|list|keys|path`.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show or change the defaults that persist between runs.",
        discussion: """
        Keys: \(Settings.keys.map { "\($0.name): \($0.line)" }.joined(separator: "; ")).
        Flags of one run (--threshold, --no-urgency, --locale) override these and are not stored.
        The file is $ALERTKIT_CONFIG, else $XDG_CONFIG_HOME/alertkit/config.json, else ~/.config/alertkit/config.json.
        """
    )

    enum Verb: String, ExpressibleByArgument, CaseIterable {
        case set, get, unset, list, keys, path
    }

    @Argument(help: "set KEY VALUE, get KEY, unset KEY, list, keys (every key as a Markdown table), or path.")
    var verb: Verb

    @Argument(help: ArgumentHelp("The key: \(Settings.keys.map(\.name).joined(separator: ", ")).", valueName: "key"))
    var key: String?

    @Argument(help: "The value, for set.")
    var value: String?

    func validate() throws {
        switch verb {
        case .set: guard key != nil, value != nil else { throw ValidationError("config set takes a key and a value") }
        case .get, .unset: guard key != nil, value == nil else { throw ValidationError("config \(verb.rawValue) takes one key") }
        case .list, .keys, .path: guard key == nil else { throw ValidationError("config \(verb.rawValue) takes no key") }
        }
    }

    func run() throws {
        let store = SettingsStore.default
        var settings = try store.load(checked: false)
        do {
            switch verb {
            case .set:
                try settings.set(key!, value!)
                try store.save(settings)
            case .unset:
                try settings.unset(key!)
                try store.save(settings)
            case .get:
                try Console.line(try settings.value(key!))
            case .list:
                for entry in Settings.keys { try Console.line("\(entry.name) = \(try settings.value(entry.name))") }
            case .keys:
                try Console.line("| key | file key | takes | default | applies to | what it does |\n|---|---|---|---|---|---|")
                for entry in Settings.keys {
                    try Console.line("| `\(entry.name)`\(entry.hasFlag ? " (also `--\(entry.name)`)" : "") | `\(entry.key)` | \(entry.takes) | "
                                     + "\(entry.defaultValue) | \(entry.appliesTo.joined(separator: ", ")) | \(entry.help) |")
                }
            case .path:
                try Console.line(store.url.path)
            }
        } catch let error as SettingsError {
            throw ValidationError(error.description)
        }
    }
}
