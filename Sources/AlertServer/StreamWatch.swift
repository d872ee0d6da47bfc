import Dispatch
import NIOCore
import Synchronization

/// Watches one `/v1/batch` stream and closes its connection when the client holds the stream without using it: a
/// body that arrives under the minimum rate (averaged from the start, checked once the read timeout has passed),
/// or an answer the client stops reading (a write that waits longer than the idle timeout). Closing the connection
/// fails the stream's pending reads and writes, so its threads, descriptors and slot come back.
final class StreamWatch: @unchecked Sendable {  // the state behind a mutex; a dispatch source is thread-safe
    /// Why a stream was stopped.
    enum Reason: String, Sendable {
        case slow, stalled
    }

    private struct State {
        var bodyBytes = 0
        var bodyDone = false
        var writeStarted: ContinuousClock.Instant?
        var stopped: Reason?
    }

    private let state = Mutex(State())
    private let start = ContinuousClock.now
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
            let elapsed = Self.seconds(now - start)
            if !state.bodyDone, elapsed >= grace, Double(state.bodyBytes) < minRate * elapsed {
                state.stopped = .slow
            } else if let began = state.writeStarted, Self.seconds(now - began) >= writeTimeout {
                state.stopped = .stalled
            }
            return state.stopped
        }
    }

    /// Stops watching.
    func cancel() { source.cancel() }

    deinit { cancel() }

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
