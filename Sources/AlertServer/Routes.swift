import AlertJSON
import AlertBatch
import AlertModel
import AlertRendering
import Foundation
import Hummingbird
import Synchronization

/// The endpoints: `/v1/render`, `/v1/validate`, `/v1/batch`, `/v1/schema`, `/v1/formats`, `/v1/openapi.json`,
/// `/healthz`, `/readyz`, `/metrics` (the OpenAPI document describes them).
struct Routes: Sendable {
    /// What is served now: each request takes one snapshot of it (`service`), which a reload does not change.
    let live: LiveService
    let metrics: ServerMetrics
    /// The log, whose dropped lines `/metrics` counts.
    let log: ServerLog?
    /// The open connections, counted by client address, whose total `/metrics` gives.
    let connections: ClientConnections
    let batchStreams = BatchSlots()
    let deadlines = ReadDeadlines()

    /// Each path and the methods it answers (others get 405).
    static let allowed: [String: [HTTPRequest.Method]] = [
        "/v1/render": [.post], "/v1/validate": [.post], "/v1/batch": [.post], "/v1/schema": [.get], "/v1/formats": [.get],
        "/v1/openapi.json": [.get, .head], "/healthz": [.get, .head], "/readyz": [.get, .head], "/metrics": [.get, .head],
    ]

    /// The routes open without a token (GET and HEAD): the probes' and the API's description, which holds nothing of
    /// the server's but what its clients need to call it.
    static let open: Set<String> = ["/healthz", "/readyz", "/metrics", "/v1/openapi.json"]

    func add(to router: Router<AlertRequestContext>) {
        router.post("/v1/render") { request, _ in try await render(request, live.service) }
        router.post("/v1/validate") { request, _ in try await validate(request, live.service) }
        router.post("/v1/batch") { request, context in try batch(request, context: context, live.service) }
        router.get("/v1/schema") { _, _ in Self.json(JSONSchema.alertSchemaText, type: "application/schema+json") }
        router.get("/v1/formats") { _, _ in formats(live.service) }
        probe("/v1/openapi.json", on: router) { Self.json(OpenAPIDocument.text, type: "application/json") }
        probe("/healthz", on: router) { Self.json(#"{"status":"ok"}"# + "\n", type: "application/json") }
        probe("/readyz", on: router) {
            let service = live.service
            var locales: [UInt8] = [UInt8(ascii: "[")]
            for (index, locale) in service.pipelines.keys.sorted().enumerated() {
                if index > 0 { locales.append(UInt8(ascii: ",")) }
                JSONString.append(locale, to: &locales)
            }
            locales.append(UInt8(ascii: "]"))
            var object = JSONLine(capacity: 64 + locales.count)
            object.add("status", "ready")
            object.add("formats", service.formats.formats.count)
            object.add("locales", raw: locales)
            var broken: [UInt8] = [UInt8(ascii: "[")]  // names only: the files and lines are in the log
            for (index, format) in service.formats.broken.enumerated() {
                if index > 0 { broken.append(UInt8(ascii: ",")) }
                JSONString.append(format.format.name, to: &broken)
            }
            broken.append(UInt8(ascii: "]"))
            object.add("broken", raw: broken)
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: object.finished())))
        }
        probe("/metrics", on: router) {
            metrics.batchStreams(active: batchStreams.active)
            metrics.connections(open: connections.total)
            metrics.recordProcess()
            metrics.logLinesDropped(log?.dropped ?? 0)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
    }

    /// An open route (`Routes.open`): GET answers with `answer`, HEAD with its status and headers and no body.
    private func probe(_ path: RouterPath, on router: Router<AlertRequestContext>, _ answer: @escaping @Sendable () -> Response) {
        router.get(path) { _, _ in answer() }
        router.head(path) { _, _ in answer().createHeadResponse() }
    }

    private func options(_ request: Request, _ service: AlertService) throws(ProblemDetails) -> AlertService.Request {
        let query = request.uri.queryParameters
        func value(_ name: String) -> String? { query[name[...]].map(String.init) }
        return try service.request(format: value("format"), locale: value("locale"), fragment: value("fragment"),
                                   threshold: value("threshold"), reveal: value("reveal"), width: value("width"),
                                   date: value("date"))
    }

