import Foundation

/// Runs records through a transform on several threads and hands the results back in input order,
/// with a bounded number of records in flight, so memory does not grow with the feed.
///
/// The caller's thread reads records into chunks; `jobs` workers transform whole chunks; one serial queue
/// receives the results and calls `emit` in input order. At most `2 × jobs` chunks wait for the writer, and the
/// reader holds one more while it waits for room.
public struct BatchRunner: Sendable {
    /// Worker threads.
    public var jobs: Int
    /// Records per chunk: large enough to keep hand-offs cheap, small enough to bound memory.
    public var chunkSize: Int

    /// Creates a runner.
    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, chunkSize: Int = 64) {
        self.jobs = min(max(1, jobs), 1024)
        self.chunkSize = max(1, chunkSize)
    }

    /// Reads every record from `read` (until it returns `nil` or `emit` returns `false`), transforms each with
    /// `transform` on the workers, and calls `emit` with each result in input order, on one thread at a time.
    /// Returns when every read record was emitted or, after `emit` returned `false`, dropped. `mayWait` is asked
    /// between records: when reading the next one may wait for input (a pipe that is quiet for now), the records
    /// read so far go to the workers at once, however few, and once they are emitted `flush` is called (on the
    /// emitting thread), so that what they wrote reaches its reader without waiting for more input.
    public func run<Result: Sendable>(
        read: () throws -> BatchRecord?,
        mayWait: () -> Bool = { false },
        transform: @escaping @Sendable (BatchRecord) -> Result,
        emit: @escaping @Sendable (BatchRecord, Result) -> Bool,
        flush: @escaping @Sendable () -> Void = {}
    ) rethrows {
        let workers = DispatchQueue(label: "alertkit.batch.workers", attributes: .concurrent)
        let writer = DispatchQueue(label: "alertkit.batch.writer")
        let inFlight = DispatchSemaphore(value: 2 * jobs)
        let running = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        let collector = OrderedCollector(emit: emit, flush: flush)
        defer { group.wait() }  // also when `read` throws: what was read is still emitted

        var chunkNumber = 0
        var done = false
        while !done && !collector.stopped {
            var chunk: [BatchRecord] = []
            chunk.reserveCapacity(chunkSize)
            var beforeWait = false
            while chunk.count < chunkSize {
                if !chunk.isEmpty && mayWait() { beforeWait = true; break }
                guard let record = try read() else { done = true; break }
                chunk.append(record)
            }
            if chunk.isEmpty { break }
            inFlight.wait()
            let number = chunkNumber
            chunkNumber += 1
            let records = chunk, flushes = beforeWait
            group.enter()
            workers.async {
                running.wait()
                let results = collector.stopped ? [] : records.map(transform)
                running.signal()
                writer.async {
                    collector.deliver(number, records: records, results: results, flushes: flushes) { inFlight.signal() }
                    group.leave()
                }
            }
        }
    }
}

/// Holds results that arrive out of order until their turn; touched only on the writer queue.
private final class OrderedCollector<Result: Sendable>: @unchecked Sendable {
    private let emit: @Sendable (BatchRecord, Result) -> Bool
    private let flush: @Sendable () -> Void
    private var next = 0
    private var waiting: [Int: (records: [BatchRecord], results: [Result], flushes: Bool)] = [:]
    private let lock = NSLock()
    private var isStopped = false

    init(emit: @escaping @Sendable (BatchRecord, Result) -> Bool, flush: @escaping @Sendable () -> Void) {
        self.emit = emit
        self.flush = flush
    }

    /// Whether `emit` asked to stop; read from any thread.
    var stopped: Bool { lock.withLock { isStopped } }

    /// Called on the writer queue: emits this chunk and any that were waiting for it, in order; after a chunk read
    /// before a wait for input, flushes.
    func deliver(_ number: Int, records: [BatchRecord], results: [Result], flushes: Bool, release: () -> Void) {
        waiting[number] = (records, results, flushes)
        while let (records, results, flushes) = waiting.removeValue(forKey: next) {
            next += 1
            if !stopped {
                // By index: zipping arrays of a generic element allocated an iterator's frame for each element.
                for index in records.indices where !emit(records[index], results[index]) {
                    lock.withLock { isStopped = true }
                    break
                }
                if flushes && !stopped { flush() }
            }
            release()
        }
    }
}
