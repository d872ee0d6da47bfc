import AlertModel
import AlertPresentation
import Foundation

/// What `alertkit config set` stores: defaults that persist between runs, each overridable for one run by a flag.
struct Settings: Codable, Equatable {
    /// The urgency threshold, 0…1.
    var threshold: Double?
    /// Whether alerts are marked urgent.
    var urgency: Bool?
    /// The locale of the content.
    var locale: String?
    /// The help line's number, which the "Call" button dials.
    var helpLine: String?
    /// A folder of the user's templates (formats), searched after the shipped ones.
    var templates: String?
    /// The limits of one alert (`AlertLimits`), each unset for its default (docs/limits.md).
    var maxAlertBytes: Int?, maxEvents: Int?, maxStringBytes: Int?, maxDepth: Int?
    /// The largest document one alert may render to, unset for 16 MiB.
    var maxDocumentBytes: Int?
    /// The product's settings for every locale (`ProductSettings`), each unset for the catalog's.
    var productName: String?, appLink: String?, smsOptOut: String?, senderName: String?, senderAddress: String?
    var unsubscribe: String?
    /// The actions' addresses by action id, and whether a bot receives button presses (`ProductSettings`).
    var actionLinks: [String: String]?, botActions: Bool?

    /// The keys `config` knows, with what each takes.
    static let keys: [(name: String, help: String)] = [
        ("threshold", "a severity from 0 to 1 at which alerts are urgent (default 0.9)"),
        ("urgency", "on or off: whether alerts are ever marked urgent (default on)"),
        ("locale", "the content's language: \(ContentCatalog.shippedLocales.joined(separator: " or ")) (default en)"),
        ("help-line", "the help line's number, which the Call button dials as a tel: link (default none)"),
        ("templates", "a folder of your own templates (NAME.EXT.mustache), used after the shipped ones (default none)"),
        ("max-alert-bytes", "the largest alert in bytes, a batch line too (default \(AlertLimits.default.maxBytes))"),
        ("max-events", "the most events one alert may hold (default \(AlertLimits.default.maxEvents))"),
        ("max-string-bytes", "the longest string in bytes as written (default \(AlertLimits.default.maxStringBytes))"),
        ("max-depth", "the deepest nesting of objects and arrays (default \(AlertLimits.default.maxDepth))"),
        ("max-document-bytes", "the largest document one alert may render to (default \(AlertLimits.default.maxDocumentBytes))"),
        ("product-name", "the product's name in every locale, {{product.name}} (default: each catalog's product.name)"),
        ("app-link", "an https address that opens your app at its alerts, {{product.appLink}} (default: the catalog's, none)"),
        ("sms-opt-out", "the text an SMS ends with to say how to stop them, {{product.smsOptOut}} (default: the catalog's)"),
        ("sender-name", "the name emails are from (default: the catalog's product.sender.name)"),
        ("sender-address", "the address emails are from, e.g. alerts@acme.example (default: the catalog's)"),
        ("unsubscribe", "an https (one-click) or mailto: address for the email's List-Unsubscribe header; {alertKey} becomes an HMAC of the alert's id under ALERTKIT_UNSUBSCRIBE_SECRET (default: the catalog's, none)"),
        ("action-links", "where each action's button leads in channels whose buttons open links (Teams, Slack): ID=https-address pairs, space-separated, e.g. \"remind=https://acme.example/a/{alertKey}/remind\"; {alertKey} as in unsubscribe (default: the catalog's, none)"),
        ("bot-actions", "on or off: whether a bot receives the button presses Teams posts back (Action.Submit); off, a card has only the buttons that lead somewhere (default: the catalog's, off)"),
    ]

