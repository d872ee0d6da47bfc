/// Every way a request of AlertKit can fail, once: its name (the last part of a problem's `type`,
/// `urn:alertkit:problem:NAME`), the exit code the command gives, the HTTP status the service answers, the label
/// metrics count it under and what it means. The command line, batch, the service, review and preview read this
/// table; none keeps a list of its own. `alertkit --help`, README.md and docs/outcomes.md print it, and a test holds
/// them to it.
///
/// Exit code 1 means one thing: some record was rejected (`render`'s one alert, or any of `batch`'s). A kind that
/// only the service can meet has no exit code; one that only the command can meet has no status.
public enum FailureKind: String, CaseIterable, Sendable, Hashable, Codable {
    // A record rejected: exit 1.
    /// The input is not JSON.
    case notJSON = "not-json"
    /// The JSON breaks the alert contract.
    case invalidAlert = "invalid-alert"
    /// The input is over the size limit (`--max-alert-bytes`; the service's body limit).
    case tooLarge = "too-large"
    /// The alert's document would be over the document size limit (`--max-document-bytes`).
    case documentTooLarge = "document-too-large"
    /// Even fitted, the document breaks a limit of its receiver (Slack's blocks, Teams' bytes…).
    case overReceiverLimit = "over-receiver-limit"
    /// Making the document took longer than the render time limit (the service's: the command sets none).
    case renderTimeout = "render-timeout"
    /// A batch input that cannot be read part way, standing as one rejected record.
    case unreadable = "unreadable"

    // The request, the setup or the run.
    /// A check found what it looks for: `review --fail-on`, `templates check`.
    case findings = "findings"
    /// The command line or a query parameter is wrong.
    case badParameter = "bad-parameter"
    /// No format of that name.
    case unknownFormat = "unknown-format"
    /// A format whose templates do not load.
    case brokenFormat = "broken-format"
    /// An input file cannot be read.
    case noInput = "no-input"
    /// AlertKit's shipped templates and catalogs are missing.
    case missingResources = "missing-resources"
    /// An output cannot be written.
    case cannotCreate = "cannot-create"
    /// The configuration is wrong: a template, catalog, icon or settings file.
    case configuration = "configuration"
    /// AlertKit itself failed: a bug to report.
    case internalError = "internal-error"
    /// `serve`'s shutdown had to be forced: something still held it past the grace period.
    case forcedStop = "forced-stop"
    /// Stopped by a signal (`batch`, `review`): exit 128 + the signal's number.
    case interrupted = "interrupted"

    // The service alone.
    /// The body's `Content-Type` is not one the route takes.
    case unsupportedMediaType = "unsupported-media-type"
    /// No endpoint at that path.
    case notFound = "not-found"
    /// The endpoint does not answer that method.
    case methodNotAllowed = "method-not-allowed"
    /// The path is not in normal form (an empty, `.` or `..` segment, an encoded slash).
    case badPath = "bad-path"
    /// `reveal=true` on a server that masks.
    case revealRefused = "reveal-refused"
    /// No token, or not one of the server's.
    case unauthorized = "unauthorized"
    /// As many `/v1/batch` streams run as the server allows.
    case busy = "busy"
    /// The body did not arrive within the read timeout.
    case timeout = "timeout"

    /// The exit code of `alertkit` for this kind (`nil`: the service's alone); `interrupted` is 128 + N, and this
    /// gives 128.
    public var exitCode: Int32? {
        switch self {
        case .notJSON, .invalidAlert, .tooLarge, .documentTooLarge, .overReceiverLimit, .unreadable: 1
        case .findings: 2
        case .badParameter, .unknownFormat: 64
        case .noInput: 66
        case .internalError: 70
        case .missingResources: 72
        case .cannotCreate: 73
        case .forcedStop: 75
        case .configuration, .brokenFormat: 78
        case .interrupted: 128
        case .renderTimeout, .unsupportedMediaType, .notFound, .methodNotAllowed, .badPath, .revealRefused, .unauthorized,
             .busy, .timeout: nil
        }
    }

    /// The HTTP status the service answers with (`nil`: the command's alone).
    public var httpStatus: Int? {
        switch self {
        case .notJSON, .badParameter, .badPath: 400
        case .unauthorized: 401
        case .revealRefused: 403
        case .notFound, .unknownFormat: 404
        case .methodNotAllowed: 405
        case .timeout: 408
        case .tooLarge: 413
        case .unsupportedMediaType: 415
        case .invalidAlert, .documentTooLarge, .overReceiverLimit: 422
        case .brokenFormat, .internalError: 500
        case .renderTimeout, .busy: 503
        case .unreadable, .findings, .noInput, .missingResources, .cannotCreate, .configuration, .forcedStop,
             .interrupted: nil
        }
    }

