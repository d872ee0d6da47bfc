import Foundation

/// Buffered writes to a file descriptor (standard output, or an errors file), in large blocks.
public final class DescriptorWriter {
    private let descriptor: Int32
    private let closes: Bool
    private var buffer: [UInt8] = []
    private let capacity: Int

    /// Writes to `descriptor`; closes it on `close()` if `closes`.
    public init(descriptor: Int32, closes: Bool = false, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        self.closes = closes
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Creates (or truncates) a file to write to.
    public convenience init(path: String) throws(BatchInputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw BatchInputError("\(path): cannot be written (\(String(cString: strerror(errno))))") }
        self.init(descriptor: descriptor, closes: true)
    }

    /// How many bytes wait in the buffer.
    public var buffered: Int { buffer.count }

    /// How many bytes of the buffer went out before the last write that failed (a disk that filled up midway takes
    /// part of a block): what a caller counts as written. 0 until a write fails.
    public private(set) var writtenBeforeFailure = 0

    /// Appends bytes, writing the buffer out when it is full.
    public func write(_ bytes: [UInt8]) throws(BatchInputError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes out what is buffered.
    public func flush() throws(BatchInputError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }  // what went out is not written again by a later flush
        var written = 0
        do { try Self.writeAll(buffer, to: descriptor, written: &written) } catch {
            writtenBeforeFailure = written
            throw error
        }
    }

    /// Writes every byte to `descriptor`, again after an interrupted or partial write.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(BatchInputError) {
        var written = 0
        try writeAll(bytes, to: descriptor, written: &written)
    }

    /// `writeAll(_:to:)`, counting in `written` the bytes that went out, also when a write fails.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, written: inout Int) throws(BatchInputError) {
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw BatchInputError(String(cString: strerror(errno))) }
            written += count
        }
    }

    /// Flushes and, if it owns the descriptor, closes it.
    public func close() throws(BatchInputError) {
        defer { if closes { _ = Foundation.close(descriptor) } }
        try flush()
    }
}
