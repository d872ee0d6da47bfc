import AlertServer
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
        readTimeout, maxBatchStreams, batchJobs, gracePeriod, maxAlertBytes, maxEvents, maxStringBytes, maxDepth; \
        flags win over it.
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

    @Option(name: .customLong("body-limit"), help: "The largest render or validate body, in bytes (default 1048576).")
    var bodyLimit: Int?

    @Option(name: .customLong("grace-period"), help: "Seconds requests in flight get after SIGTERM (default 10).")
    var gracePeriod: Double?

    @OptionGroup var limits: LimitFlags

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
        var settings = ServerConfiguration()
        do {
            if let config { settings = try ServerConfiguration.load(file: config) }
        } catch {
            throw Diagnostics.fail("Error: \(error)", code: ExitCodes.usage)
        }
        if let host { settings.host = host }
        if let port { settings.port = port }
        if let templates { settings.templates = templates }
        if let tokenFile { settings.tokenFile = tokenFile }
        if allowReveal { settings.allowReveal = true }
        if let bodyLimit { settings.bodyLimit = bodyLimit }
        if let gracePeriod { settings.gracePeriod = gracePeriod }
        if let value = limits.maxAlertBytes { settings.limits.maxBytes = value }
        if let value = limits.maxEvents { settings.limits.maxEvents = value }
        if let value = limits.maxStringBytes { settings.limits.maxStringBytes = value }
        if let value = limits.maxDepth { settings.limits.maxDepth = value }
        var logger = Logger(label: "alertkit.serve")
        logger.logLevel = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
        let host = settings.host
        do {
            try await AlertServer.run(settings, logger: logger) { port in
                Diagnostics.print("alertkit serve: listening on http://\(host.contains(":") ? "[\(host)]" : host):\(port)")
            }
        } catch let error as ServerConfigurationError {
            throw Diagnostics.fail("Error: \(error)", code: ExitCodes.usage)
        }
    }
}

/// How the server's task ended.
private final class Outcome: Sendable {
    let error = Mutex<(any Error)?>(nil)
}
