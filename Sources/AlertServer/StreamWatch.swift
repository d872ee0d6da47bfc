import Dispatch
import NIOCore
import Synchronization

/// Watches one `/v1/batch` stream and closes its connection when the client holds the stream without using it: a
/// body that arrives under the minimum rate (in each window of `grace` seconds, so that a burst cannot buy a long
/// trickle; time the server itself is not reading, its workers busy or its answer unread, does not count), or an
/// answer the client stops reading (a write that waits longer than the idle timeout). Closing the connection
/// fails the stream's pending reads and writes, so its threads, descriptors and slot come back.
final class StreamWatch: @unchecked Sendable {  // the state behind a mutex; a dispatch source is thread-safe
    /// Why a stream was stopped.
    enum Reason: String, Sendable {
        case slow, stalled
    }

    private struct State {
        var bodyBytes = 0
        var bodyDone = false
        /// Whether the server is not taking the body now (a full pipe to its workers).
        var serverBusy = false
        /// Where the current rate window began: when, and the body's bytes then.
        var window: (start: ContinuousClock.Instant, bytes: Int)
        var writeStarted: ContinuousClock.Instant?
        var stopped: Reason?
    }

    private let state = Mutex(State(window: (ContinuousClock.now, 0)))
    private let source: any DispatchSourceTimer

    /// Watches a stream on `channel`: a body must come at `minRate` bytes a second from `grace` seconds on, a write
    /// must finish within `writeTimeout` seconds; `stopped` is told why a stream was closed.
    init(channel: any Channel, minRate: Double, grace: Double, writeTimeout: Double,
         stopped: @escaping @Sendable (Reason) -> Void) {
        source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "alertkit.serve.watch"))
        source.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250), leeway: .milliseconds(50))
        source.setEventHandler { [weak self] in
            guard let self, let reason = self.verdict(minRate: minRate, grace: grace, writeTimeout: writeTimeout) else { return }
            stopped(reason)
            channel.close(promise: nil)
        }
        source.resume()
    }

    /// Why the stream must stop now, once: nil while it keeps to its rate and its writes finish.
    private func verdict(minRate: Double, grace: Double, writeTimeout: Double) -> Reason? {
        let now = ContinuousClock.now
        return state.withLock { state -> Reason? in
            guard state.stopped == nil else { return nil }
            if state.serverBusy || state.bodyDone {
                state.window = (now, state.bodyBytes)  // the client is not the one waited on
            } else if Self.seconds(now - state.window.start) >= grace {
                let elapsed = Self.seconds(now - state.window.start)
                if Double(state.bodyBytes - state.window.bytes) < minRate * elapsed {
                    state.stopped = .slow
                } else {
                    state.window = (now, state.bodyBytes)
                }
            }
            if state.stopped == nil, let began = state.writeStarted, Self.seconds(now - began) >= writeTimeout {
                state.stopped = .stalled
            }
            return state.stopped
        }
    }

    /// Stops watching.
    func cancel() { source.cancel() }

    deinit { cancel() }

    /// Whether the server is taking the body (false while its workers' pipe is full).
    func serverBusy(_ busy: Bool) { state.withLock { $0.serverBusy = busy } }

    /// `count` more bytes of the body have come.
    func received(_ count: Int) { state.withLock { $0.bodyBytes += count } }

    /// The whole body has come (or its reading ended).
    func bodyEnded() { state.withLock { $0.bodyDone = true } }

    /// Why the stream was stopped, if it was.
    var stopReason: Reason? { state.withLock { $0.stopped } }

    /// Runs a write of the answer, timed.
    func writing<T>(_ write: () async throws -> T) async rethrows -> T {
        state.withLock { $0.writeStarted = ContinuousClock.now }
        defer { state.withLock { $0.writeStarted = nil } }
        return try await write()
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
