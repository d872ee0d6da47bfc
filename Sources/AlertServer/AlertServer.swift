import AlertModel
import AlertRendering
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// `alertkit serve`: the presenters and emitters over HTTP, on Hummingbird. Binds to loopback unless told otherwise,
/// masks sensitive values unless started with `allowReveal`, and shuts down gracefully on SIGTERM and SIGINT.
public enum AlertServer {
    /// The application for `configuration`: templates and catalogs loaded, routes and middleware in place.
    /// `onServerRunning` is told the bound port (useful with port 0).
    /// `log`, when the logger writes to one, gives `/metrics` the count of dropped log lines. `extensions` are the
    /// presenters and emitters a host registered in Swift, served like AlertKit's own. `commit` is a release build's
    /// commit, for `/metrics`' `alertkit_build_info`. With `reconfigure` (what gives the configuration again, from
    /// the same flags and files), SIGHUP reloads the templates, catalogs, settings and tokens (`LiveService`).
    public static func application(
        _ configuration: ServerConfiguration, extensions: AlertExtensions = AlertExtensions(), commit: String = "",
        logger: Logger = Logger(label: "alertkit.serve"), log: ServerLog? = nil,
        reconfigure: (@Sendable () throws -> ServerConfiguration)? = nil,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try configuration.check()
        let service = try AlertService.checked(configuration, extensions: extensions)
        service.logWarnings(to: logger)
        let tokens = try configuration.tokenFile.map(BearerTokens<AlertRequestContext>.load(file:))
        let live = LiveService(service: service, tokens: tokens)
        let metrics = ServerMetrics()
        metrics.buildInfo(version: AlertKitVersion.current, commit: commit)
        let router = Router(context: AlertRequestContext.self)
        router.middlewares.add(RequestLogging(logger: logger, metrics: metrics))
        router.middlewares.add(PathRule())
        router.middlewares.add(BearerTokens(live: live))
        let connections = ClientConnections(limit: configuration.maxConnectionsPerAddress)
        Routes(live: live, metrics: metrics, log: log, connections: connections).add(to: router)
        let rules = ConnectionGuard.Rules(headTimeout: configuration.headTimeout, connections: connections, metrics: metrics,
                                          logger: logger)
        let idleTimeout = TimeAmount.milliseconds(Int64(configuration.idleTimeout * 1000))
        var application = Application(
            router: router,
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(responder: responder, idleTimeout: idleTimeout, rules: rules)
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "alertkit"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                logger.notice("started", metadata: LiveService.summary(of: live.service)
                    .merging(configuration.inForce(port: port, version: AlertKitVersion.current, commit: commit)) { $1 })
                await onServerRunning(port)
            },
            logger: logger
        )
        if let reconfigure {
            application.addServices(ReloadOnHangup { live.reload(reconfigure, extensions: extensions, metrics: metrics, logger: logger) })
        }
        return application
    }

    /// Serves until SIGTERM or SIGINT, then lets requests in flight finish for the grace period and returns. Past
    /// the grace period, what is left is cancelled, and 3 seconds later the process exits whatever its clients and its
    /// log are doing (`ShutdownWatchdog`).
    public static func run(_ configuration: ServerConfiguration, extensions: AlertExtensions = AlertExtensions(),
                           commit: String = "", logger: Logger = Logger(label: "alertkit.serve"), log: ServerLog? = nil,
                           reconfigure: (@Sendable () throws -> ServerConfiguration)? = nil,
                           onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        signal(SIGPIPE, SIG_IGN)  // a client gone mid-answer is an error to handle, not a reason to die
        // SIGHUP reloads (or, without `reconfigure`, is ignored): never the default action, which ends the process.
        signal(SIGHUP, SIG_IGN)
        let application = try application(configuration, extensions: extensions, commit: commit, logger: logger, log: log,
                                          reconfigure: reconfigure, onServerRunning: onServerRunning)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: application, successTerminationBehavior: .gracefullyShutdownGroup),
                       // Last, so that it hears of the shutdown first.
                       .init(service: ShutdownWatchdog(seconds: configuration.gracePeriod + 3, logger: logger), successTerminationBehavior: .ignore)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(Int64(configuration.gracePeriod * 1000))
        // No cancellation deadline of ServiceLifecycle's own: it ends the process with a fatal error (a crash, not an
        // exit code); the watchdog ends it 3 s after the grace period instead, with the forced stop's code.
        groupConfiguration.maximumCancellationDuration = nil
        let group = ServiceGroup(configuration: groupConfiguration)
        do { try await group.run() } catch {
            logger.notice("stopped", metadata: ["error": .string(String(describing: error))])
            throw error
        }
        logger.notice("stopped")
    }
}

/// Ends the process a bounded time after a graceful shutdown begins, from a thread of its own: whatever holds the
/// server (a client that never reads, a log nobody reads, a stuck task), SIGTERM stops it within its grace period
/// and the cancellation time. A process ended this way exits 75 (`FailureKind.forcedStop`), so that a supervisor can
/// tell it from a clean stop.
struct ShutdownWatchdog: Service {
    let seconds: Double

    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        logger.notice("shutting down: no new connections; requests in flight get the grace period",
                      metadata: ["grace_period": .stringConvertible(seconds - 3)])
        let seconds = seconds
        let thread = Thread {
            Thread.sleep(forTimeInterval: seconds)
            _exit(FailureKind.forcedStop.exitCode ?? 75)
        }
        thread.name = "alertkit.serve.watchdog"
        thread.start()
    }
}
