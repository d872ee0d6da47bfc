import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// `alertkit serve`: the presenters and emitters over HTTP, on Hummingbird. Binds to loopback unless told otherwise,
/// masks sensitive values unless started with `allowReveal`, and shuts down gracefully on SIGTERM and SIGINT.
public enum AlertServer {
    /// The application for `configuration`: templates and catalogs loaded, routes and middleware in place.
    /// `onServerRunning` is told the bound port (useful with port 0).
    public static func application(
        _ configuration: ServerConfiguration, logger: Logger = Logger(label: "alertkit.serve"),
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        try configuration.check()
        let service = try AlertService(configuration: configuration)
        let tokens = try configuration.tokenFile.map(BearerTokens<BasicRequestContext>.load(file:))
        let metrics = ServerMetrics()
        let router = Router(context: BasicRequestContext.self)
        router.middlewares.add(RequestLogging(logger: logger, metrics: metrics))
        if let tokens { router.middlewares.add(BearerTokens(tokens: tokens)) }
        Routes(service: service, metrics: metrics).add(to: router)
        return Application(
            router: router,
            server: .http1(configuration: .init(idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "alertkit"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }

    /// Serves until SIGTERM or SIGINT, then lets requests in flight finish for the grace period and returns.
    public static func run(_ configuration: ServerConfiguration, logger: Logger = Logger(label: "alertkit.serve"),
                           onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        signal(SIGPIPE, SIG_IGN)  // a client gone mid-answer is an error to handle, not a reason to die
        let application = try application(configuration, logger: logger, onServerRunning: onServerRunning)
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: application, successTerminationBehavior: .gracefullyShutdownGroup)],
            gracefulShutdownSignals: [.sigterm, .sigint],
            logger: logger)
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(Int64(configuration.gracePeriod * 1000))
        groupConfiguration.maximumCancellationDuration = .seconds(2)
        let group = ServiceGroup(configuration: groupConfiguration)
        try await group.run()
    }
}