    /// Whether this kind rejects a record (exit 1; an error record in a batch), rather than the request or the run.
    /// The render timeout is one too, though only the service meets it (a `/v1/batch` line's error record).
    public var rejectsRecord: Bool { exitCode == 1 || self == .renderTimeout }

    /// The problem's type URI: `urn:alertkit:problem:NAME`.
    public var problemType: String { "urn:alertkit:problem:" + rawValue }

    /// The label metrics count it under (`alertkit_rejected_total{reason}`): the name with `_` for `-`.
    public var metricLabel: String { rawValue.replacingOccurrences(of: "-", with: "_") }

    /// What it means, in a few words: a problem's title, a row of the table.
    public var title: String {
        switch self {
        case .notJSON: "The input is not JSON"
        case .invalidAlert: "The alert breaks the contract"
        case .tooLarge: "The input is over the size limit"
        case .documentTooLarge: "The document is over the size limit"
        case .overReceiverLimit: "The document cannot fit its receiver's limits"
        case .renderTimeout: "The render took too long"
        case .unreadable: "A batch input could not be read"
        case .findings: "The check found what it looks for"
        case .badParameter: "Bad parameter"
        case .unknownFormat: "Unknown format"
        case .brokenFormat: "The format does not load"
        case .noInput: "An input cannot be read"
        case .missingResources: "AlertKit's shipped templates are missing"
        case .cannotCreate: "An output cannot be written"
        case .configuration: "A configuration error"
        case .internalError: "Internal error"
        case .forcedStop: "The shutdown had to be forced"
        case .interrupted: "Stopped by a signal"
        case .unsupportedMediaType: "Unsupported content type"
        case .notFound: "Not found"
        case .methodNotAllowed: "Method not allowed"
        case .badPath: "The path is not in normal form"
        case .revealRefused: "Reveal is not allowed"
        case .unauthorized: "Unauthorized"
        case .busy: "Too many batch streams"
        case .timeout: "Request timeout"
        }
    }

    /// When it happens, for the table's last column.
    public var meaning: String {
        switch self {
        case .notJSON: "the alert is not JSON"
        case .invalidAlert: "the alert breaks the contract (each problem at its JSON pointer)"
        case .tooLarge: "the alert is over --max-alert-bytes (the service: its body limit)"
        case .documentTooLarge: "its document would be over --max-document-bytes"
        case .overReceiverLimit: "even fitted, its document breaks a limit of its receiver (Slack, Teams, push, email, a template's)"
        case .renderTimeout: "its document took longer than the service's render timeout (a /v1/batch line: its error record)"
        case .unreadable: "batch: an input that cannot be read part way stands as one rejected record"
        case .findings: "review: what --fail-on names happened; templates check: a problem found"
        case .badParameter: "usage: a flag, argument or query parameter is wrong"
        case .unknownFormat: "no format of that name"
        case .brokenFormat: "the format's templates do not load (the service: that format alone fails)"
        case .noInput: "an input file or folder cannot be read"
        case .missingResources: "AlertKit's shipped templates and catalogs are not where the binary looks"
        case .cannotCreate: "an output cannot be written (batch --out-dir: a record whose file cannot be made is rejected under this kind)"
        case .configuration: "a template that does not parse, a bad catalog, icon or settings file, a link out of the templates folder"
        case .internalError: "AlertKit failed: a bug (the service's log has the request id)"
        case .forcedStop: "serve: something still held the shutdown 3 s past the grace period"
        case .interrupted: "stopped by signal N: exit 128 + N"
        case .unsupportedMediaType: "the body's Content-Type is not one the route takes"
        case .notFound: "no endpoint at that path"
        case .methodNotAllowed: "the endpoint does not answer that method (Allow lists those it does)"
        case .badPath: "an empty, . or .. segment, or an encoded slash, backslash or dot"
        case .revealRefused: "reveal=true, and the server was not started with --allow-reveal"
        case .unauthorized: "no bearer token, or not one of the server's"
        case .busy: "as many /v1/batch streams run as the server allows (Retry-After)"
        case .timeout: "the body did not arrive within the read timeout"
        }
    }
}

extension AlertDecodingError {
    /// The kind of failure: not JSON, over the size limit, or a breach of the contract.
    public var kind: FailureKind {
        switch self {
        case .notJSON: .notJSON
        case .invalid: .invalidAlert
        case .tooLarge: .tooLarge
        }
    }
}