    /// Sets a key from its text; throws a message for a bad key or value.
    mutating func set(_ key: String, _ value: String) throws(SettingsError) {
        switch key {
        case "threshold":
            guard let number = Double(value), (0...1).contains(number) else {
                throw SettingsError("threshold takes a number from 0 to 1, not \"\(value)\"")
            }
            threshold = number
        case "urgency": urgency = try Self.flag(key, value)
        case "bot-actions": botActions = try Self.flag(key, value)
        case "action-links":
            var links: [String: String] = [:]
            for pair in value.split(whereSeparator: \.isWhitespace) {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw SettingsError("action-links takes ID=https-address pairs, not \"\(pair)\"")
                }
                links[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            if let problem = ProductSettings.Override(actionLinks: links).problem {
                // "/product/actionLinks/remind: …" as "action-links: remind: …", the action named.
                let named = problem.replacingOccurrences(of: "/product/actionLinks/", with: "")
                    .replacingOccurrences(of: "/product/actionLinks: ", with: "")
                throw SettingsError("action-links: " + named)
            }
            actionLinks = links
        case "locale":
            guard ContentCatalog.shippedLocales.contains(value) else {
                throw SettingsError("locale takes \(ContentCatalog.shippedLocales.joined(separator: " or ")), not \"\(value)\"")
            }
            locale = value
        case "help-line":
            guard let line = HelpLine(value) else {
                throw SettingsError("help-line takes \(HelpLine.accepted), not \"\(value)\"")
            }
            helpLine = line.display
        case "templates":
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: value, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw SettingsError("templates takes a folder that exists, not \"\(value)\"")
            }
            templates = URL(fileURLWithPath: value).standardizedFileURL.path
        case "max-alert-bytes": maxAlertBytes = try Self.limit(key, value, least: AlertLimits.least.maxBytes)
        case "max-events": maxEvents = try Self.limit(key, value, least: AlertLimits.least.maxEvents)
        case "max-string-bytes": maxStringBytes = try Self.limit(key, value, least: AlertLimits.least.maxStringBytes)
        case "max-depth": maxDepth = try Self.limit(key, value, least: AlertLimits.least.maxDepth)
        case "max-document-bytes": maxDocumentBytes = try Self.limit(key, value, least: AlertLimits.least.maxDocumentBytes)
        case "product-name", "app-link", "sms-opt-out", "sender-name", "sender-address", "unsubscribe":
            var product = ProductSettings.placeholder
            switch key {
            case "product-name": product.name = value
            case "app-link": product.appLink = value
            case "sms-opt-out": product.smsOptOut = value
            case "sender-name": product.sender.name = value
            case "unsubscribe": product.unsubscribe = value
            default: product.sender.address = value
            }
            if let problem = product.problem {
                throw SettingsError("\(key): " + problem.split(separator: " ", maxSplits: 1).last.map(String.init)!)
            }
            if value.contains(where: { $0.isNewline || $0 == "<" || $0 == ">" }) {
                throw SettingsError("\(key) takes one line without < or >")
            }
            switch key {
            case "product-name": productName = value
            case "app-link": appLink = value
            case "sms-opt-out": smsOptOut = value
            case "sender-name": senderName = value
            case "unsubscribe": unsubscribe = value
            default: senderAddress = value
            }
        default:
            throw Self.unknown(key)
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

    private static func flag(_ key: String, _ value: String) throws(SettingsError) -> Bool {
        switch value.lowercased() {
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw SettingsError("\(key) takes on or off, not \"\(value)\"")
        }
    }

    /// Action links as `config set action-links` takes them.
    private static func text(_ links: [String: String]) -> String {
        links.keys.sorted().map { "\($0)=\(links[$0]!)" }.joined(separator: " ")
    }

    private static func limit(_ key: String, _ value: String, least: Int) throws(SettingsError) -> Int {
        guard let number = Int(value), number >= least else {
            throw SettingsError("\(key) takes a whole number of at least \(least), not \"\(value)\"")
        }
        return number
    }

    /// Checks stored values as `set` checks them (a file edited by hand may hold anything). The help line is
    /// checked where it is used, so that `--help-line` can stand in for a bad one.
    func check() throws(SettingsError) {
        var copy = Settings()
        if let threshold { try copy.set("threshold", String(threshold)) }
        if let locale { try copy.set("locale", locale) }
        for (key, value) in [("max-alert-bytes", maxAlertBytes), ("max-events", maxEvents),
                             ("max-string-bytes", maxStringBytes), ("max-depth", maxDepth),
                             ("max-document-bytes", maxDocumentBytes)] {
            if let value { try copy.set(key, String(value)) }
        }
        for (key, value) in [("product-name", productName), ("app-link", appLink), ("sms-opt-out", smsOptOut),
                             ("sender-name", senderName), ("sender-address", senderAddress), ("unsubscribe", unsubscribe)] {
            if let value { try copy.set(key, value) }
        }
        if let actionLinks { try copy.set("action-links", Self.text(actionLinks)) }
    }

    private static func unknown(_ key: String) -> SettingsError {
        SettingsError("unknown key \"\(key)\"; keys: \(keys.map(\.name).joined(separator: ", "))")
    }

    /// Removes a key, so its default applies again.
    mutating func unset(_ key: String) throws(SettingsError) {
        switch key {
        case "threshold": threshold = nil
        case "urgency": urgency = nil
        case "locale": locale = nil
        case "help-line": helpLine = nil
        case "templates": templates = nil
        case "max-alert-bytes": maxAlertBytes = nil
        case "max-events": maxEvents = nil
        case "max-string-bytes": maxStringBytes = nil
        case "max-depth": maxDepth = nil
        case "max-document-bytes": maxDocumentBytes = nil
        case "product-name": productName = nil
        case "app-link": appLink = nil
        case "sms-opt-out": smsOptOut = nil
        case "sender-name": senderName = nil
        case "sender-address": senderAddress = nil
        case "unsubscribe": unsubscribe = nil
        case "action-links": actionLinks = nil
        case "bot-actions": botActions = nil
        default: throw Self.unknown(key)
        }
    }

    /// A key's value as text: the stored one, or the default with `(default)`.
    func value(_ key: String) throws(SettingsError) -> String {
        switch key {
        case "threshold": threshold.map { String($0) } ?? "\(UrgencyPolicy.default.threshold) (default)"
        case "urgency": urgency.map { $0 ? "on" : "off" } ?? "on (default)"
        case "locale": locale ?? "en (default)"
        case "help-line": helpLine ?? "none (default)"
        case "templates": templates ?? "none (default)"
        case "max-alert-bytes": maxAlertBytes.map(String.init) ?? "\(AlertLimits.default.maxBytes) (default)"
        case "max-events": maxEvents.map(String.init) ?? "\(AlertLimits.default.maxEvents) (default)"
        case "max-string-bytes": maxStringBytes.map(String.init) ?? "\(AlertLimits.default.maxStringBytes) (default)"
        case "max-depth": maxDepth.map(String.init) ?? "\(AlertLimits.default.maxDepth) (default)"
        case "max-document-bytes": maxDocumentBytes.map(String.init) ?? "\(AlertLimits.default.maxDocumentBytes) (default)"
        case "product-name": productName ?? "the catalog's (default)"
        case "app-link": appLink ?? "the catalog's (default)"
        case "sms-opt-out": smsOptOut ?? "the catalog's (default)"
        case "sender-name": senderName ?? "the catalog's (default)"
        case "sender-address": senderAddress ?? "the catalog's (default)"
        case "unsubscribe": unsubscribe ?? "the catalog's (default)"
        case "action-links": actionLinks.map(Self.text) ?? "the catalog's (default)"
        case "bot-actions": botActions.map { $0 ? "on" : "off" } ?? "the catalog's (default)"
        default: throw Self.unknown(key)
        }
    }
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
