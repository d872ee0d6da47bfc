import Hummingbird

/// One rule for request paths, applied before authentication and routing so that both see the same path: a path
/// in normal form has no empty segment (`//v1/render`, `/v1/render/`), no `.` or `..` segment, and no
/// percent-encoded slash, backslash or dot. Anything else is answered 400, never normalised into another route:
/// the router would drop the empty segments and run a route the text of the path did not name.
struct PathRule<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let problem = Self.problem(request.uri.path) { throw ProblemDetails.badPath(problem) }
        return try await next(request, context)
    }

    /// Why `path` is not in normal form, or nil when it is.
    static func problem(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return "a path starts with /" }
        if path == "/" { return nil }
        for segment in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            if segment.isEmpty { return "it has an empty segment (// or a trailing /)" }
            if segment == "." || segment == ".." { return "it has a . or .. segment" }
        }
        let lowered = path.lowercased()
        for encoded in ["%2f", "%5c", "%2e", "%00"] where lowered.contains(encoded) {
            return "it has a percent-encoded slash, backslash, dot or NUL (\(encoded.uppercased()))"
        }
        if path.contains("\\") { return "it has a backslash" }
        return nil
    }
}
