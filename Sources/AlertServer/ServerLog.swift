import Foundation
import Logging
import Synchronization

/// The server's log: lines go into a bounded buffer that one thread of its own writes out, so that writing a log
/// line never blocks serving. When the reader of the log (a pipe, a collector) stalls, the buffer fills and later
/// lines are dropped and counted (`alertkit_log_lines_dropped_total`) instead of stopping requests, the metrics
/// and shutdown behind a blocked write.
public final class ServerLog: Sendable {
    private let state = Mutex(State())
    private let signal = DispatchSemaphore(value: 0)
    private let descriptor: Int32
    /// The most bytes held unwritten.
    public let capacity: Int

    private struct State {
        var lines: [[UInt8]] = []
        var bytes = 0
        var dropped = 0
    }

    /// A log written to `descriptor` (standard error by default), holding at most `capacity` bytes unwritten.
    public init(descriptor: Int32 = 2, capacity: Int = 1 << 20) {
        self.descriptor = descriptor
        self.capacity = capacity
        let thread = Thread { [self] in drain() }  // the log lives as long as the process
        thread.name = "alertkit.serve.log"
        thread.start()
    }

    /// Writes what comes, for good: on its own thread, so that a blocked write blocks only it.
    private func drain() {
        while true {
            signal.wait()
            let lines = state.withLock { state -> [[UInt8]] in
                defer {
                    state.lines.removeAll(keepingCapacity: true)
                    state.bytes = 0
                }
                return state.lines
            }
            for line in lines { Self.write(line, to: descriptor) }
        }
    }

    /// How many lines were dropped because the buffer was full.
    public var dropped: Int { state.withLock { $0.dropped } }

    /// Adds a line (its newline included), or drops it when the buffer is full.
    func append(_ line: [UInt8]) {
        let added = state.withLock { state -> Bool in
            guard state.bytes + line.count <= capacity else {
                state.dropped += 1
                return false
            }
            state.lines.append(line)
            state.bytes += line.count
            return true
        }
        if added { signal.signal() }
    }

    /// A logger whose lines go to this log, at `level`.
    public func logger(label: String, level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: label) { label in Handler(label: label, log: self) }
        logger.logLevel = level
        return logger
    }

    private static func write(_ line: [UInt8], to descriptor: Int32) {
        _ = line.withUnsafeBytes { writeAll($0, to: descriptor) }  // a log gone: nothing to do but go on serving
    }

    /// Formats a record as one line: time, level, label, message, then the metadata as `key=value` in key order.
    struct Handler: LogHandler {
        let label: String
        let log: ServerLog
        var logLevel: Logger.Level = .info
        var metadata: Logger.Metadata = [:]

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            var all = metadata
            if let explicit = event.metadata { all.merge(explicit) { $1 } }
            var text = Date().formatted(.iso8601) + " \(event.level) \(label): \(event.message)"
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { text += " \(key)=\(value)" }
            text = text.replacingOccurrences(of: "\n", with: "\\n") + "\n"
            log.append(Array(text.utf8))
        }
    }
}
