import Foundation
import Hummingbird

/// Output lines handed from a batch's writer thread to the response's task, bounded: the writer waits while the
/// client is slow to read (back-pressure), the reader waits while nothing is ready.
final class LineChannel: @unchecked Sendable {
    private let condition = NSCondition()
    /// The lines ready, in the buffer the response writes (one copy of each line, into it).
    private var pending = ByteBuffer()
    private var finished = false
    private var abandoned = false
    private let limit: Int

    /// A channel that holds at most about `limit` bytes.
    init(limit: Int = 1 << 20) { self.limit = limit }

    /// Adds a line, waiting while the channel is full; false once the reader has gone (drop the rest).
    func put(_ line: [UInt8]) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pending.readableBytes >= limit && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        if pending.capacity == 0 { pending.reserveCapacity(min(limit + line.count, 2 * limit)) }
        pending.writeBytes(line)
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
        pending = ByteBuffer()
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the reader has gone.
    var isAbandoned: Bool { condition.withLock { abandoned } }

    /// Everything ready, waiting until something is; nil once finished and empty. Blocks: call it off the
    /// concurrency pool's threads.
    func take() -> ByteBuffer? {
        condition.lock()
        defer { condition.unlock() }
        while pending.readableBytes == 0 && !finished && !abandoned { condition.wait() }
        guard pending.readableBytes > 0 else { return nil }
        let out = pending
        pending = ByteBuffer()
        condition.broadcast()
        return out
    }
}
