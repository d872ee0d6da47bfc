import AlertJSON
import AlertModel
import AlertPresentation
import AlertServer
import Foundation

/// What `alertkit config set` stores: defaults that persist between runs, each overridable for one run by a flag.
/// The file is one JSON object of the table's file keys (`SettingKey.all`); the typed properties read and write it.
struct Settings: Codable, Equatable {
    /// The stored values by file key, as the file holds them.
    var values: [String: JSONValue] = [:]

    init() {}
    init(from decoder: any Decoder) throws { values = try [String: JSONValue](from: decoder) }
    func encode(to encoder: any Encoder) throws { try values.encode(to: encoder) }

    /// The urgency threshold, 0…1.
    var threshold: Double? { get { number("threshold") } set { values["threshold"] = newValue.map(JSONValue.number) } }
    /// Whether alerts are marked urgent.
    var urgency: Bool? { get { flag("urgency") } set { values["urgency"] = newValue.map(JSONValue.bool) } }
    /// The locale of the content.
    var locale: String? { get { text("locale") } set { values["locale"] = newValue.map(JSONValue.string) } }
    /// The help line's number, which the "Call" button dials.
    var helpLine: String? { get { text("helpLine") } set { values["helpLine"] = newValue.map(JSONValue.string) } }
    /// A folder of the user's templates (formats), searched after the shipped ones.
    var templates: String? { get { text("templates") } set { values["templates"] = newValue.map(JSONValue.string) } }
    /// The limits of one alert (`AlertLimits`), each unset for its default (docs/limits.md).
    var maxAlertBytes: Int? { get { whole("maxAlertBytes") } set { values["maxAlertBytes"] = newValue.map { .number(Double($0)) } } }
    var maxEvents: Int? { get { whole("maxEvents") } set { values["maxEvents"] = newValue.map { .number(Double($0)) } } }
    var maxStringBytes: Int? { get { whole("maxStringBytes") } set { values["maxStringBytes"] = newValue.map { .number(Double($0)) } } }
    var maxDepth: Int? { get { whole("maxDepth") } set { values["maxDepth"] = newValue.map { .number(Double($0)) } } }
    /// The largest document one alert may render to, unset for 16 MiB.
    var maxDocumentBytes: Int? {
        get { whole("maxDocumentBytes") } set { values["maxDocumentBytes"] = newValue.map { .number(Double($0)) } }
    }
    /// The product's settings for every locale (`ProductSettings`), each unset for the catalog's.
    var productName: String? { get { text("productName") } set { values["productName"] = newValue.map(JSONValue.string) } }
    var appLink: String? { get { text("appLink") } set { values["appLink"] = newValue.map(JSONValue.string) } }
    var smsOptOut: String? { get { text("smsOptOut") } set { values["smsOptOut"] = newValue.map(JSONValue.string) } }
    var senderName: String? { get { text("senderName") } set { values["senderName"] = newValue.map(JSONValue.string) } }
    var senderAddress: String? { get { text("senderAddress") } set { values["senderAddress"] = newValue.map(JSONValue.string) } }
    var unsubscribe: String? { get { text("unsubscribe") } set { values["unsubscribe"] = newValue.map(JSONValue.string) } }
    /// The actions' addresses by action id, and whether a bot receives button presses (`ProductSettings`).
    var actionLinks: [String: String]? {
        get {
            guard case .object(let object)? = values["actionLinks"] else { return nil }
            var links: [String: String] = [:]
            for member in object.members {
                guard let address = member.value.stringValue else { return nil }
                links[member.key] = address
            }
            return links
        }
        set {
            values["actionLinks"] = newValue.map { links in
                .object(JSONObject(links.keys.sorted().map { JSONObject.Member(key: $0, value: .string(links[$0]!)) }))
            }
        }
    }
    var botActions: Bool? { get { flag("botActions") } set { values["botActions"] = newValue.map(JSONValue.bool) } }

    /// A setting of `serve`'s own (`ServerSetting`) as stored, in text: `nil` when unset.
    func serve(_ key: String) -> String? {
        guard let value = values[key], let setting = ServerSetting.keyed(key) else { return nil }
        return setting.text(of: value)
    }

