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
        A --config FILE is JSON with the file keys of `alertkit config keys` that apply to serve \
        (\(ServerConfiguration.fileKeys.sorted().joined(separator: ", ")); product is an object of name, \
        appLink, smsOptOut, senderName, senderAddress, unsubscribe, actionLinks, botActions: the product settings of every locale); \
        each key it leaves out is alertkit config's stored value, and the flags win over both. SIGHUP reads them all again. Open without a token: GET and HEAD /healthz, \
        /readyz, /metrics, /v1/openapi.json; a path with an empty, . or .. segment or an encoded slash, backslash or dot is answered 400. \
        Exit codes: 0 stopped by SIGTERM or SIGINT, 75 a forced stop (3 s past the grace period), 64 usage, 78 a configuration error (a bad --config, template, \
        catalog or icon).
        """
    )

    // Each flag is a row of the one settings table (`ServerSetting.all`), its help from there; a test holds them to it.
    @Option(help: SettingKey.flagHelp("host", valueName: "address")) var host: String?
    @Option(help: SettingKey.flagHelp("port", valueName: "port")) var port: String?

    @Option(help: SettingKey.flagHelp("templates", valueName: "dir"))
    var templates: String?

    @Option(help: ArgumentHelp("A JSON file of settings (see above).", valueName: "file"))
    var config: String?

    @Option(name: .customLong("token-file"), help: SettingKey.flagHelp("token-file", valueName: "file")) var tokenFile: String?
    @Flag(name: .customLong("allow-reveal"), help: SettingKey.flagHelp("allow-reveal")) var allowReveal = false
    @Flag(help: SettingKey.flagHelp("strict")) var strict = false
    @Option(name: .customLong("body-limit"), help: SettingKey.flagHelp("body-limit", valueName: "bytes")) var bodyLimit: String?
    @Option(name: .customLong("read-timeout"), help: SettingKey.flagHelp("read-timeout", valueName: "seconds")) var readTimeout: String?
    @Option(name: .customLong("head-timeout"), help: SettingKey.flagHelp("head-timeout", valueName: "seconds")) var headTimeout: String?
    @Option(name: .customLong("idle-timeout"), help: SettingKey.flagHelp("idle-timeout", valueName: "seconds")) var idleTimeout: String?
    @Option(name: .customLong("render-timeout"), help: SettingKey.flagHelp("render-timeout", valueName: "seconds"))
    var renderTimeout: String?
    @Option(name: .customLong("grace-period"), help: SettingKey.flagHelp("grace-period", valueName: "seconds")) var gracePeriod: String?
    @Option(name: .customLong("max-connections-per-address"), help: SettingKey.flagHelp("max-connections-per-address", valueName: "n"))
    var maxConnectionsPerAddress: String?
    @Option(name: .customLong("max-batch-streams"), help: SettingKey.flagHelp("max-batch-streams", valueName: "n"))
    var maxBatchStreams: String?
    @Option(name: .customLong("batch-jobs"), help: SettingKey.flagHelp("batch-jobs", valueName: "n")) var batchJobs: String?
    @Option(name: .customLong("batch-min-rate"), help: SettingKey.flagHelp("batch-min-rate", valueName: "bytes"))
    var batchMinRate: String?
    @Option(name: .customLong("log-format"), help: SettingKey.flagHelp("log-format", valueName: "format")) var logFormat: String?

    @Option(name: .customLong("help-line"), help: SettingKey.flagHelp("help-line", valueName: "number"))
    var helpLine: String?

    /// The server's flags by setting name, as given (`nil`: not given).
    private var flags: [(name: String, value: String?)] {
        [("host", host), ("port", port), ("token-file", tokenFile), ("allow-reveal", allowReveal ? "on" : nil),
         ("strict", strict ? "on" : nil), ("body-limit", bodyLimit), ("read-timeout", readTimeout), ("head-timeout", headTimeout),
         ("idle-timeout", idleTimeout), ("render-timeout", renderTimeout), ("grace-period", gracePeriod),
         ("max-connections-per-address", maxConnectionsPerAddress), ("max-batch-streams", maxBatchStreams),
         ("batch-jobs", batchJobs), ("batch-min-rate", batchMinRate), ("log-format", logFormat)]
    }

    @OptionGroup var limits: LimitFlags

    func validate() throws {
        for (name, value) in flags {
            guard let value, let setting = ServerSetting.named(name) else { continue }
            do { _ = try setting.parse(value) } catch { throw ValidationError("--\(error.description)") }
        }
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
        let log = ServerLog(format: settings.logFormat == "json" ? .json : .text)
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

    /// The server's configuration: the defaults, under what `alertkit config` stores (each key the file leaves out),
    /// under `--config FILE`, under the flags. Made at start and again at each SIGHUP. `stored`: the stored settings,
    /// read from `SettingsStore.default` when not given.
    func configuration(stored given: Settings? = nil) throws(ConfigurationProblem) -> ServerConfiguration {
        var settings = ServerConfiguration()
        do {
            if let config { settings = try ServerConfiguration.load(file: config) }
        } catch {
            throw ConfigurationProblem(message: "\(error)")
        }
        var stored = Settings()
        if let given { stored = given } else {
            do { stored = try SettingsStore.default.read() } catch { throw ConfigurationProblem(message: error.description) }
        }
        let fileKeys = settings.keysInFile  // the file as read once, above
        for setting in ServerSetting.all {
            let flag = flags.first { $0.name == setting.name }?.value
            // The flag, else the --config file's value, else the stored one (`alertkit config set port 9000`).
            guard let text = flag ?? (fileKeys.contains(setting.key) ? nil : stored.serve(setting.key)) else { continue }
            do { try setting.set(try setting.parse(text), in: &settings) } catch {
                throw ConfigurationProblem(message: flag != nil ? "--\(error)" : "the stored setting \(error)", usage: flag != nil)
            }
        }
        if let templates { settings.templates = templates }
        // What `alertkit config` stores stands under the configuration file: its product settings (each key the
        // file leaves out) and its help line (when neither the file nor --help-line gives one).
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
