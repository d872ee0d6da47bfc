import AlertModel
import Metrics
import Synchronization
import Prometheus

/// The server's metrics, through swift-metrics into a Prometheus registry of the server's own (no process-wide
/// metrics system is bootstrapped): requests by route and status, latency by route, alerts rendered by format,
/// rejected bodies by reason, batch streams in flight, the build and the process (memory, CPU, descriptors).
/// `GET /metrics` writes the registry in Prometheus' text format.
struct ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let logDrops = Counted()
    private let process = ProcessMetrics()

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5), .seconds(30),
        ]
        self.factory = factory
    }

    /// Counts a request and records how long it took.
    func request(route: String, method: String, status: Int, nanoseconds: Int64) {
        Counter(label: "alertkit_http_requests_total",
                dimensions: [("route", route), ("method", method), ("status", String(status))], factory: factory).increment()
        Metrics.Timer(label: "alertkit_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            .recordNanoseconds(nanoseconds)
    }

    /// Counts alerts rendered in `format`.
    func rendered(format: String, count: Int = 1) {
        Counter(label: "alertkit_alerts_rendered_total", dimensions: [("format", format)], factory: factory).increment(by: count)
    }

    /// Counts a document fitted into its receiver's limits (`DocumentFit`) by format.
    func fitted(format: String, count: Int = 1) {
        Counter(label: "alertkit_documents_fitted_total", dimensions: [("format", format)], factory: factory).increment(by: count)
    }

    /// Counts a rejected body (or batch line) by why: its kind's label (`FailureKind.metricLabel`: `not_json`,
    /// `invalid_alert`, `too_large`, `unsupported_media_type`, `timeout`…), the same for a render and a batch line.
    func rejected(reason: FailureKind, count: Int = 1) {
        Counter(label: "alertkit_rejected_total", dimensions: [("reason", reason.metricLabel)], factory: factory).increment(by: count)
    }

    /// Counts warnings (what an alert holds that was accepted but not understood, a document fitted into its
    /// receiver's limits) by format (`validate` for `/v1/validate`).
    func warned(format: String, count: Int) {
        Counter(label: "alertkit_warnings_total", dimensions: [("format", format)], factory: factory).increment(by: count)
    }

    /// Counts a `/v1/batch` stream closed on its client: `slow` (its body under the minimum rate), `stalled` (its
    /// answer not read for the idle timeout).
    func streamStopped(reason: String) {
        Counter(label: "alertkit_batch_streams_stopped_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// Counts a connection the server closed before its request was read: `address_limit` (its client address
    /// already held `maxConnectionsPerAddress`), `head_timeout` (its request head not in within `headTimeout`).
    func connectionClosed(reason: String) {
        Counter(label: "alertkit_connections_closed_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// Sets how many connections are open now.
    func connections(open: Int) {
        Gauge(label: "alertkit_connections_open", factory: factory).record(open)
    }

    /// Sets how many `/v1/batch` streams run now.
    func batchStreams(active: Int) {
        Gauge(label: "alertkit_batch_streams_active", factory: factory).record(active)
    }

    /// Counts the log lines dropped so far because the log's reader was not keeping up (`count`: the log's own
    /// total, of which the counter takes what it has not counted yet).
    func logLinesDropped(_ count: Int) {
        let new = logDrops.value.withLock { counted in
            defer { counted = max(counted, count) }
            return max(0, count - counted)
        }
        Counter(label: "alertkit_log_lines_dropped_total", factory: factory).increment(by: new)
    }

    /// Counts a render stopped by a limit: `output` (over the document size limit), `timeout` (over the render
    /// timeout).
    func renderStopped(reason: String) {
        Counter(label: "alertkit_renders_stopped_total", dimensions: [("reason", reason)], factory: factory).increment()
    }

    /// Counts a reload (SIGHUP) by what came of it: `loaded`, or `failed` (the old templates and settings kept).
    func reloaded(result: String) {
        Counter(label: "alertkit_reloads_total", dimensions: [("result", result)], factory: factory).increment()
    }

    /// Records `alertkit_build_info{version, commit} 1` (the commit of a release build, else empty).
    func buildInfo(version: String, commit: String) {
        Gauge(label: "alertkit_build_info", dimensions: [("version", version), ("commit", commit)], factory: factory).record(1)
    }

    /// Records the process's memory, CPU time and descriptors (`ProcessMetrics`), as a scrape begins.
    func recordProcess() { process.record(into: factory) }

    /// The registry in Prometheus' text exposition format.
    func exposition() -> [UInt8] {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return bytes
    }
}

/// A count kept between scrapes.
private final class Counted: Sendable {
    let value = Mutex(0)
}
