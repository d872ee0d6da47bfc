import AlertBatch
import Foundation
import Hummingbird

/// Bytes handed from one side of a `/v1/batch` stream to the other, bounded: the writer waits while the channel is
/// full (back-pressure), the reader while it is empty. Two carry each stream: the request body, from the response's
/// task to the batch reader's thread (which reads it as any feed: `ByteSource`), and the output lines, from the
/// batch's writer thread back to the task. Neither body is ever held whole, and nothing goes through a pipe.
final class ByteChannel: ByteSource, @unchecked Sendable {
    private let condition = NSCondition()
    /// The bytes put and not yet taken.
    private var pending = ByteBuffer()
    private var finished = false
    private var abandoned = false
    private let limit: Int
    private let isStopped: @Sendable () -> Bool

    /// A channel that holds at most about `limit` bytes. Its `ByteSource` reader stops waiting (`BatchStopped`)
    /// once `isStopped` says so.
    init(limit: Int, isStopped: @escaping @Sendable () -> Bool = { false }) {
        self.limit = limit
        self.isStopped = isStopped
    }

    /// Adds `bytes`, waiting while the channel is full; false once the reader has gone (drop the rest). Blocks:
    /// call it off the concurrency pool's threads.
    func put(_ bytes: some Collection<UInt8>) -> Bool {
        put { $0.writeBytes(bytes) }
    }

    /// Adds `buffer`, as `put(_:)` does.
    func put(_ buffer: ByteBuffer) -> Bool {
        var buffer = buffer
        return put { $0.writeBuffer(&buffer) }
    }

    private func put(_ write: (inout ByteBuffer) -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pending.readableBytes >= limit && !abandoned { condition.wait() }
        guard !abandoned else { return false }
        if pending.capacity == 0 { pending.reserveCapacity(limit) }
        write(&pending)
        condition.broadcast()
        return true
    }

    /// No more bytes will come.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The reader has gone: what is pending is dropped, and writers stop waiting.
    func abandon() {
        condition.lock()
        abandoned = true
        pending = ByteBuffer()
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the reader has gone.
    var isAbandoned: Bool { condition.withLock { abandoned } }

    /// Everything ready, waiting until something is; nil once finished (or abandoned) and empty. Blocks: call it off
    /// the concurrency pool's threads.
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

    /// As a `ByteSource`: up to `buffer.count` bytes, waiting until some come; 0 once finished and empty.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        condition.lock()
        defer { condition.unlock() }
        while pending.readableBytes == 0 && !finished && !abandoned {
            if isStopped() { throw BatchStopped() }
            _ = condition.wait(until: Date(timeIntervalSinceNow: 0.1))  // a stop is seen within a tenth of a second
        }
        let count = min(buffer.count, pending.readableBytes)
        guard count > 0 else { return 0 }
        pending.withUnsafeReadableBytes { bytes in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[..<count])) }
        pending.moveReaderIndex(forwardBy: count)
        if pending.readableBytes == 0 { pending.clear() }
        condition.broadcast()
        return count
    }
}
