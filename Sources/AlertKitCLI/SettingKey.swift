import AlertModel
import AlertPresentation
import AlertServer
import ArgumentParser
import Foundation

/// One setting, once: its name (the `config` key, and the flag `--NAME` of the commands it applies to), its key in a
/// settings file (`config.json`, and `serve --config`'s), what it takes, its default, what it does, where it applies,
/// and how its value is read from text and checked. `config` (set, get, unset, list, the help), the flags' help and
/// the settings file's keys all come from `all`; a test holds the flags and README.md to it.
struct SettingKey: Sendable {
    /// The `config` key and the flag's name: `max-events`.
    let name: String
    /// The key in a JSON settings file: `maxEvents`.
    let key: String
    /// What a value is: `a number from 0 to 1`.
    let takes: String
    /// The value when it is not set.
    let defaultValue: String
    /// What it does.
    let help: String
    /// The commands it applies to: each has the flag `--NAME` when `hasFlag`, and reads the stored value otherwise.
    let appliesTo: [String]
    /// Whether the commands it applies to take it as a flag for one run (`--NAME`), over the stored value.
    let hasFlag: Bool
    /// The stored value as `config get` prints it; `nil` when unset.
    let read: @Sendable (Settings) -> String?
    /// Stores a value from its text, checked; `nil` unsets it.
    let write: @Sendable (inout Settings, String?) throws(SettingsError) -> Void

    init(name: String, key: String, takes: String, defaultValue: String, help: String, appliesTo: [String],
         hasFlag: Bool = true, read: @escaping @Sendable (Settings) -> String?,
         write: @escaping @Sendable (inout Settings, String?) throws(SettingsError) -> Void) {
        self.name = name
        self.key = key
        self.takes = takes
        self.defaultValue = defaultValue
        self.help = help
        self.appliesTo = appliesTo
        self.hasFlag = hasFlag
        self.read = read
        self.write = write
    }

    /// `config`'s one-line help of the key.
    var line: String { "\(takes) — \(help) (default \(defaultValue); \(appliesTo.joined(separator: ", ")))" }

    /// A flag's help from the table: what the key does, its default, and that the stored setting stands in for it.
    static func flagHelp(_ name: String, valueName: String? = nil) -> ArgumentHelp {
        let entry = all.first { $0.name == name }!  // the flags name keys of the table; a test runs every --help
        let help = entry.help.prefix(1).uppercased() + entry.help.dropFirst()
        let file = entry.appliesTo == ["serve"] ? "--config's value, then " : ""
        return ArgumentHelp("\(help) (default: \(file)the stored setting, then \(entry.defaultValue)).", valueName: valueName)
    }

    /// The key named `name`, or an error listing them all.
    static func named(_ name: String) throws(SettingsError) -> SettingKey {
        guard let entry = all.first(where: { $0.name == name }) else {
            throw SettingsError("unknown key \"\(name)\"; keys: \(all.map(\.name).joined(separator: ", "))")
        }
        return entry
    }

    static let rendering = ["render", "batch", "preview", "review", "serve"]

    /// Every setting: the commands' shared ones, then `serve`'s own.
    static let all: [SettingKey] = shared + ServerSetting.all.map(serve)

    /// A row of `serve`'s own settings: the value stored as its file takes it (a number, on or off, text).
    private static func serve(_ setting: ServerSetting) -> SettingKey {
        SettingKey(name: setting.name, key: setting.key, takes: setting.takes, defaultValue: setting.defaultValue,
                   help: setting.help + (setting.restartOnly ? "; a running server takes a change of it at a restart, not at SIGHUP" : ""),
                   appliesTo: ["serve"], read: { $0.serve(setting.key) }) { settings, value throws(SettingsError) in
            guard let value else { settings.values[setting.key] = nil; return }
            do throws(ServerConfigurationError) { settings.values[setting.key] = try setting.parse(value) } catch {
                throw SettingsError(error.description)
            }
        }
    }

