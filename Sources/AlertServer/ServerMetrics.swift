import Metrics
import Prometheus

/// The server's metrics, through swift-metrics into a Prometheus registry of the server's own (no process-wide
/// metrics system is bootstrapped): requests by route and status, latency by route, alerts rendered by format,
/// rejected bodies by reason. `GET /metrics` writes the registry in Prometheus' text format.
struct ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory

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

    /// Counts a rejected body (or batch line) by why: `not_json`, `invalid`, `too_large`, `media_type`, `timeout`…
    func rejected(reason: String, count: Int = 1) {
        Counter(label: "alertkit_rejected_total", dimensions: [("reason", reason)], factory: factory).increment(by: count)
    }

    /// The registry in Prometheus' text exposition format.
    func exposition() -> [UInt8] {
        var bytes: [UInt8] = []
        registry.emit(into: &bytes)
        return bytes
    }
}
