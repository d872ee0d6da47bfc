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
    /// The kind of error from the one table (`FailureKind`): its status, title, type and metric label; `nil` for a
    /// status Hummingbird raised itself.
    var kind: FailureKind?

    /// The problem of `kind`: the table's status and title.
    init(_ kind: FailureKind, detail: String, problems: [Item] = [], headers: HTTPFields = [:]) {
        status = HTTPResponse.Status(code: kind.httpStatus ?? 500)
        title = kind.title
        self.detail = detail
        self.problems = problems
        self.headers = headers
        self.kind = kind
    }

    /// A status with no kind of AlertKit's (one the HTTP layer raised).
    init(status: HTTPResponse.Status, detail: String) {
        self.status = status
        title = status.reasonPhrase
        self.detail = detail
    }

    /// The problem's type URI: `urn:alertkit:problem:KIND` (`FailureKind.problemType`), for a client to branch on;
    /// `urn:alertkit:problem:http-CODE` for a status Hummingbird raised itself.
    var type: String { kind?.problemType ?? "urn:alertkit:problem:http-\(status.code)" }

    /// Every kind an answer's `type` may name: those of the table with a status (the OpenAPI document lists the same).
    static let kinds = FailureKind.allCases.filter { $0.httpStatus != nil }.map(\.rawValue)

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
        ProblemDetails(.notJSON, detail: detail, problems: problems)
    }

    static func invalidAlert(_ problems: [Item]) -> ProblemDetails {
        ProblemDetails(.invalidAlert, detail: "\(problems.count) problem\(problems.count == 1 ? "" : "s"); each names its place with a JSON pointer",
                       problems: problems)
    }

    static func tooLarge(limit: Int) -> ProblemDetails {
        ProblemDetails(.tooLarge, detail: "the limit is \(limit) bytes")
    }

    static func unsupportedMediaType(_ found: String?, expected: String) -> ProblemDetails {
        ProblemDetails(.unsupportedMediaType, detail: "send \(expected)" + (found.map { ", not \($0)" } ?? " (no Content-Type was given)"))
    }

    static func unknownFormat(_ name: String, known: [String]) -> ProblemDetails {
        ProblemDetails(.unknownFormat, detail: "no format \"\(name)\"; known: \(known.joined(separator: ", "))")
    }

    /// A format whose templates do not load: the operator's to fix (the server's log at start and `/readyz` name
    /// it); the file and line stay in the log.
    static func brokenFormat(_ name: String) -> ProblemDetails {
        ProblemDetails(.brokenFormat, detail: "the templates of the format \(name) do not load; the server's log names the file and line, "
                       + "and the other formats render as usual")
    }

    static func badParameter(_ name: String, _ detail: String) -> ProblemDetails {
        ProblemDetails(.badParameter, detail: "\(name): \(detail)")
    }

    static func notFound(_ path: String) -> ProblemDetails {
        ProblemDetails(.notFound, detail: "no endpoint at \(path); GET /v1/openapi.json lists them")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> ProblemDetails {
        ProblemDetails(.methodNotAllowed,
                       detail: "\(method.rawValue) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: " or "))",
                       headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
    }

    static func badPath(_ why: String) -> ProblemDetails {
        ProblemDetails(.badPath, detail: "\(why); send the path as the API names it")
    }

    /// A render stopped by a limit: 422 for a document over the size limit (this alert, in this format, makes one
    /// too large) or one that cannot be fitted into its receiver's limits, 503 for a render over the time limit.
    static func renderLimit(_ error: RenderLimitError) -> ProblemDetails {
        ProblemDetails(error.kind, detail: error.description, headers: error.kind == .renderTimeout ? [.retryAfter: "1"] : [:])
    }

    static let revealRefused = ProblemDetails(.revealRefused, detail: "this server masks sensitive values; it was not started with --allow-reveal")

    static let unauthorized = ProblemDetails(.unauthorized, detail: "send Authorization: Bearer TOKEN with one of the server's tokens",
                                             headers: [.wwwAuthenticate: "Bearer realm=\"alertkit\""])

    static let busy = ProblemDetails(.busy, detail: "the server runs as many /v1/batch streams as it allows; retry shortly",
                                     headers: [.retryAfter: "1"])

    static let timeout = ProblemDetails(.timeout, detail: "the body did not arrive in time")

    static let internalError = ProblemDetails(.internalError, detail: "the alert could not be rendered; the server's log has the request id")
}
