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

    /// A configuration file's keys, each optional; unknown keys are an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(forKey: unknown, in: container, debugDescription:
                "unknown key \"\(unknown.stringValue)\"; known: \(CodingKeys.allCases.map(\.rawValue).sorted().joined(separator: ", "))")
        }
        keysInFile = Set(container.allKeys.map(\.stringValue))
        let values = try decoder.container(keyedBy: CodingKeys.self)
        host = try values.decodeIfPresent(String.self, forKey: .host) ?? host
        port = try values.decodeIfPresent(Int.self, forKey: .port) ?? port
        templates = try values.decodeIfPresent(String.self, forKey: .templates) ?? templates
        bodyLimit = try values.decodeIfPresent(Int.self, forKey: .bodyLimit) ?? bodyLimit
        allowReveal = try values.decodeIfPresent(Bool.self, forKey: .allowReveal) ?? allowReveal
        strict = try values.decodeIfPresent(Bool.self, forKey: .strict) ?? strict
        tokenFile = try values.decodeIfPresent(String.self, forKey: .tokenFile) ?? tokenFile
        idleTimeout = try values.decodeIfPresent(Double.self, forKey: .idleTimeout) ?? idleTimeout
        readTimeout = try values.decodeIfPresent(Double.self, forKey: .readTimeout) ?? readTimeout
        maxBatchStreams = try values.decodeIfPresent(Int.self, forKey: .maxBatchStreams) ?? maxBatchStreams
        batchJobs = try values.decodeIfPresent(Int.self, forKey: .batchJobs) ?? batchJobs
        gracePeriod = try values.decodeIfPresent(Double.self, forKey: .gracePeriod) ?? gracePeriod
        headTimeout = try values.decodeIfPresent(Double.self, forKey: .headTimeout) ?? headTimeout
        maxConnectionsPerAddress = try values.decodeIfPresent(Int.self, forKey: .maxConnectionsPerAddress) ?? maxConnectionsPerAddress
        batchMinRate = try values.decodeIfPresent(Double.self, forKey: .batchMinRate) ?? batchMinRate
        renderTimeout = try values.decodeIfPresent(Double.self, forKey: .renderTimeout) ?? renderTimeout
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

    /// Reads a configuration file over the defaults.
    public static func load(file: String) throws -> ServerConfiguration {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw ServerConfigurationError("\(file): cannot be read")
        }
        do { return try JSONDecoder().decode(ServerConfiguration.self, from: data) } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context), .typeMismatch(_, let context), .keyNotFound(_, let context), .valueNotFound(_, let context):
                let key = context.codingPath.map(\.stringValue).joined(separator: ".")
                throw ServerConfigurationError("\(file): \(key.isEmpty ? "" : key + ": ")\(context.debugDescription)")
            @unknown default:
                throw ServerConfigurationError("\(file): \(error)")
            }
        }
    }

    /// Why the configuration cannot serve: a port out of range, a limit below 1…
    public func check() throws {
        guard (0...65535).contains(port) else { throw ServerConfigurationError("port \(port) is not 0 to 65535") }
        guard bodyLimit >= 1 else { throw ServerConfigurationError("bodyLimit must be at least 1 byte") }
        guard maxBatchStreams >= 1, batchJobs >= 1, maxConnectionsPerAddress >= 1 else {
            throw ServerConfigurationError("maxBatchStreams, batchJobs and maxConnectionsPerAddress must be at least 1")
        }
        if let name = limits.invalidLimit { throw ServerConfigurationError("the limit \(name) is too small") }
        if let problem = product.problem { throw ServerConfigurationError(problem) }
        guard idleTimeout > 0, readTimeout > 0, headTimeout > 0, renderTimeout > 0, gracePeriod >= 0, batchMinRate >= 0 else {
            throw ServerConfigurationError("idleTimeout, readTimeout, headTimeout and renderTimeout must be above 0, gracePeriod and batchMinRate 0 or more")
        }
    }

    /// The settings in force, for the start line of the log: never a secret (the token file's path, not its
    /// tokens; whether an unsubscribe secret is set, not the secret).
    func inForce(port: Int, version: String, commit: String) -> [String: Logger.MetadataValue] {
        [
            "version": .string(version), "commit": .string(commit.isEmpty ? "development build" : commit),
            "address": .string("\(host):\(port)"), "tokens": .string(tokenFile ?? "none"),
            "allow_reveal": .stringConvertible(allowReveal), "strict": .stringConvertible(strict),
            "body_limit": .stringConvertible(bodyLimit), "render_timeout_s": .stringConvertible(renderTimeout),
            "read_timeout_s": .stringConvertible(readTimeout), "idle_timeout_s": .stringConvertible(idleTimeout),
            "grace_period_s": .stringConvertible(gracePeriod), "batch_streams": .stringConvertible(maxBatchStreams),
            "help_line": .string(helpLine?.display ?? "none"), "alert_keys": .string(alertKeys == nil ? "none" : "set"),
            "max_alert_bytes": .stringConvertible(limits.maxBytes), "max_events": .stringConvertible(limits.maxEvents),
            "max_document_bytes": .stringConvertible(limits.maxDocumentBytes),
        ]
    }

    /// The settings a running server keeps until it restarts (a reload names each change of them): the address it
    /// listens on, the rules of its connections and its shutdown.
    static let restartOnly = ["host", "port", "idleTimeout", "headTimeout", "maxConnectionsPerAddress", "gracePeriod"]

    /// Whether `key` (one of `restartOnly`) differs between this configuration and `other`.
    func differs(from other: ServerConfiguration, in key: String) -> Bool {
        switch key {
        case "host": host != other.host
        case "port": port != other.port
        case "idleTimeout": idleTimeout != other.idleTimeout
        case "headTimeout": headTimeout != other.headTimeout
        case "maxConnectionsPerAddress": maxConnectionsPerAddress != other.maxConnectionsPerAddress
        case "gracePeriod": gracePeriod != other.gracePeriod
        default: false
        }
    }

    /// Takes `restartOnly`'s settings from `other`: what the running server still uses.
    mutating func keepRestartOnly(of other: ServerConfiguration) {
        host = other.host
        port = other.port
        idleTimeout = other.idleTimeout
        headTimeout = other.headTimeout
        maxConnectionsPerAddress = other.maxConnectionsPerAddress
        gracePeriod = other.gracePeriod
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case host, port, templates, bodyLimit, allowReveal, tokenFile, idleTimeout, readTimeout, maxBatchStreams, batchJobs, gracePeriod
        case batchMinRate, renderTimeout, strict, headTimeout, maxConnectionsPerAddress
        case maxAlertBytes, maxEvents, maxStringBytes, maxDepth, maxDocumentBytes, product, helpLine
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
