import Foundation

/// Reads a `ByteSource` in large blocks into a window that readers look ahead in and then consume, so a feed of any
/// size streams through a buffer that holds only what is being looked at.
final class ByteReader {
    private let source: any ByteSource
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var finished = false

    /// Reads `source`, `blockSize` bytes at a time at first (the window grows when one record needs more).
    init(source: any ByteSource, blockSize: Int = 1 << 20) {
        self.source = source
        self.buffer = [UInt8](repeating: 0, count: blockSize)
    }

    /// How many bytes the window holds now.
    var count: Int { end - start }

    /// Makes the window hold at least `count` bytes, unless the input ends first; says whether it does.
    func ensure(_ count: Int) throws -> Bool {
        while end - start < count {
            if finished { return false }
            try fill()
        }
        return true
    }

    /// Whether reading the next record may wait for input: the input has not ended, the window holds no line feed
    /// after its first byte that is not white space, `,` or `]` (the next record's end may be beyond it), and the
    /// source has nothing to hand over now.
    var mayWait: Bool {
        guard !finished else { return false }
        var index = start
        while index < end, JSONScanner.isWhitespace(buffer[index]) || buffer[index] == 0x2C || buffer[index] == 0x5D { index += 1 }
        if index < end, buffer[index..<end].contains(0x0A) { return false }
        return !source.hasInputNow
    }

    /// The byte at `offset` in the window, reading more if needed; `nil` past the end of the input.
    @inline(__always)
    func byte(at offset: Int) throws -> UInt8? {
        if start + offset < end { return buffer[start + offset] }
        guard try ensure(offset + 1) else { return nil }
        return buffer[start + offset]
    }

    /// Where a search for a byte ended.
    enum Search: Equatable {
        /// At this offset in the window.
        case found(Int)
        /// The input ended first.
        case end
        /// Not within the bytes the search was allowed to look at.
        case beyond
    }

    /// The offset of the next `byte` at or after `offset` among the window's first `limit` bytes, reading more
    /// as needed (the window grows to `limit` bytes at most).
    func find(_ byte: UInt8, from offset: Int, before limit: Int) throws -> Search {
        var from = offset
        while true {
            let stop = min(end, start + limit)
            if start + from < stop, let found = buffer[(start + from)..<stop].firstIndex(of: byte) { return .found(found - start) }
            if end - start >= limit { return .beyond }
            from = max(from, end - start)
            if finished { return .end }
            try fill()
        }
    }

    /// Bytes `range` of the window (which must hold them).
    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> {
        buffer[(start + range.lowerBound)..<(start + range.upperBound)]
    }

    /// Drops the first `count` bytes of the window; returns how many line feeds they held.
    @discardableResult
    func consume(_ count: Int) -> Int {
        let lines = buffer.withUnsafeBufferPointer { pointer in
            var lines = 0
            var cursor = pointer.baseAddress! + start
            let stop = pointer.baseAddress! + start + count
            while cursor < stop, let found = memchr(cursor, 0x0A, stop - cursor) {
                lines += 1
                cursor = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return lines
        }
        start += count
        return lines
    }

    /// Moves the window to the front and reads more, growing the buffer when the window fills it.
    private func fill() throws {
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { pointer in
                _ = memmove(pointer.baseAddress!, pointer.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let count = try buffer.withUnsafeMutableBytes { bytes in
            try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[end...]))
        }
        if count == 0 { finished = true }
        end += count
    }
}

/// Reading stopped because a stop was requested (a signal), not because the input ended.
public struct BatchStopped: Error {
    /// A stop (a `ByteSource` throws it when asked to stop while waiting for input).
    public init() {}
}

/// An input that cannot be read.
public struct BatchInputError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// An error that says `description`.
    public init(_ description: String) { self.description = description }
}
