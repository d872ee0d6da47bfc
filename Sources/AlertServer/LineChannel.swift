import Foundation

/// Output lines handed from a batch's writer thread to the response's task, bounded: the writer waits while the
/// client is slow to read (back-pressure), the reader waits while nothing is ready.
final class LineChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var finished = false
    private var abandoned = false
    private let limit: Int

    /// A channel that holds at most about `limit` bytes.
    init(limit: Int = 1 << 20) { self.limit = limit }

    /// Adds a line, waiting while the channel is full; false once the reader has gone (drop the rest).
    func put(_ line: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pending.count >= limit && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        pending += line
        condition.broadcast()
        return true
    }

    /// No more lines will come.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The reader has gone: writers stop waiting.
    func abandon() {
        condition.lock()
        abandoned = true
        pending = []
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the reader has gone.
    var isAbandoned: Bool { condition.withLock { abandoned } }

    /// Everything ready, waiting until something is; nil once finished and empty. Blocks: call it off the
    /// concurrency pool's threads.
    func take() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty && !finished && !abandoned { condition.wait() }
        guard !pending.isEmpty else { return nil }
        let out = pending
        pending = []
        pending.reserveCapacity(min(out.count, limit))
        condition.broadcast()
        return out
    }
}
