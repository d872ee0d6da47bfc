import Foundation

/// Where a feed's bytes come from: a file descriptor (`DescriptorSource`: a file, standard input, a pipe), or
/// anything else that hands bytes over as they come, such as an HTTP request body (`alertkit serve` reads
/// `/v1/batch` bodies through one). `RecordStream(source:name:)` reads records from any of them.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer` and returns how many it read: 0 only at the end of the input.
    /// May wait until bytes come. Throws `BatchStopped` when a stop was requested while waiting, and an error
    /// (`BatchInputError`) when the input cannot be read.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int

    /// Whether a `read` now would return at once: bytes are there, or the input has ended or failed. A batch asks
    /// before it would wait, so that the records it holds are rendered and written rather than kept until more come.
    /// A source that never waits says `true` (the default).
    var hasInputNow: Bool { get }
}

extension ByteSource {
    /// A source that never waits: `true`.
    public var hasInputNow: Bool { true }
}

/// The bytes of an open file descriptor. Pipes, terminals and sockets are polled before each read, so that a stop
/// request is seen while waiting for them.
public final class DescriptorSource: ByteSource {
    private let descriptor: Int32
    private let closesDescriptor: Bool
    private let polls: Bool
    private let isStopped: @Sendable () -> Bool

    /// Reads `descriptor`, and closes it when done if `closes`. `isStopped` is asked while waiting for a pipe or a
    /// terminal: when it says yes, reading throws `BatchStopped`.
    public init(descriptor: Int32, closes: Bool, isStopped: @escaping @Sendable () -> Bool = { false }) {
        self.descriptor = descriptor
        self.closesDescriptor = closes
        self.isStopped = isStopped
        var status = stat()
        polls = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
    }

    deinit {
        if closesDescriptor { close(descriptor) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if polls { try waitForInput() }
            let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            guard errno == EINTR else { throw BatchInputError(String(cString: strerror(errno))) }
            if isStopped() { throw BatchStopped() }
        }
    }

    /// A regular file never waits; a pipe, terminal or socket is asked without waiting (`poll` with no timeout).
    public var hasInputNow: Bool {
        guard polls else { return true }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) != 0  // ready, ended, or failed (a read reports which)
    }

    /// Waits until the descriptor has input (or an end or error to report), checking for a stop ten times a second.
    private func waitForInput() throws {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            if isStopped() { throw BatchStopped() }
            let ready = poll(&request, 1, 100)
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }
}

/// Bytes already in memory, handed over at most `chunk` at a time: a feed built in a program, or, with a small
/// `chunk`, a test of how a reader copes with input that arrives in pieces.
public final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private let chunk: Int
    private var offset = 0

    /// A source of `bytes`, `chunk` bytes at a time at most (at least one).
    public init(_ bytes: [UInt8], chunk: Int = .max) {
        self.bytes = bytes
        self.chunk = max(1, chunk)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(chunk, buffer.count, bytes.count - offset)
        buffer.copyBytes(from: bytes[offset..<(offset + count)])
        offset += count
        return count
    }
}
