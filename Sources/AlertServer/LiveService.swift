import AlertModel
import AlertRendering
import Foundation
import Logging
import Synchronization

/// What the server serves with now: the service (templates, catalogs, settings) and the bearer tokens. A request
/// takes one snapshot when it starts and keeps it to its end; a reload (SIGHUP) puts a whole new one in place only
/// once it has loaded and checked, so that a broken templates folder or configuration keeps the last good one.
final class LiveService: Sendable {
    private struct Snapshot: Sendable {
        var service: AlertService
        var tokens: [[UInt8]]?
        /// What the last reload did, for the logs and the tests: `nil` before any.
        var lastReload: Reload?
    }

    /// Everything a request or a reload reads, under one lock.
    private let snapshot: Mutex<Snapshot>

    /// What a reload found.
    enum Reload: Sendable, Equatable {
        case loaded
        case failed(String)
    }

    init(service: AlertService, tokens: [[UInt8]]?) {
        snapshot = Mutex(Snapshot(service: service, tokens: tokens))
    }

    /// The service now.
    var service: AlertService { snapshot.withLock { $0.service } }

    /// The bearer tokens now; `nil` when no token is needed.
    var tokens: [[UInt8]]? { snapshot.withLock { $0.tokens } }

    /// What the last reload did.
    var reloaded: Reload? { snapshot.withLock { $0.lastReload } }

    /// Loads everything again from `configuration` (what the command reads from its flags, `--config` and the
    /// stored settings): the templates and catalogs of every locale, the product settings, the limits, the tokens.
    /// Only a whole, checked load replaces what is served; the listening address and the connection rules stay as the
    /// server started (each change of them is named: a restart applies it).
    func reload(_ configuration: () throws -> ServerConfiguration, extensions: AlertExtensions, metrics: ServerMetrics,
                logger: Logger) {
        let old = service.configuration
        do {
            var configuration = try configuration()
            try configuration.check()
            let fixed = ServerConfiguration.restartOnly.filter { configuration.differs(from: old, in: $0) }
            if !fixed.isEmpty {
                logger.warning("reload: these settings take a restart; serving with the old ones",
                               metadata: ["settings": .string(fixed.joined(separator: ", "))])
            }
            configuration.keepRestartOnly(of: old)
            let previous = self.service
            let service = try AlertService.checked(configuration, extensions: extensions)
            // A format that loaded before and does not now is a broken reload, --strict or not: the old one stays.
            let before = Set(previous.formats.broken.map(\.format.name))
            if let broken = service.formats.broken.first(where: { !before.contains($0.format.name) }) {
                throw ServerConfigurationError("the format \(broken.format.name) does not load: \(broken.error)")
            }
            let tokens = try configuration.tokenFile.map(BearerTokens<AlertRequestContext>.load(file:))
            // Authentication is never turned off by a reload: a server started with tokens keeps needing one.
            if self.tokens != nil, tokens == nil {
                throw ServerConfigurationError("the reloaded settings name no token file, and this server needs tokens; "
                                               + "a restart can serve without them")
            }
            if let tokens, tokens != self.tokens {
                logger.notice("reload: the bearer tokens changed", metadata: ["tokens": .stringConvertible(tokens.count)])
            }
            snapshot.withLock { $0 = Snapshot(service: service, tokens: tokens, lastReload: .loaded) }
            metrics.reloaded(result: "loaded")
            logger.notice("reload: templates, catalogs and settings loaded", metadata: Self.summary(of: service))
            service.logWarnings(to: logger)
        } catch {
            snapshot.withLock { $0.lastReload = .failed(String(describing: error)) }
            metrics.reloaded(result: "failed")
            logger.error("reload failed: serving with the templates, catalogs and settings loaded before",
                         metadata: ["error": .string(String(describing: error))])
        }
    }

    /// What a start or reload line says the service has: templates folder, formats, locales, broken formats.
    static func summary(of service: AlertService) -> Logger.Metadata {
        [
            "templates": .string(service.configuration.templates ?? "none"),
            "formats": .stringConvertible(service.formats.formats.count),
            "locales": .string(service.pipelines.keys.sorted().joined(separator: ",")),
            "broken": .string(service.formats.broken.map(\.format.name).joined(separator: ",")),
        ]
    }
}