    private func render(_ request: Request, _ service: AlertService) async throws -> Response {
        let options = try options(request, service)
        let body = try await self.body(request, service)
        let rendered: (document: RenderedDocument, warnings: [ProblemDetails.Item])
        do { rendered = try service.render(body, options) } catch {
            // A body refused, not the server's own failure (a broken format, an internal error: 500).
            if let kind = error.kind, kind.rejectsRecord || (kind.httpStatus ?? 500) < 500 { metrics.rejected(reason: kind) }
            throw error
        }
        metrics.rendered(format: options.emitter.format.name)
        if !rendered.warnings.isEmpty { metrics.warned(format: options.emitter.format.name, count: rendered.warnings.count) }
        var buffer = ByteBuffer()
        buffer.reserveCapacity(rendered.document.count)
        rendered.document.forEachRun { buffer.writeBytes($0) }  // the shared runs straight in, not joined into an array first
        var headers: HTTPFields = [.contentType: options.emitter.format.mediaType]
        Self.addWarnings(rendered.warnings, to: &headers)
        if let fit = rendered.document.fit {
            // The rules are AlertKit's own words (`LimitFinding.rule`), never an alert's.
            headers[.init("AlertKit-Fitted")!] = fit.rules.joined(separator: ", ")
            metrics.fitted(format: options.emitter.format.name)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: buffer))
    }

    /// `AlertKit-Warnings: N` and, for each of the first ten, `AlertKit-Warning: POINTER MESSAGE`: what the alert holds
    /// that was accepted but not understood (an unknown match type). A byte outside visible ASCII and `%` are
    /// percent-encoded, so that no alert text can end or add a header field; each value is at most 512 bytes.
    static func addWarnings(_ warnings: [ProblemDetails.Item], to headers: inout HTTPFields) {
        guard !warnings.isEmpty else { return }
        headers[.init("AlertKit-Warnings")!] = String(warnings.count)
        var values: [String] = []
        for warning in warnings.prefix(10) {
            var value = ""
            for byte in (warning.pointer + " " + warning.message).utf8 {
                if (0x20...0x7E).contains(byte), byte != UInt8(ascii: "%") {
                    value.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    value += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
                }
                if value.utf8.count >= 509 { break }
            }
            values.append(value)
        }
        headers[values: .init("AlertKit-Warning")!] = values
    }

    private func validate(_ request: Request, _ service: AlertService) async throws -> Response {
        let locale = request.uri.queryParameters["locale"].map(String.init)
        let decoder = try service.decoder(locale: locale)
        let body = try await self.body(request, service)
        let found: (problems: [ProblemDetails.Item], warnings: [ProblemDetails.Item])
        do { found = try service.validate(body, with: decoder) } catch {
            metrics.rejected(reason: error.kind ?? .notJSON)
            throw error
        }
        if !found.warnings.isEmpty { metrics.warned(format: "validate", count: found.warnings.count) }
        var object = JSONLine(capacity: 128)
        object.add("valid", raw: Array((found.problems.isEmpty ? "true" : "false").utf8))
        object.add("problems", raw: ProblemDetails.list(found.problems))
        object.add("warnings", raw: ProblemDetails.list(found.warnings))
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: object.finished())))
    }

    private func batch(_ request: Request, context: AlertRequestContext, _ service: AlertService) throws -> Response {
        try Self.checkType(request, accepted: ["application/x-ndjson", "application/jsonl", "application/json"])
        let options = try options(request, service)
        guard batchStreams.acquire(limit: service.configuration.maxBatchStreams) else { throw ProblemDetails.busy }
        let stream = BatchStream(processor: service.processor(options), jobs: service.configuration.batchJobs)
        // The slot goes back when the body's closure is done with, run to the end or dropped unrun (a client gone
        // before the answer started).
        let slot = BatchSlots.Slot(batchStreams), metrics = metrics, format = options.emitter.format.name
        let configuration = service.configuration
        let notes = context.notes
        let watch = StreamWatch(channel: context.channel, minRate: configuration.batchMinRate, grace: configuration.readTimeout,
                                writeTimeout: configuration.idleTimeout) { reason in metrics.streamStopped(reason: reason.rawValue) }
        return Response(status: .ok, headers: [.contentType: "application/x-ndjson"], body: .init { writer in
            defer {
                watch.cancel()
                withExtendedLifetime(slot) {}
            }
            // The log line and the metrics count what the stream did, whole or cut (the line then says complete=false).
            let account = { @Sendable (counts: BatchStream.Counts) in
                notes.add(["rendered": .stringConvertible(counts.rendered), "rejected": .stringConvertible(counts.rejected),
                           "warnings": .stringConvertible(counts.warnings), "fitted": .stringConvertible(counts.fitted)])
                metrics.rendered(format: format, count: counts.rendered)
                if counts.fitted > 0 { metrics.fitted(format: format, count: counts.fitted) }
                for (reason, count) in counts.rejectedBy { metrics.rejected(reason: reason, count: count) }
                if counts.warnings > 0 { metrics.warned(format: format, count: counts.warnings) }
            }
            let counts = try await stream.run(body: request.body, writer: &writer, watch: watch) { account($0) }
            account(counts)
        })
    }

    private func formats(_ service: AlertService) -> Response {
        var list: [UInt8] = [UInt8(ascii: "[")]
        for (index, format) in service.formats.formats.enumerated() {
            if index > 0 { list.append(UInt8(ascii: ",")) }
            var object = JSONLine(capacity: 128)
            object.add("name", format.name)
            object.add("mediaType", format.mediaType)
            object.add("extension", format.fileExtension)
            object.add("summary", format.summary.hasPrefix("template ") ? "template"
                       : format.summary.hasPrefix("broken: ") ? "broken" : format.summary)
            list += object.closed()
        }
        list.append(UInt8(ascii: "]"))
        var object = JSONLine(capacity: list.count + 32)
        object.add("formats", raw: list)
        return Response(status: .ok, headers: [.contentType: "application/json"],
                        body: .init(byteBuffer: ByteBuffer(bytes: object.finished())))
    }

    /// The whole body of a `/v1/render` or `/v1/validate` request: JSON, within the size limit and the read timeout.
    private func body(_ request: Request, _ service: AlertService) async throws -> [UInt8] {
        do { try Self.checkType(request, accepted: ["application/json"]) } catch {
            metrics.rejected(reason: .unsupportedMediaType)
            throw error
        }
        let limit = service.configuration.bodyLimit
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            metrics.rejected(reason: .tooLarge)
            throw ProblemDetails.tooLarge(limit: limit)
        }
        let timeout = service.configuration.readTimeout
        do {
            let read = Task { Array(buffer: try await request.body.collect(upTo: limit)) }
            let expired = Flag()
            let id = deadlines.register(after: timeout) {
                expired.set()
                read.cancel()
            }
            defer { deadlines.remove(id) }
            do { return try await read.value } catch where expired.isSet { throw ProblemDetails.timeout }
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            metrics.rejected(reason: .tooLarge)
            throw ProblemDetails.tooLarge(limit: limit)
        } catch let problem as ProblemDetails {
            metrics.rejected(reason: .timeout)
            throw problem
        }
    }

    /// 415 unless the body's type is one of `accepted` (parameters such as `charset` aside).
    static func checkType(_ request: Request, accepted: [String]) throws(ProblemDetails) {
        let given = request.headers[.contentType]
        let type = given?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard let type, accepted.contains(type) else { throw ProblemDetails.unsupportedMediaType(given, expected: accepted.joined(separator: " or ")) }
    }

    static func json(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

/// How many `/v1/batch` streams run; a stream takes a slot or is refused.
final class BatchSlots: Sendable {
    private let count = Mutex(0)

    func acquire(limit: Int) -> Bool {
        count.withLock { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    func release() { count.withLock { $0 -= 1 } }

    /// The streams running now.
    var active: Int { count.withLock { $0 } }

    /// A slot taken: given back when the last reference to it goes.
    final class Slot: Sendable {
        private let slots: BatchSlots
        init(_ slots: BatchSlots) { self.slots = slots }
        deinit { slots.release() }
    }
}

/// A flag set once, read from any thread.
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}

