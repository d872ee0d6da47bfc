import AlertJSON
import AlertModel
import AlertPresentation
import Foundation
import Logging

/// How `alertkit serve` runs: from its flags, over a JSON configuration file (`--config FILE`), over the defaults.
public struct ServerConfiguration: Sendable, Hashable, Decodable {
    /// The address to listen on; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The port.
    public var port = 8080
    /// A folder of the user's templates, used after the shipped ones.
    public var templates: String?
    /// The largest request body `/v1/render` and `/v1/validate` accept, in bytes (a `/v1/batch` line has the batch
    /// command's limit, 1 MiB).
    public var bodyLimit = 1 << 20
    /// Whether `reveal=true` (sensitive values unmasked) is allowed; refused with 403 otherwise.
    public var allowReveal = false
    /// Whether a template that does not load, or uses a name its context does not have, stops the start (78) instead
    /// of breaking its own format only (each such format answers 500, named in `/readyz` and the log) or warning.
    public var strict = false
    /// A file of bearer tokens, one a line; when set, every `/v1/` request needs one of them.
    public var tokenFile: String?
    /// Seconds a connection may stay idle (no bytes either way) before it is closed.
    public var idleTimeout: Double = 30
    /// Seconds a client has to send a whole `/v1/render` or `/v1/validate` body.
    public var readTimeout: Double = 10
    /// Seconds a client has to send a request's head (its request line and headers): from the connection's accept,
    /// and on a kept-alive connection from the first byte of each later request. Past it the connection is closed
    /// without an answer (as nginx's `client_header_timeout`), however steadily the head trickles in.
    public var headTimeout: Double = 10
    /// How many connections one client address may hold at once; another is answered 503 and closed before it is
    /// read, so that one client cannot take every connection the server can hold.
    public var maxConnectionsPerAddress = 128
    /// How many `/v1/batch` streams may run at once; more are answered 503.
    public var maxBatchStreams = 2
    /// The least rate, in bytes a second, at which a `/v1/batch` body must come in each window of `readTimeout`
    /// seconds (time the server's own workers hold the body up does not count); a slower stream is closed, so a
    /// trickling client holds its slot for a bounded time, and a burst buys no later trickle.
    public var batchMinRate: Double = 1024
    /// Seconds one alert's render may take; a render past it is stopped and answered 503 (a `/v1/batch` line gets an
    /// error record).
    public var renderTimeout: Double = 10
    /// Worker threads per `/v1/batch` stream.
    public var batchJobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
    /// Seconds that requests in flight get to finish after SIGTERM or SIGINT.
    public var gracePeriod: Double = 10
    /// How the log is written: `text` (key=value pairs) or `json` (one object a line).
    public var logFormat = "text"
    /// What one alert may hold, in every endpoint and each `/v1/batch` line (keys `maxAlertBytes`, `maxEvents`,
    /// `maxStringBytes`, `maxDepth`), and how large its document may be (`maxDocumentBytes`).
    public var limits = AlertLimits.default
    /// What replaces every locale's product settings (name, app link, SMS opt-out text, email sender), as
    /// `alertkit config set product-name …` does for the other commands: the key `product`.
    public var product = ProductSettings.Override()
    /// The help line every document offers (the Call button dials it, Slack's dialog and the SMS show it), as
    /// `alertkit config set help-line` and `--help-line` set it for the other commands: the key `helpLine`, a number
    /// such as `"+1 (800) 555-0100"`; none by default.
    public var helpLine: HelpLine?
    /// What signs the token `{alertKey}` stands for in `product`'s unsubscribe address: the deployment's secret
    /// (`alertkit serve` makes it from `ALERTKIT_UNSUBSCRIBE_SECRET`), never a file's key.
    public var alertKeys: AlertKeySigner?

    /// The keys the configuration file gave (none for the defaults): what stands over the stored settings.
    public var keysInFile: Set<String> = []

    /// The defaults.
    public init() {}