    /// The settings the commands share.
    private static let shared: [SettingKey] = [
        number("threshold", \.threshold, takes: "a number from 0 to 1", defaultValue: "\(UrgencyPolicy.default.threshold)",
               help: "the severity at which alerts are urgent", appliesTo: ["render", "batch", "preview", "review"]) { (value: String) throws(SettingsError) -> Double in
            guard let number = Double(value), (0...1).contains(number) else {
                throw SettingsError("threshold takes a number from 0 to 1, not \"\(value)\"")
            }
            return number
        },
        flag("urgency", \.urgency, defaultValue: "on", help: "whether alerts are ever marked urgent", appliesTo: ["render", "batch", "preview"]),
        text("locale", \.locale, takes: ContentCatalog.shippedLocales.joined(separator: " or "), defaultValue: "en",
             help: "the content's language", appliesTo: ["render", "batch", "validate", "preview"]) { (value: String) throws(SettingsError) -> String in
            guard ContentCatalog.shippedLocales.contains(value) else {
                throw SettingsError("locale takes \(ContentCatalog.shippedLocales.joined(separator: " or ")), not \"\(value)\"")
            }
            return value
        },
        text("help-line", \.helpLine, takes: "a phone number", defaultValue: "none",
             help: "the help line's number, which the Call button dials as a tel: link", appliesTo: rendering) { (value: String) throws(SettingsError) -> String in
            guard let line = HelpLine(value) else { throw SettingsError("help-line takes \(HelpLine.accepted), not \"\(value)\"") }
            return line.display
        },
        text("templates", \.templates, takes: "a folder", defaultValue: "none",
             help: "a folder of your own templates (NAME.EXT.mustache, catalog/LOCALE.json), used after the shipped ones",
             appliesTo: ["render", "batch", "validate", "formats", "templates", "preview", "page-css", "serve"]) { (value: String) throws(SettingsError) -> String in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SettingsError("templates takes a folder that exists, not \"\(value)\"")
            }
            return URL(fileURLWithPath: value).standardizedFileURL.path
        },
        limit("max-alert-bytes", \.maxAlertBytes, least: AlertLimits.least.maxBytes, defaultValue: AlertLimits.default.maxBytes,
              help: "the largest alert in bytes, a batch line too"),
        limit("max-events", \.maxEvents, least: AlertLimits.least.maxEvents, defaultValue: AlertLimits.default.maxEvents,
              help: "the most events one alert may hold"),
        limit("max-string-bytes", \.maxStringBytes, least: AlertLimits.least.maxStringBytes,
              defaultValue: AlertLimits.default.maxStringBytes, help: "the longest string in bytes as written"),
        limit("max-depth", \.maxDepth, least: AlertLimits.least.maxDepth, defaultValue: AlertLimits.default.maxDepth,
              help: "the deepest nesting of objects and arrays"),
        limit("max-document-bytes", \.maxDocumentBytes, least: AlertLimits.least.maxDocumentBytes,
              defaultValue: AlertLimits.default.maxDocumentBytes, help: "the largest document one alert may render to"),
        product("product-name", \.productName, key: "productName", help: "the product's name in every locale, {{product.name}}") { $0.name = $1 },
        product("app-link", \.appLink, help: "an https address that opens your app at its alerts, {{product.appLink}}") { $0.appLink = $1 },
        product("sms-opt-out", \.smsOptOut, help: "the text an SMS ends with to say how to stop them, {{product.smsOptOut}}") { $0.smsOptOut = $1 },
        product("sender-name", \.senderName, help: "the name emails are from") { $0.sender.name = $1 },
        product("sender-address", \.senderAddress, help: "the address emails are from, e.g. alerts@acme.example") { $0.sender.address = $1 },
        product("unsubscribe", \.unsubscribe,
                help: "an https (one-click) or mailto: address for the email's List-Unsubscribe header; {alertKey} becomes "
                    + "an HMAC of the alert's id under ALERTKIT_UNSUBSCRIBE_SECRET") { $0.unsubscribe = $1 },
        SettingKey(name: "action-links", key: "actionLinks", takes: "ID=https-address pairs, space-separated",
                   defaultValue: "the catalog's",
                   help: "where each action's button leads in channels whose buttons open links (Teams, Slack), e.g. "
                       + "\"remind=https://acme.example/a/{alertKey}/remind\"; {alertKey} as in unsubscribe",
                   appliesTo: rendering, hasFlag: false, read: { $0.actionLinks.map(links) }) { settings, value throws(SettingsError) in
            guard let value else { settings.actionLinks = nil; return }
            var parsed: [String: String] = [:]
            for pair in value.split(whereSeparator: \.isWhitespace) {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw SettingsError("action-links takes ID=https-address pairs, not \"\(pair)\"")
                }
                parsed[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            if let problem = ProductSettings.Override(actionLinks: parsed).problem {
                // "/product/actionLinks/remind: …" as "action-links: remind: …", the action named.
                let named = problem.replacingOccurrences(of: "/product/actionLinks/", with: "")
                    .replacingOccurrences(of: "/product/actionLinks: ", with: "")
                throw SettingsError("action-links: " + named)
            }
            settings.actionLinks = parsed
        },
        flag("bot-actions", \.botActions, defaultValue: "the catalog's",
             help: "whether a bot receives the button presses Teams posts back (Action.Submit); off, a card has only the "
                 + "buttons that lead somewhere", appliesTo: rendering, hasFlag: false),
    ]

