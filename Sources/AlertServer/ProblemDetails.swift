import AlertJSON
import AlertBatch
import AlertModel
import AlertRendering
import Hummingbird

/// An error answer as RFC 9457 problem details (`application/problem+json`): a status, a title, a detail meant for
/// the caller, and for an invalid alert the problems with their JSON pointers. Nothing of the server's insides
/// (no stack trace, file path or type name) goes into one.
struct ProblemDetails: HTTPResponseError, Sendable {
    /// One problem with an alert: where (a JSON pointer) and what.
    typealias Item = AlertProblem

    let status: HTTPResponse.Status
    let title: String
    let detail: String
    var problems: [Item] = []
    /// Extra header fields (`Allow`, `Retry-After`, `WWW-Authenticate`).
    var headers: HTTPFields = [:]
    /// The kind of error, stable for clients: the last part of `type` (`urn:alertkit:problem:invalid-alert`).
    var kind = ""

    /// The problem's type URI: `urn:alertkit:problem:KIND`, one per kind of error (`Self.kinds`), for a client to
    /// branch on; `urn:alertkit:problem:http-CODE` for a status Hummingbird raised itself.
    var type: String { "urn:alertkit:problem:" + (kind.isEmpty ? "http-\(status.code)" : kind) }

    /// Every kind an answer's `type` may name (the OpenAPI document lists the same).
    static let kinds = ["not-json", "invalid-alert", "too-large", "unsupported-media-type", "unknown-format",
                        "broken-format", "bad-parameter", "not-found", "method-not-allowed", "bad-path",
                        "document-too-large", "render-timeout", "over-receiver-limit", "reveal-refused", "unauthorized", "busy", "timeout",
                        "internal-error"]

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var object = JSONLine(capacity: 256)
        object.add("type", type)
        object.add("title", title)
        object.add("status", Int(status.code))
        object.add("detail", detail)
        if !problems.isEmpty { object.add("problems", raw: Self.list(problems)) }
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: object.finished())))
    }

    /// `[{"pointer": …, "message": …}, …]`.
    static func list(_ items: [Item]) -> [UInt8] { BatchLine.problems(items) }

    static func badRequest(_ detail: String, problems: [Item] = []) -> ProblemDetails {
        ProblemDetails(status: .badRequest, title: "The body is not JSON", detail: detail, problems: problems, kind: "not-json")
    }

    static func invalidAlert(_ problems: [Item]) -> ProblemDetails {
        ProblemDetails(status: .unprocessableContent, title: "The alert breaks the contract",
                detail: "\(problems.count) problem\(problems.count == 1 ? "" : "s"); each names its place with a JSON pointer",
                problems: problems, kind: "invalid-alert")
    }

    static func tooLarge(limit: Int) -> ProblemDetails {
        ProblemDetails(status: .contentTooLarge, title: "The body is too large", detail: "the limit is \(limit) bytes", kind: "too-large")
    }

    static func unsupportedMediaType(_ found: String?, expected: String) -> ProblemDetails {
        ProblemDetails(status: .unsupportedMediaType, title: "Unsupported content type",
                detail: "send \(expected)" + (found.map { ", not \($0)" } ?? " (no Content-Type was given)"), kind: "unsupported-media-type")
    }

    static func unknownFormat(_ name: String, known: [String]) -> ProblemDetails {
        ProblemDetails(status: .notFound, title: "Unknown format",
                detail: "no format \"\(name)\"; known: \(known.joined(separator: ", "))", kind: "unknown-format")
    }

    /// A format whose templates do not load: the operator's to fix (the server's log at start and `/readyz` name
    /// it); the file and line stay in the log.
    static func brokenFormat(_ name: String) -> ProblemDetails {
        ProblemDetails(status: .internalServerError, title: "The format does not load",
                       detail: "the templates of the format \(name) do not load; the server's log names the file and line, "
                       + "and the other formats render as usual", kind: "broken-format")
    }

    static func badParameter(_ name: String, _ detail: String) -> ProblemDetails {
        ProblemDetails(status: .badRequest, title: "Bad query parameter", detail: "\(name): \(detail)", kind: "bad-parameter")
    }

    static func notFound(_ path: String) -> ProblemDetails {
        ProblemDetails(status: .notFound, title: "Not found", detail: "no endpoint at \(path); GET /v1/openapi.json lists them", kind: "not-found")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> ProblemDetails {
        ProblemDetails(status: .methodNotAllowed, title: "Method not allowed",
                detail: "\(method.rawValue) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: " or "))",
                headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")], kind: "method-not-allowed")
    }

    static func badPath(_ why: String) -> ProblemDetails {
        ProblemDetails(status: .badRequest, title: "The path is not in normal form", detail: "\(why); send the path as the API names it", kind: "bad-path")
    }

    /// A render stopped by a limit: 422 for a document over the size limit (this alert, in this format, makes one
    /// too large) or one that cannot be fitted into its receiver's limits, 503 for a render over the time limit.
    static func renderLimit(_ error: RenderLimitError) -> ProblemDetails {
        switch error {
        case .documentTooLarge:
            ProblemDetails(status: .unprocessableContent, title: "The document is over the size limit", detail: error.description,
                           kind: "document-too-large")
        case .timedOut:
            ProblemDetails(status: .serviceUnavailable, title: "The render took too long", detail: error.description,
                    headers: [.retryAfter: "1"], kind: "render-timeout")
        case .overReceiverLimit:
            ProblemDetails(status: .unprocessableContent, title: "The document cannot fit its receiver's limits",
                           detail: error.description, kind: "over-receiver-limit")
        }
    }

    static let revealRefused = ProblemDetails(status: .forbidden, title: "Reveal is not allowed",
                                       detail: "this server masks sensitive values; it was not started with --allow-reveal", kind: "reveal-refused")

    static let unauthorized = ProblemDetails(status: .unauthorized, title: "Unauthorized",
                                      detail: "send Authorization: Bearer TOKEN with one of the server's tokens",
                                      headers: [.wwwAuthenticate: "Bearer realm=\"alertkit\""], kind: "unauthorized")

    static let busy = ProblemDetails(status: .serviceUnavailable, title: "Too many batch streams",
                              detail: "the server runs as many /v1/batch streams as it allows; retry shortly",
                              headers: [.retryAfter: "1"], kind: "busy")

    static let timeout = ProblemDetails(status: .requestTimeout, title: "Request timeout",
                                 detail: "the body did not arrive in time", kind: "timeout")

    static let internalError = ProblemDetails(status: .internalServerError, title: "Internal error",
                                       detail: "the alert could not be rendered; the server's log has the request id", kind: "internal-error")
}
