import AlertPresentation
import AlertServer
import CAlertKitBuild
import ArgumentParser
import Foundation
import Logging
import Synchronization

/// `alertkit serve`.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the presenters over HTTP: render, validate and batch-convert alerts (an OpenAPI 3.1 API).",
        discussion: """
        Endpoints: POST /v1/render?format=F, POST /v1/validate, POST /v1/batch?format=F (NDJSON in and out), \
        GET /v1/schema, /v1/formats, /v1/openapi.json, /healthz, /readyz, /metrics. Binds to 127.0.0.1 unless --host \
        says otherwise. SIGTERM or SIGINT: requests in flight get the grace period, then the process exits 0. \
        A --config FILE is JSON with the keys host, port, templates, bodyLimit, allowReveal, tokenFile, idleTimeout, \
        readTimeout, headTimeout, maxConnectionsPerAddress, maxBatchStreams, batchJobs, gracePeriod, batchMinRate, \
        renderTimeout, strict, maxAlertBytes, maxEvents, maxStringBytes, maxDepth, maxDocumentBytes, helpLine, and product (an object of name, \
        appLink, smsOptOut, senderName, senderAddress, unsubscribe, actionLinks, botActions: the product settings of every locale, each \
        key left out taken from alertkit config's); flags win over it. Open without a token: GET and HEAD /healthz, \
        /readyz, /metrics, /v1/openapi.json; a path with an empty, . or .. segment or an encoded slash, backslash or dot is answered 400. \
        Exit codes: 0 stopped by SIGTERM or SIGINT, 75 a forced stop (3 s past the grace period), 64 usage, 78 a configuration error (a bad --config, template, \
        catalog or icon).
        """
    )

    @Option(help: "The address to listen on (default 127.0.0.1: this machine only).")
    var host: String?

    @Option(help: "The port (default 8080; 0 picks a free one, printed at start).")
    var port: Int?

    @Option(help: ArgumentHelp("A folder of your own templates, used after the shipped ones.", valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("A JSON file of settings (see above).", valueName: "file"))
    var config: String?

    @Option(name: .customLong("token-file"), help: ArgumentHelp(
        "A file of bearer tokens, one a line: /v1/ then needs Authorization: Bearer TOKEN.", valueName: "file"))
    var tokenFile: String?

    @Flag(name: .customLong("allow-reveal"), help: "Allow reveal=true (sensitive values unmasked); refused with 403 otherwise.")
    var allowReveal = false

    @Flag(help: "Refuse to start (78) when a template does not load or uses a name its context does not have; without it, a broken format alone answers 500 (named in /readyz) and an unknown name warns in the log.")
    var strict = false

    @Option(name: .customLong("body-limit"), help: "The largest render or validate body, in bytes (default 1048576).")
    var bodyLimit: Int?

    @Option(name: .customLong("grace-period"), help: "Seconds requests in flight get after SIGTERM (default 10).")
    var gracePeriod: Double?

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Seconds a connection may stay idle, and an answer unread, before it is closed (default 30).", valueName: "seconds"))
    var idleTimeout: Double?

    @Option(name: .customLong("read-timeout"), help: ArgumentHelp(
        "Seconds a client has to send a whole render or validate body; from then on a batch body must keep "
        + "--batch-min-rate (default 10).", valueName: "seconds"))
    var readTimeout: Double?

    @Option(name: .customLong("head-timeout"), help: ArgumentHelp(
        "Seconds a client has to send a request's head (request line and headers), from the connection's accept or, "
        + "kept alive, from the next request's first byte; past it the connection is closed (default 10).", valueName: "seconds"))
    var headTimeout: Double?

    @Option(name: .customLong("max-connections-per-address"), help: ArgumentHelp(
        "How many connections one client address may hold at once; another is answered 503 and closed (default 128).",
        valueName: "n"))
    var maxConnectionsPerAddress: Int?

    @Option(name: .customLong("max-batch-streams"), help: ArgumentHelp(
        "How many /v1/batch streams may run at once; more get 503 (default 2).", valueName: "n"))
    var maxBatchStreams: Int?

    @Option(name: .customLong("batch-min-rate"), help: ArgumentHelp(
        "The least rate of a /v1/batch body, in bytes a second over each --read-timeout seconds (time the server "
        + "is busy aside); a slower stream is closed (default 1024).", valueName: "bytes"))
    var batchMinRate: Double?

    @Option(name: .customLong("help-line"), help: ArgumentHelp(
        "The help line's number every document offers, e.g. \"+1 (800) 555-0100\" (default: the configuration's helpLine, else `alertkit config`'s help-line, else none).",
        valueName: "number"))
    var helpLine: String?

    @Option(name: .customLong("render-timeout"), help: ArgumentHelp(
        "Seconds one alert's render may take; past it the render is stopped and answered 503 (default 10).",
        valueName: "seconds"))
    var renderTimeout: Double?

    @Option(name: .customLong("log-format"), help: ArgumentHelp(
        "text (one line of key=value pairs a record) or json (one JSON object a line, for a log collector; default text).",
        valueName: "format"))
    var logFormat = "text"

    @OptionGroup var limits: LimitFlags

    func validate() throws {
        guard ["text", "json"].contains(logFormat) else { throw ValidationError("--log-format takes text or json, not \"\(logFormat)\"") }
    }

    /// Runs the server on the concurrency pool while the main thread waits for it (the other commands are
    /// synchronous, so the root command is too).
    func run() throws {
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await serve() } catch { outcome.error.withLock { $0 = error } }
            done.signal()
        }
        done.wait()
        if let error = outcome.error.withLock({ $0 }) { throw error }
    }

    private func serve() async throws {
        let settings: ServerConfiguration
        do { settings = try configuration() } catch {
            throw Diagnostics.fail("Error: \(error.message)", code: error.usage ? ExitCodes.usage : ExitCodes.configuration)
        }
        // The log goes to standard error through a bounded buffer: a stalled reader costs log lines, never service.
        let log = ServerLog(format: logFormat == "json" ? .json : .text)
        let logger = log.logger(label: "alertkit.serve",
                                level: ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info)
        let host = settings.host
        let command = self
        defer { log.flush(within: 2) }  // the last lines (the stop's) out before the process ends
        do {
            try await AlertServer.run(settings, extensions: AlertKitCommand.extensions,
                                      commit: String(cString: alertkit_build_commit()), logger: logger, log: log,
                                      reconfigure: {
                                          do throws(ConfigurationProblem) { return try command.configuration() } catch { throw ServerConfigurationError(error.message) }
                                      }) { port in
                Diagnostics.print("alertkit serve \(AlertKitCommand.version): listening on "
                                  + "http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
            }
        } catch let error as ServerConfigurationError {
            throw Diagnostics.fail("Error: \(error)", code: ExitCodes.configuration)
        } catch {
            // Listening failed (the port taken, an address not this machine's…): the setup's to change, not a bug.
            throw Diagnostics.fail("Error: cannot serve on \(host):\(settings.port): \(error)", code: ExitCodes.configuration)
        }
    }

    /// Why the configuration cannot be made; `usage` for a flag's value.
    struct ConfigurationProblem: Error {
        var message: String
        var usage = false
    }

    /// The server's configuration: the defaults, under `--config FILE`, under the flags, with what `alertkit config`
    /// stores beneath (its product settings and help line). Made at start and again at each SIGHUP.
    func configuration() throws(ConfigurationProblem) -> ServerConfiguration {
        var settings = ServerConfiguration()
        do {
            if let config { settings = try ServerConfiguration.load(file: config) }
        } catch {
            throw ConfigurationProblem(message: "\(error)")
        }
        if let host { settings.host = host }
        if let port { settings.port = port }
        if let templates { settings.templates = templates }
        if let tokenFile { settings.tokenFile = tokenFile }
        if allowReveal { settings.allowReveal = true }
        if strict { settings.strict = true }
        if let bodyLimit { settings.bodyLimit = bodyLimit }
        if let gracePeriod { settings.gracePeriod = gracePeriod }
        if let idleTimeout { settings.idleTimeout = idleTimeout }
        if let readTimeout { settings.readTimeout = readTimeout }
        if let headTimeout { settings.headTimeout = headTimeout }
        if let maxConnectionsPerAddress { settings.maxConnectionsPerAddress = maxConnectionsPerAddress }
        if let maxBatchStreams { settings.maxBatchStreams = maxBatchStreams }
        if let batchMinRate { settings.batchMinRate = batchMinRate }
        if let renderTimeout { settings.renderTimeout = renderTimeout }
        // What `alertkit config` stores stands under the configuration file: its product settings (each key the
        // file leaves out) and its help line (when neither the file nor --help-line gives one).
        let stored: Settings
        do { stored = try SettingsStore.default.read() } catch { throw ConfigurationProblem(message: error.description) }
        // The stored templates folder, as every command takes it, unless the file or --templates names one.
        if settings.templates == nil { settings.templates = stored.templates }
        settings.product = settings.product.over(stored.productOverride)
        if let problem = settings.product.problem {
            throw ConfigurationProblem(message: "the product settings (--config's product over alertkit config's): \(problem)")
        }
        if let number = helpLine ?? (settings.helpLine == nil ? stored.helpLine : nil) {
            guard let line = HelpLine(number) else {
                throw ConfigurationProblem(message: "--help-line takes \(HelpLine.accepted), not \"\(number)\"", usage: helpLine != nil)
            }
            settings.helpLine = line
        }
        // Each limit: the flag, else the --config file's, else the stored one (`alertkit config set max-events`).
        let fileKeys = settings.keysInFile  // the file as read once, above
        func limit(_ flag: Int?, _ key: String, _ stored: Int?) -> Int? { flag ?? (fileKeys.contains(key) ? nil : stored) }
        if let value = limit(limits.maxDocumentBytes, "maxDocumentBytes", stored.maxDocumentBytes) { settings.limits.maxDocumentBytes = value }
        if let value = limit(limits.maxAlertBytes, "maxAlertBytes", stored.maxAlertBytes) { settings.limits.maxBytes = value }
        if let value = limit(limits.maxEvents, "maxEvents", stored.maxEvents) { settings.limits.maxEvents = value }
        if let value = limit(limits.maxStringBytes, "maxStringBytes", stored.maxStringBytes) { settings.limits.maxStringBytes = value }
        if let value = limit(limits.maxDepth, "maxDepth", stored.maxDepth) { settings.limits.maxDepth = value }
        do throws(SettingsError) { settings.alertKeys = try UnsubscribeSecret.signer() } catch {
            throw ConfigurationProblem(message: error.description)
        }
        return settings
    }
}

/// How the server's task ended.
private final class Outcome: Sendable {
    let error = Mutex<(any Error)?>(nil)
}
