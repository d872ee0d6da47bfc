import Foundation

/// Reads a file descriptor in large blocks and hands out lines or bytes, so a feed of any size streams
/// through a fixed buffer.
final class ByteReader {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var finished = false

    /// Reads `descriptor`; closes it when done if `closes`.
    init(descriptor: Int32, closes: Bool, blockSize: Int = 1 << 20) {
        self.descriptor = descriptor
        self.closesDescriptor = closes
        self.buffer = [UInt8](repeating: 0, count: blockSize)
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    /// The next line without its `\n` (and without a `\r` before it); `nil` at the end.
    func nextLine() throws -> ArraySlice<UInt8>? {
        var scanFrom = start
        while true {
            if let newline = buffer[scanFrom..<end].firstIndex(of: 0x0A) {
                var line = buffer[start..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                start = newline + 1
                return line
            }
            if finished {
                guard start < end else { return nil }
                var line = buffer[start..<end]
                if line.last == 0x0D { line = line.dropLast() }
                start = end
                return line
            }
            scanFrom = end - start
            try fill()
            scanFrom = start + scanFrom
        }
    }

    /// The next byte, without consuming it; `nil` at the end.
    func peek() throws -> UInt8? {
        if start == end {
            guard !finished else { return nil }
            try fill()
            if start == end { return nil }
        }
        return buffer[start]
    }

    /// Consumes and returns the next byte; `nil` at the end.
    func next() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        start += 1
        return byte
    }

    /// Moves unread bytes to the front and reads more, growing the buffer when a line fills it.
    private func fill() throws {
        if start > 0 {
            buffer.withUnsafeMutableBufferPointer { pointer in
                _ = memmove(pointer.baseAddress!, pointer.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        if end == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            read(descriptor, pointer.baseAddress! + end, pointer.count - end)
        }
        if count < 0 {
            if errno == EINTR { return }
            throw BatchInputError(String(cString: strerror(errno)))
        }
        if count == 0 { finished = true }
        end += count
    }
}

/// An input that cannot be read.
public struct BatchInputError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    init(_ description: String) { self.description = description }
}
