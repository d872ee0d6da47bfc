import Foundation
import ServiceLifecycle
import UnixSignals

/// Runs `reload` at each SIGHUP, as nginx and Prometheus do, until the server shuts down. A reload runs on a thread
/// of its own, one at a time; requests go on being served with what was loaded before until it is done.
struct ReloadOnHangup: Service {
    let reload: @Sendable () -> Void

    func run() async throws {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        for await _ in hangups.cancelOnGracefulShutdown() {
            // A reload reads files and compiles templates: on a thread of its own, never one of the pool's few
            // threads that serve requests; one reload at a time, a SIGHUP during one waits for it.
            let reload = self.reload
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let thread = Thread {
                    reload()
                    done.resume()
                }
                thread.name = "alertkit-reload"
                thread.start()
            }
        }
    }
}
