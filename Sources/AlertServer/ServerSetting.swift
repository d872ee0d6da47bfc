import AlertJSON
import Foundation

/// One of `alertkit serve`'s own settings, once: its name (the flag `--NAME`, and the `alertkit config` key), its key
/// in a JSON file (`serve --config`'s, and `config.json`), what it takes, its default, what it does, and whether a
/// running server takes a change of it at SIGHUP or only at a restart. The configuration file's reading, the checks,
/// the flags' help, `alertkit config` and the start line of the log all come from `all`.
public struct ServerSetting: Sendable {
    /// The flag's and `config`'s name: `body-limit`.
    public let name: String
    /// The key in a JSON settings file: `bodyLimit`.
    public let key: String
    /// What a value is: `a whole number of at least 1`.
    public let takes: String
    /// The value when nothing sets it.
    public let defaultValue: String
    /// What it does.
    public let help: String
    /// Whether a running server keeps the value it started with until a restart (a reload names each change).
    public let restartOnly: Bool
    private let kind: Kind

    private enum Kind: Sendable {
        case whole(WritableKeyPath<ServerConfiguration, Int> & Sendable, ClosedRange<Int>)
        case number(WritableKeyPath<ServerConfiguration, Double> & Sendable, zero: Bool)
        case flag(WritableKeyPath<ServerConfiguration, Bool> & Sendable)
        case text(WritableKeyPath<ServerConfiguration, String> & Sendable, choices: [String])
        case file(WritableKeyPath<ServerConfiguration, String?> & Sendable)
    }

    /// The setting named `name` (`body-limit`), if there is one.
    public static func named(_ name: String) -> ServerSetting? { all.first { $0.name == name } }

    /// The setting whose file key is `key` (`bodyLimit`), if there is one.
    public static func keyed(_ key: String) -> ServerSetting? { all.first { $0.key == key } }

    /// Every setting of the server's own (the templates, limits, help line and product settings are `alertkit
    /// config`'s, shared with the other commands).
    public static let all: [ServerSetting] = [
        ServerSetting("host", .text(\.host, choices: []), takes: "an address", defaultValue: "127.0.0.1", restart: true,
                      help: "the address to listen on (127.0.0.1: this machine only)"),
        ServerSetting("port", .whole(\.port, 0...65535), takes: "a port, 0 to 65535", defaultValue: "8080", restart: true,
                      help: "the port to listen on (0 picks a free one, printed at start)"),
        ServerSetting("token-file", .file(\.tokenFile), takes: "a file", defaultValue: "none",
                      help: "a file of bearer tokens, one a line: every /v1/ request then needs Authorization: Bearer TOKEN"),
        ServerSetting("allow-reveal", .flag(\.allowReveal), takes: "on or off", defaultValue: "off",
                      help: "whether reveal=true (sensitive values unmasked) is allowed; refused with 403 otherwise"),
        ServerSetting("strict", .flag(\.strict), takes: "on or off", defaultValue: "off",
                      help: "whether a template that does not load, or uses a name its context does not have, stops the "
                          + "start (78); off, a broken format alone answers 500 (named in /readyz) and an unknown name warns in the log"),
        ServerSetting("body-limit", .whole(\.bodyLimit, 1...Int.max), takes: "a whole number of at least 1", defaultValue: "1048576",
                      help: "the largest render or validate body, in bytes (a /v1/batch line has max-alert-bytes)"),
        ServerSetting("read-timeout", .number(\.readTimeout, zero: false), takes: "seconds, above 0", defaultValue: "10",
                      help: "seconds a client has to send a whole render or validate body; from then on a batch body must keep batch-min-rate"),
        ServerSetting("head-timeout", .number(\.headTimeout, zero: false), takes: "seconds, above 0", defaultValue: "10", restart: true,
                      help: "seconds a client has to send a request's head (request line and headers), from the connection's accept "
                          + "or, kept alive, from the next request's first byte; past it the connection is closed"),
        ServerSetting("idle-timeout", .number(\.idleTimeout, zero: false), takes: "seconds, above 0", defaultValue: "30", restart: true,
                      help: "seconds a connection may stay idle, and an answer unread, before it is closed"),
        ServerSetting("render-timeout", .number(\.renderTimeout, zero: false), takes: "seconds, above 0", defaultValue: "10",
                      help: "seconds one alert's render may take; past it the render is stopped and answered 503"),
        ServerSetting("grace-period", .number(\.gracePeriod, zero: true), takes: "seconds, 0 or more", defaultValue: "10", restart: true,
                      help: "seconds requests in flight get after SIGTERM or SIGINT"),
        ServerSetting("max-connections-per-address", .whole(\.maxConnectionsPerAddress, 1...Int.max),
                      takes: "a whole number of at least 1", defaultValue: "128", restart: true,
                      help: "how many connections one client address may hold at once; another is answered 503 and closed"),
        ServerSetting("max-batch-streams", .whole(\.maxBatchStreams, 1...Int.max), takes: "a whole number of at least 1",
                      defaultValue: "2", help: "how many /v1/batch streams may run at once; more get 503"),
        ServerSetting("batch-jobs", .whole(\.batchJobs, 1...Int.max), takes: "a whole number of at least 1",
                      defaultValue: "the core count", help: "worker threads per /v1/batch stream"),
        ServerSetting("batch-min-rate", .number(\.batchMinRate, zero: true), takes: "bytes a second, 0 or more", defaultValue: "1024",
                      help: "the least rate of a /v1/batch body over each read-timeout seconds (time the server is busy aside); "
                          + "a slower stream is closed"),
        ServerSetting("log-format", .text(\.logFormat, choices: ["text", "json"]), takes: "text or json", defaultValue: "text",
                      restart: true, help: "text (one line of key=value pairs a record) or json (one JSON object a line, for a log collector)"),
    ]

