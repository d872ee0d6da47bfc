import AlertJSON
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
    /// How each record is written.
    public let format: Format

    /// A record as one line of `key=value` pairs, or as one JSON object (for a log collector).
    public enum Format: String, Sendable {
        case text, json
    }

    private struct State {
        var lines: [[UInt8]] = []
        var bytes = 0
        var dropped = 0
        /// Lines taken by the writer and not yet written.
        var writing = 0
    }

    /// A log written to `descriptor` (standard error by default), holding at most `capacity` bytes unwritten.
    public init(descriptor: Int32 = 2, capacity: Int = 1 << 20, format: Format = .text) {
        self.descriptor = descriptor
        self.capacity = capacity
        self.format = format
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
                    state.writing = state.lines.count
                    state.lines.removeAll(keepingCapacity: true)
                    state.bytes = 0
                }
                return state.lines
            }
            for line in lines { Self.write(line, to: descriptor) }
            state.withLock { $0.writing = 0 }
        }
    }

    /// Waits until every line appended so far is written, for at most `seconds` (a reader that stalls does not hold
    /// the process): what the last lines before an exit need.
    public func flush(within seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while state.withLock({ !$0.lines.isEmpty || $0.writing > 0 }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.005)
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

    /// Formats a record as one line: time, level, label, message, then the metadata as `key=value` in key order; or,
    /// as JSON, `{"time", "level", "label", "message", …}` with the metadata's keys after them, values as strings.
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
            if log.format == .json {
                var line = JSONLine(capacity: 256)
                line.add("time", Date().formatted(.iso8601))
                line.add("level", event.level.rawValue)
                line.add("label", label)
                line.add("message", "\(event.message)")
                for (key, value) in all.sorted(by: { $0.key < $1.key }) where !["time", "level", "label", "message"].contains(key) {
                    line.add(key, "\(value)")
                }
                return log.append(line.finished())
            }
            var text = Date().formatted(.iso8601) + " \(event.level) \(label): \(event.message)"
            for (key, value) in all.sorted(by: { $0.key < $1.key }) { text += " \(key)=\(value)" }
            text = text.replacingOccurrences(of: "\n", with: "\\n") + "\n"
            log.append(Array(text.utf8))
        }
    }
}
