import Foundation
import Hummingbird
import Logging

/// One structured log line per request (method, path, status, duration to the answer's last byte, request id; a
/// streamed answer cut short says `complete=false`), the request id taken from
/// `X-Request-ID` (when it is a sane one) or made, and given back in the answer; the request counted in the
/// metrics. Every error becomes problem details here: an unknown path 404, a known path with another method 405,
/// anything unexpected a 500 that says only that (the log has the rest).
struct RequestLogging: RouterMiddleware {
    typealias Context = AlertRequestContext
    let logger: Logger
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let id = Self.requestID(request.headers[.init("X-Request-ID")!])
        let path = request.uri.path
        var response: Response
        do {
            response = try await next(request, context)
        } catch let problem as ProblemDetails {
            response = try problem.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            response = try Self.problem(for: error.status, request: request).response(from: request, context: context)
        } catch {
            logger.error("request failed", metadata: ["request_id": .string(id), "error": .string(String(describing: error))])
            response = try ProblemDetails.internalError.response(from: request, context: context)
        }
        response.headers[.init("X-Request-ID")!] = id
        let route = Routes.allowed[path] == nil ? "other" : path
        let logger = logger, metrics = metrics, method = request.method.rawValue, status = response.status.code
        let notes = context.notes
        let query = request.uri.queryParameters
        // The format and locale asked for: the client's words, so cut to 64 bytes of visible ASCII.
        var fields: Logger.Metadata = [:]
        if route == "/v1/render" || route == "/v1/batch" {
            fields["format"] = .string(query["format"].map { Self.field(String($0)) } ?? "html")
        }
        if let locale = query["locale"] { fields["locale"] = .string(Self.field(String(locale))) }
        let asked = fields
        @Sendable func finish(complete: Bool) {
            let elapsed = ContinuousClock.now - start
            let nanoseconds = elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            metrics.request(route: route, method: method, status: Int(status), nanoseconds: nanoseconds)
            var metadata: Logger.Metadata = [
                "method": .string(method), "path": .string(path), "status": .stringConvertible(status),
                "duration_ms": .string(String(format: "%.3f", Double(nanoseconds) / 1e6)), "request_id": .string(id),
            ]
            metadata["route"] = .string(route)
            metadata.merge(asked) { $1 }
            metadata.merge(notes.metadata) { $1 }
            if !complete { metadata["complete"] = "false" }
            logger.info("request", metadata: metadata)
        }
        // A streamed answer (a /v1/batch) is measured and logged when its last byte is written, or when it is cut:
        // the handler returns at its start.
        guard response.body.contentLength == nil else {
            finish(complete: true)
            return response
        }
        let body = response.body
        response.body = ResponseBody { writer in
            do { try await body.write(writer) } catch {
                finish(complete: false)
                throw error
            }
            finish(complete: true)
        }
        return response
    }

    static func problem(for status: HTTPResponse.Status, request: Request) -> ProblemDetails {
        switch status {
        case .notFound:
            if let allowed = Routes.allowed[request.uri.path] { return .methodNotAllowed(request.method, allowed: allowed) }
            return .notFound(request.uri.path)
        case .contentTooLarge:
            return ProblemDetails(.tooLarge, detail: "the body is over the server's limit")
        default:
            return ProblemDetails(status: status, detail: status.reasonPhrase)
        }
    }

    /// A query value as a log field: at most 64 bytes, each outside visible ASCII as `?`.
    static func field(_ value: String) -> String {
        String(decoding: value.utf8.prefix(64).map { (0x21...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }

    /// The caller's id when it is 1 to 128 visible ASCII characters, else a new one.
    static func requestID(_ given: String?) -> String {
        if let given, (1...128).contains(given.utf8.count), given.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) { return given }
        return UUID().uuidString.lowercased()
    }
}

/// Bearer-token authentication for every route but the open ones (`Routes.open`: the health, readiness and metrics
/// endpoints, for the network's probes), decided on the exact path that `PathRule` has let through, so that no
/// spelling of a path reaches a closed route without a token; an unknown path needs one too (401 before 404). The
/// token is compared with each known one in time that does not depend on where they differ.
struct BearerTokens<Context: RequestContext>: RouterMiddleware {
    /// The tokens now (a reload may change them); none needed when it has none.
    let live: LiveService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let tokens = live.tokens else { return try await next(request, context) }
        if request.method == .get || request.method == .head, Routes.open.contains(request.uri.path) {
            return try await next(request, context)
        }
        let header = request.headers[.authorization] ?? ""
        guard header.hasPrefix("Bearer ") else { throw ProblemDetails.unauthorized }
        let given = Array(header.utf8.dropFirst("Bearer ".utf8.count))
        var matched = false
        for token in tokens where Self.equal(given, token) { matched = true }
        guard matched else { throw ProblemDetails.unauthorized }
        return try await next(request, context)
    }

    /// Compares every byte whatever the first difference.
    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count) | UInt8(truncatingIfNeeded: (a.count ^ b.count) >> 8)
        let length = max(a.count, b.count)
        for index in 0..<length {
            difference |= (index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0)
        }
        return difference == 0 && a.count == b.count
    }

    /// The tokens of a file, one a line (blank lines and `#` comments skipped).
    static func load(file: String) throws -> [[UInt8]] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw ServerConfigurationError("\(file): the token file cannot be read")
        }
        let tokens = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.map { Array($0.utf8) }
        guard !tokens.isEmpty else { throw ServerConfigurationError("\(file): holds no token") }
        return tokens
    }
}