    private init(_ name: String, _ kind: Kind, takes: String, defaultValue: String, restart: Bool = false, help: String) {
        self.name = name
        let parts = name.split(separator: "-")
        self.key = String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        self.kind = kind
        self.takes = takes
        self.defaultValue = defaultValue
        self.restartOnly = restart
        self.help = help
    }

    /// The value in `configuration`, as JSON.
    public func value(in configuration: ServerConfiguration) -> JSONValue {
        switch kind {
        case .whole(let path, _): .number(Double(configuration[keyPath: path]))
        case .number(let path, _): .number(configuration[keyPath: path])
        case .flag(let path): .bool(configuration[keyPath: path])
        case .text(let path, _): .string(configuration[keyPath: path])
        case .file(let path): configuration[keyPath: path].map(JSONValue.string) ?? .null
        }
    }

    /// A value as text: `on`/`off` for a flag, a number as written, the text itself.
    public func text(of value: JSONValue) -> String {
        switch value {
        case .bool(let flag): flag ? "on" : "off"
        case .number(let number): JSONValue.numberText(number)
        case .string(let text): text
        case .null: "none"
        default: value.summary
        }
    }

    /// A value from its text (a flag's, or `alertkit config set`'s), checked.
    public func parse(_ text: String) throws(ServerConfigurationError) -> JSONValue {
        let value: JSONValue
        switch kind {
        case .whole, .number:
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)) else { throw problem(.string(text)) }
            value = .number(number)
        case .flag:
            switch text.lowercased() {
            case "on", "true", "yes", "1": value = .bool(true)
            case "off", "false", "no", "0": value = .bool(false)
            default: throw problem(.string(text))
            }
        case .text, .file: value = .string(text)
        }
        var scratch = ServerConfiguration()
        try set(value, in: &scratch)
        return value
    }

    /// Sets the value in `configuration`, checked: a JSON file's number, flag or text of the right kind and range.
    public func set(_ value: JSONValue, in configuration: inout ServerConfiguration) throws(ServerConfigurationError) {
        try set(value, in: &configuration, label: name)
    }

    /// `set`, its error naming the setting as `label` (a file's key).
    func set(_ value: JSONValue, in configuration: inout ServerConfiguration, label: String) throws(ServerConfigurationError) {
        let problem = { (value: JSONValue) in ServerConfigurationError("\(label) takes \(takes), not \(value.summary)") }
        switch (kind, value) {
        case (.whole(let path, let range), .number(let number)):
            guard let whole = Int(exactly: number), range.contains(whole) else { throw problem(value) }
            configuration[keyPath: path] = whole
        case (.number(let path, let zero), .number(let number)):
            guard number.isFinite, zero ? number >= 0 : number > 0 else { throw problem(value) }
            configuration[keyPath: path] = number
        case (.flag(let path), .bool(let flag)):
            configuration[keyPath: path] = flag
        case (.text(let path, let choices), .string(let text)):
            guard !text.isEmpty, choices.isEmpty || choices.contains(text) else { throw problem(value) }
            configuration[keyPath: path] = text
        case (.file(let path), .string(let text)) where !text.isEmpty:
            configuration[keyPath: path] = text
        case (.file(let path), .null):
            configuration[keyPath: path] = nil
        default:
            throw problem(value)
        }
    }

    /// Takes the value of `source` into `configuration`.
    func copy(from source: ServerConfiguration, to configuration: inout ServerConfiguration) {
        switch kind {
        case .whole(let path, _): configuration[keyPath: path] = source[keyPath: path]
        case .number(let path, _): configuration[keyPath: path] = source[keyPath: path]
        case .flag(let path): configuration[keyPath: path] = source[keyPath: path]
        case .text(let path, _): configuration[keyPath: path] = source[keyPath: path]
        case .file(let path): configuration[keyPath: path] = source[keyPath: path]
        }
    }

    private func problem(_ value: JSONValue) -> ServerConfigurationError {
        ServerConfigurationError("\(name) takes \(takes), not \(value.summary)")
    }
}
