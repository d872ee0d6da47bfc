import Dispatch
import Foundation
import Synchronization

/// The read timeout of request bodies: each body being read registers its deadline and how to stop its read, and
/// one timer, four times a second, stops the reads that ran out of time. (A timer or a sleeping task per request
/// costs more: a cancelled `Task.sleep` holds its memory until its deadline, 170 MB at 17,000 requests/s.)
final class ReadDeadlines: Sendable {
    private let table = Table()
    private let timer: Mutex<any DispatchSourceTimer>

    init() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "alertkit.serve.deadlines"))
        source.schedule(deadline: .now() + .milliseconds(250), repeating: .milliseconds(250), leeway: .milliseconds(50))
        source.setEventHandler { [table] in table.expire() }
        source.resume()
        timer = Mutex(source)
    }

    deinit { timer.withLock { $0.cancel() } }

    /// Registers a read that `stop` ends; gives the id to remove it with once done.
    func register(after seconds: Double, stop: @escaping @Sendable () -> Void) -> Int {
        table.register(ContinuousClock.now + .milliseconds(Int64(seconds * 1000)), stop: stop)
    }

    /// The read `id` is done.
    func remove(_ id: Int) { table.remove(id) }

    /// The reads in progress.
    private final class Table: Sendable {
        private struct Entry {
            var deadline: ContinuousClock.Instant
            var stop: @Sendable () -> Void
        }

        private let entries = Mutex<(next: Int, byID: [Int: Entry])>((0, [:]))

        func register(_ deadline: ContinuousClock.Instant, stop: @escaping @Sendable () -> Void) -> Int {
            entries.withLock { entries in
                entries.next += 1
                entries.byID[entries.next] = Entry(deadline: deadline, stop: stop)
                return entries.next
            }
        }

        func remove(_ id: Int) {
            _ = entries.withLock { $0.byID.removeValue(forKey: id) }
        }

        /// Stops the reads past their deadline.
        func expire() {
            let now = ContinuousClock.now
            let expired = entries.withLock { entries -> [Entry] in
                let late = entries.byID.filter { $0.value.deadline <= now }
                for id in late.keys { entries.byID[id] = nil }
                return Array(late.values)
            }
            for entry in expired { entry.stop() }
        }
    }
}
