import Foundation
import Metrics
import Synchronization

/// The process's own figures, read from `/proc/self` at each scrape under Prometheus' usual names:
/// `process_resident_memory_bytes`, `process_virtual_memory_bytes`, `process_cpu_seconds_total`, `process_open_fds`,
/// `process_max_fds` and `process_start_time_seconds`. Where `/proc` is missing (not Linux), nothing is recorded.
final class ProcessMetrics: Sendable {
    /// CPU seconds already counted, so that each scrape adds what is new.
    private let counted = Mutex(0.0)

    /// Records the figures into `factory`'s registry.
    func record(into factory: any MetricsFactory) {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return }
        // The fields after the command name's `)`: state is field 3, utime 14, stime 15, starttime 22, vsize 23, rss 24.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        func field(_ number: Int) -> Double? { fields.count > number - 3 ? Double(fields[number - 3]) : nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK))), page = Double(sysconf(Int32(_SC_PAGESIZE)))
        if let user = field(14), let system = field(15), ticks > 0 {
            let total = (user + system) / ticks
            let new = counted.withLock { counted in
                defer { counted = max(counted, total) }
                return max(0, total - counted)
            }
            FloatingPointCounter(label: "process_cpu_seconds_total", factory: factory).increment(by: new)
        }
        if let virtual = field(23) { Gauge(label: "process_virtual_memory_bytes", factory: factory).record(virtual) }
        if let resident = field(24) { Gauge(label: "process_resident_memory_bytes", factory: factory).record(resident * page) }
        if let start = field(22), ticks > 0, let boot = Self.bootTime {
            Gauge(label: "process_start_time_seconds", factory: factory).record(boot + start / ticks)
        }
        if let open = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            Gauge(label: "process_open_fds", factory: factory).record(open.count)
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            Gauge(label: "process_max_fds", factory: factory).record(Double(limit.rlim_cur))
        }
    }

    /// When the machine booted, in seconds since the epoch (`btime` of `/proc/stat`).
    static let bootTime: Double? = {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst("btime ".count))
        }
        return nil
    }()
}