    /// A configuration file's keys, each optional; unknown keys are an error. The server's own keys are
    /// `ServerSetting.all`'s; `templates`, the limits, `helpLine` and `product` are those `alertkit config` shares.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let known = Self.fileKeys
        if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(forKey: unknown, in: container, debugDescription:
                "unknown key \"\(unknown.stringValue)\"; known: \(known.sorted().joined(separator: ", "))")
        }
        keysInFile = Set(container.allKeys.map(\.stringValue))
        for setting in ServerSetting.all {
            let key = AnyKey(stringValue: setting.key)
            guard let value = try container.decodeIfPresent(JSONValue.self, forKey: key) else { continue }
            try setting.set(value, in: &self, label: setting.key)
        }
        let values = try decoder.container(keyedBy: CodingKeys.self)
        templates = try values.decodeIfPresent(String.self, forKey: .templates) ?? templates
        limits.maxDocumentBytes = try values.decodeIfPresent(Int.self, forKey: .maxDocumentBytes) ?? limits.maxDocumentBytes
        limits.maxBytes = try values.decodeIfPresent(Int.self, forKey: .maxAlertBytes) ?? limits.maxBytes
        limits.maxEvents = try values.decodeIfPresent(Int.self, forKey: .maxEvents) ?? limits.maxEvents
        limits.maxStringBytes = try values.decodeIfPresent(Int.self, forKey: .maxStringBytes) ?? limits.maxStringBytes
        limits.maxDepth = try values.decodeIfPresent(Int.self, forKey: .maxDepth) ?? limits.maxDepth
        product = try values.decodeIfPresent(ProductSettings.Override.self, forKey: .product) ?? product
        if let number = try values.decodeIfPresent(String.self, forKey: .helpLine) {
            guard let line = HelpLine(number) else {
                throw DecodingError.dataCorruptedError(forKey: .helpLine, in: values,
                                                       debugDescription: "helpLine takes \(HelpLine.accepted), not \"\(number)\"")
            }
            helpLine = line
        }
    }

    /// Every key a configuration file may hold: the server's own settings' and the shared ones.
    public static var fileKeys: Set<String> {
        Set(ServerSetting.all.map(\.key)).union(CodingKeys.allCases.map(\.rawValue))
    }

    /// Reads a configuration file over the defaults.
    public static func load(file: String) throws -> ServerConfiguration {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw ServerConfigurationError("\(file): cannot be read")
        }
        do { return try JSONDecoder().decode(ServerConfiguration.self, from: data) } catch let error as ServerConfigurationError {
            throw ServerConfigurationError("\(file): \(error)")
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .keyNotFound(_, let context), .valueNotFound(_, let context):
                let key = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw ServerConfigurationError("\(file): \(key.isEmpty ? "" : key + ": ")\(context.debugDescription)")
            @unknown default:
                throw ServerConfigurationError("\(file): \(error)")
            }
        }
    }

    /// Why the configuration cannot serve: a port out of range, a limit below 1… (each setting checked as a
    /// configuration file's value is).
    public func check() throws {
        for setting in ServerSetting.all {
            var scratch = self
            try setting.set(setting.value(in: self), in: &scratch)
        }
        if let name = limits.invalidLimit { throw ServerConfigurationError("the limit \(name) is too small") }
        if let problem = product.problem { throw ServerConfigurationError(problem) }
    }

    /// The settings in force, for the start line of the log: every setting of the server's own by its name
    /// (`body_limit`), never a secret (the token file's path, not its tokens; whether an unsubscribe secret is set,
    /// not the secret).
    func inForce(port: Int, version: String, commit: String) -> [String: Logger.MetadataValue] {
        var settings: [String: Logger.MetadataValue] = [
            "version": .string(version), "commit": .string(commit.isEmpty ? "development build" : commit),
            "address": .string("\(host):\(port)"),
            "help_line": .string(helpLine?.display ?? "none"), "alert_keys": .string(alertKeys == nil ? "none" : "set"),
            "max_alert_bytes": .stringConvertible(limits.maxBytes), "max_events": .stringConvertible(limits.maxEvents),
            "max_document_bytes": .stringConvertible(limits.maxDocumentBytes),
        ]
        for setting in ServerSetting.all where setting.name != "host" && setting.name != "port" {
            settings[setting.name.replacingOccurrences(of: "-", with: "_")] = .string(setting.text(of: setting.value(in: self)))
        }
        return settings
    }

    /// The file keys of the settings a running server keeps until it restarts (a reload names each change of them):
    /// the address it listens on, the rules of its connections, its shutdown and its log.
    static var restartOnly: [String] { ServerSetting.all.filter(\.restartOnly).map(\.key) }

    /// Whether the setting with file key `key` differs between this configuration and `other`.
    func differs(from other: ServerConfiguration, in key: String) -> Bool {
        guard let setting = ServerSetting.keyed(key) else { return false }
        return setting.value(in: self) != setting.value(in: other)
    }

    /// Takes `restartOnly`'s settings from `other`: what the running server still uses.
    mutating func keepRestartOnly(of other: ServerConfiguration) {
        for setting in ServerSetting.all where setting.restartOnly { setting.copy(from: other, to: &self) }
    }

    /// The keys a configuration file shares with `alertkit config` (the server's own are `ServerSetting.all`'s).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case templates, maxAlertBytes, maxEvents, maxStringBytes, maxDepth, maxDocumentBytes, product, helpLine
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A configuration that cannot serve, and why.
public struct ServerConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    public init(_ description: String) { self.description = description }
}