    /// Action links as `config set action-links` takes them.
    static func links(_ links: [String: String]) -> String {
        links.keys.sorted().map { "\($0)=\(links[$0]!)" }.joined(separator: " ")
    }

    /// The JSON key of a `config` name: `max-events` as `maxEvents`.
    static func camelCase(_ name: String) -> String {
        let parts = name.split(separator: "-")
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private static func text(_ name: String, _ path: WritableKeyPath<Settings, String?> & Sendable, takes: String,
                             defaultValue: String, help: String, appliesTo: [String],
                             parse: @escaping @Sendable (String) throws(SettingsError) -> String) -> SettingKey {
        SettingKey(name: name, key: camelCase(name), takes: takes, defaultValue: defaultValue, help: help, appliesTo: appliesTo,
                   read: { $0[keyPath: path] }) { settings, value throws(SettingsError) in
            if let value { settings[keyPath: path] = try parse(value) } else { settings[keyPath: path] = nil }
        }
    }

    private static func number(_ name: String, _ path: WritableKeyPath<Settings, Double?> & Sendable, takes: String,
                               defaultValue: String, help: String, appliesTo: [String],
                               parse: @escaping @Sendable (String) throws(SettingsError) -> Double) -> SettingKey {
        SettingKey(name: name, key: camelCase(name), takes: takes, defaultValue: defaultValue, help: help, appliesTo: appliesTo,
                   read: { $0[keyPath: path].map { String($0) } }) { settings, value throws(SettingsError) in
            if let value { settings[keyPath: path] = try parse(value) } else { settings[keyPath: path] = nil }
        }
    }

    private static func flag(_ name: String, _ path: WritableKeyPath<Settings, Bool?> & Sendable, defaultValue: String,
                             help: String, appliesTo: [String], hasFlag: Bool = true) -> SettingKey {
        SettingKey(name: name, key: camelCase(name), takes: "on or off", defaultValue: defaultValue, help: help, appliesTo: appliesTo,
                   hasFlag: hasFlag, read: { $0[keyPath: path].map { $0 ? "on" : "off" } }) { settings, value throws(SettingsError) in
            guard let value else { settings[keyPath: path] = nil; return }
            switch value.lowercased() {
            case "on", "true", "yes", "1": settings[keyPath: path] = true
            case "off", "false", "no", "0": settings[keyPath: path] = false
            default: throw SettingsError("\(name) takes on or off, not \"\(value)\"")
            }
        }
    }

    private static func limit(_ name: String, _ path: WritableKeyPath<Settings, Int?> & Sendable, least: Int, defaultValue: Int,
                              help: String) -> SettingKey {
        SettingKey(name: name, key: camelCase(name), takes: "a whole number of at least \(least)", defaultValue: "\(defaultValue)",
                   help: help, appliesTo: ["render", "batch", "validate", "preview", "serve"],
                   read: { $0[keyPath: path].map(String.init) }) { settings, value throws(SettingsError) in
            guard let value else { settings[keyPath: path] = nil; return }
            guard let number = Int(value), number >= least else {
                throw SettingsError("\(name) takes a whole number of at least \(least), not \"\(value)\"")
            }
            settings[keyPath: path] = number
        }
    }

    /// A product setting: one line of text without < or >, checked as the product's settings are.
    private static func product(_ name: String, _ path: WritableKeyPath<Settings, String?> & Sendable, key: String? = nil,
                                help: String, set: @escaping @Sendable (inout ProductSettings, String) -> Void) -> SettingKey {
        SettingKey(name: name, key: key ?? camelCase(name), takes: "one line of text", defaultValue: "the catalog's",
                   help: help, appliesTo: rendering, hasFlag: false, read: { $0[keyPath: path] }) { settings, value throws(SettingsError) in
            guard let value else { settings[keyPath: path] = nil; return }
            var product = ProductSettings.placeholder
            set(&product, value)
            if let problem = product.problem {
                throw SettingsError("\(name): " + problem.split(separator: " ", maxSplits: 1).last.map(String.init)!)
            }
            if value.contains(where: { $0.isNewline || $0 == "<" || $0 == ">" }) {
                throw SettingsError("\(name) takes one line without < or >")
            }
            settings[keyPath: path] = value
        }
    }
}