    private func number(_ key: String) -> Double? { if case .number(let number)? = values[key] { number } else { nil } }
    private func whole(_ key: String) -> Int? { number(key).flatMap { Int(exactly: $0) } }
    private func flag(_ key: String) -> Bool? { if case .bool(let flag)? = values[key] { flag } else { nil } }
    private func text(_ key: String) -> String? { values[key]?.stringValue }

    /// The keys `config` knows: the one table (`SettingKey.all`).
    static var keys: [SettingKey] { SettingKey.all }

    /// Sets a key from its text; throws a message for a bad key or value.
    mutating func set(_ key: String, _ value: String) throws(SettingsError) {
        try SettingKey.named(key).write(&self, value)
    }

    /// Removes a key, so its default applies again.
    mutating func unset(_ key: String) throws(SettingsError) {
        try SettingKey.named(key).write(&self, nil)
    }

    /// A key's value as text: the stored one, or the default with `(default)`.
    func value(_ key: String) throws(SettingsError) -> String {
        let entry = try SettingKey.named(key)
        return entry.read(self) ?? "\(entry.defaultValue) (default)"
    }

    /// Checks stored values as `set` checks them (a file edited by hand may hold anything). The help line is
    /// checked where it is used, so that `--help-line` can stand in for a bad one.
    func check() throws(SettingsError) {
        let known = Set(SettingKey.all.map(\.key))
        if let unknown = values.keys.sorted().first(where: { !known.contains($0) }) {
            throw SettingsError("unknown key \"\(unknown)\"; keys: \(known.sorted().joined(separator: ", "))")
        }
        var copy = Settings()
        for entry in SettingKey.all {
            guard values[entry.key] != nil else { continue }
            guard let text = entry.read(self) else {
                throw SettingsError("\(entry.key): \(values[entry.key]!.summary) is not \(entry.takes)")
            }
            if entry.name != "help-line" && entry.name != "templates" { try entry.write(&copy, text) }
        }
    }

    /// The stored product settings, each unset one `nil`.
    var productOverride: ProductSettings.Override {
        ProductSettings.Override(name: productName, appLink: appLink, smsOptOut: smsOptOut, senderName: senderName,
                                 senderAddress: senderAddress, unsubscribe: unsubscribe, actionLinks: actionLinks,
                                 botActions: botActions)
    }

    /// `product` with the stored product settings over it.
    func product(over product: ProductSettings) -> ProductSettings { productOverride.applied(to: product) }
}

/// A bad `config` key or value.
struct SettingsError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Where settings live: `$ALERTKIT_CONFIG` (`/dev/null`: none), else `$XDG_CONFIG_HOME/alertkit/config.json`,
/// else `~/.config/alertkit/config.json`.
struct SettingsStore {
    let url: URL

    static var `default`: SettingsStore {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["ALERTKIT_CONFIG"], !path.isEmpty {
            return SettingsStore(url: URL(fileURLWithPath: path))
        }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config")
        return SettingsStore(url: base.appendingPathComponent("alertkit/config.json"))
    }

    /// The stored settings; none if there is no file yet. `checked` refuses values `set` would refuse; `config`
    /// itself reads unchecked, so that it can mend them. A bad file prints why and exits 78.
    func load(checked: Bool = true) throws -> Settings {
        do { return try read(checked: checked) } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
    }

    /// The stored settings, or why the file is not a good one (`serve`'s reload says it in its log).
    func read(checked: Bool = true) throws(SettingsError) -> Settings {
        guard FileManager.default.fileExists(atPath: url.path) else { return Settings() }
        // An empty file, or `/dev/null`: no settings (what a job that must not depend on a machine's settings names).
        if (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) == 0 { return Settings() }
        let stored: Settings
        do { stored = try JSONDecoder().decode(Settings.self, from: Data(contentsOf: url)) } catch {
            throw SettingsError("\(url.path): not a valid settings file (\(error.localizedDescription)); fix or delete it")
        }
        if checked {
            do { try stored.check() } catch {
                throw SettingsError("\(url.path): \(error.description); run `alertkit config set` or fix the file")
            }
        }
        return stored
    }

    /// Writes the settings atomically, creating the folder if needed.
    func save(_ settings: Settings) throws {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(settings).write(to: url, options: .atomic)
        } catch {
            throw Diagnostics.fail("\(url.path): cannot be written (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
        }
    }
}
