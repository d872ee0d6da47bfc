import ServiceLifecycle
import UnixSignals

/// Runs `reload` at each SIGHUP, as nginx and Prometheus do, until the server shuts down. A reload runs on this
/// service's task, one at a time; requests go on being served with what was loaded before until it is done.
struct ReloadOnHangup: Service {
    let reload: @Sendable () -> Void

    func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        for await _ in hangups.cancelOnGracefulShutdown() { reload() }
    }
}
