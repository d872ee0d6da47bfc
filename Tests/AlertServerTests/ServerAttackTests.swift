import AlertModel
import AlertRendering
@testable import AlertServer
import AlertTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The hostile tester's findings against the service (issue 25), through HummingbirdTesting: the path rule and the
/// open routes, render limits, the readiness answer, the log that never blocks. The built server is attacked over
/// real sockets in Tests/Server/test_attacks.py.
@Suite("Server under attack")
struct ServerAttackTests {
    static let ssn = "123-45-6789"

    @Test("a path with an empty, . or .. segment, or an encoded slash, backslash or dot, is 400 before authentication",
          arguments: ["//v1/render", "///v1/validate", "//v1/batch", "//v1/schema", "/v1//render", "/v1/render/",
                      "/v1/./render", "/v1/../v1/render", "/healthz/../v1/render", "/%2Fv1/render", "/v1%2frender",
                      "/v1/%2E%2E/render", "/v1\\render", "//healthz"])
    func paths(path: String) async throws {
        let folder = try ScratchDirectory("alertkit-paths")
        let file = try folder.file("tokens", "secret\n")
        let data = try Fixtures.sample("ssn-alert")
        try await ServerTests.app { $0.tokenFile = file; $0.allowReveal = true }.test(.router) { client in
            for method in [HTTPRequest.Method.post, .get] {
                for headers in [ServerTests.json, [.contentType: "application/json", .authorization: "Bearer secret"]] as [HTTPFields] {
                    try await client.execute(uri: path + "?reveal=true&format=text", method: method, headers: headers,
                                             body: ByteBuffer(bytes: data)) { response in
                        #expect(response.status == .badRequest, "\(method) \(path)")
                        #expect(!ServerTests.body(response).contains(Self.ssn))
                        _ = try ServerTests.problem(response)
                    }
                }
            }
        }
    }

    @Test("with a token file, only GET and HEAD /healthz, /readyz, /metrics and /v1/openapi.json are open (HEAD: the GET's status and headers, no body); every other route and path needs the token")
    func openRoutes() async throws {
        let folder = try ScratchDirectory("alertkit-open")
        let file = try folder.file("tokens", "secret\n")
        let data = try Fixtures.sample("ssn-alert")
        try await ServerTests.app { $0.tokenFile = file; $0.allowReveal = true }.test(.router) { client in
            for path in ["/healthz", "/readyz", "/metrics", "/v1/openapi.json"] {
                let type = try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    return response.headers[.contentType]
                }
                try await client.execute(uri: path, method: .head) { response in
                    #expect(response.status == .ok, "HEAD \(path)")
                    #expect(response.body.readableBytes == 0, "HEAD \(path)")
                    #expect(response.headers[.contentType] == type, "HEAD \(path)")
                }
                try await client.execute(uri: path, method: .post, headers: ServerTests.json) { #expect($0.status == .unauthorized, "POST \(path)") }
            }
            for path in ["/v1/render?reveal=true&format=text", "/v1/validate", "/v1/batch", "/v1/schema", "/v1/formats",
                         "/nope", "/", "/V1/render", "/healthz2", "/metrics.txt"] {
                for method in [HTTPRequest.Method.post, .get] {
                    try await client.execute(uri: path, method: method, headers: ServerTests.json, body: ByteBuffer(bytes: data)) { response in
                        #expect(response.status == .unauthorized, "\(method) \(path)")
                        #expect(!ServerTests.body(response).contains(Self.ssn))
                    }
                }
            }
            try await client.execute(uri: "/v1/render?reveal=true&format=text", method: .post,
                                     headers: [.contentType: "application/json", .authorization: "Bearer secret"],
                                     body: ByteBuffer(bytes: data)) { response in
                #expect(response.status == .ok)
                #expect(ServerTests.body(response).contains(Self.ssn))  // the token holder may reveal
            }
        }
    }

    @Test("a template that multiplies a list is stopped at the document limit (422) or the render timeout (503)")
    func renderLimits() async throws {
        let folder = try ScratchDirectory("alertkit-amp")
        try folder.file("t/formats/amp.txt.mustache", "{{#details}}{{#details}}{{#details}}{{value}} {{/details}}{{/details}}{{/details}}")
        try folder.file("t/formats/slow.txt.mustache", "{{#details}}{{#details}}{{#details}}{{/details}}{{/details}}{{/details}}")
        let alert = try Fixtures.emailAlert(events: 1000)
        // No time is asserted here: in-process, a request waits for the suite's busy threads as well as for its render.
        // The time a runaway template takes is held by TemplateLimitsTests (the render alone) and by
        // Tests/Server/test_attacks.py (the built server, alone on its process).
        try await ServerTests.app { $0.templates = folder.path("t"); $0.renderTimeout = 60 }.test(.router) { client in
            try await client.execute(uri: "/v1/render?format=amp", method: .post, headers: ServerTests.json,
                                     body: ByteBuffer(bytes: alert)) { response in
                #expect(response.status == .unprocessableContent)
                let problem = try ServerTests.problem(response)
                #expect(problem["detail"] as? String == RenderLimitError.documentTooLarge(limit: 16 << 20).description)
            }
        }
        // With no size limit to speak of, the time limit stops it.
        try await ServerTests.app {
            $0.templates = folder.path("t")
            $0.renderTimeout = 0.5
            $0.limits.maxDocumentBytes = 1 << 40
        }.test(.router) { client in
            try await client.execute(uri: "/v1/render?format=slow", method: .post, headers: ServerTests.json,
                                     body: ByteBuffer(bytes: alert)) { response in
                #expect(response.status == .serviceUnavailable)
                let problem = try ServerTests.problem(response)
                #expect(problem["detail"] as? String == RenderLimitError.timedOut(seconds: 0.5).description)
            }
            try await client.execute(uri: "/v1/render?format=text", method: .post, headers: ServerTests.json,
                                     body: ByteBuffer(bytes: try Fixtures.sample("email-alert"))) { #expect($0.status == .ok) }
        }
    }

    @Test("/readyz is JSON written by the JSON writer; a catalog whose file name is not a locale tag stops the start")
    func readiness() async throws {
        try await ServerTests.app().test(.router) { client in
            try await client.execute(uri: "/readyz", method: .get) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(ServerTests.body(response).utf8)) as? [String: Any])
                #expect(object["locales"] as? [String] == ["en", "es"])
            }
        }
        let folder = try ScratchDirectory("alertkit-ready")
        try folder.file("t/catalog/x\"y.json", #"{"help": {"text": "x"}}"#)
        #expect(throws: ServerConfigurationError.self) { try ServerTests.app { $0.templates = folder.path("t") } }
    }

    @Test("the log never blocks: a full pipe costs lines, counted, not time", .timeLimit(.minutes(1)))
    func log() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        // The read end stays open: the log's thread stays blocked on the full pipe for the rest of the run, as it
        // would on a stalled collector (closing it would end that write with SIGPIPE, which the server ignores and
        // the test process does not).
        let log = ServerLog(descriptor: ends[1], capacity: 4096)
        let logger = log.logger(label: "test")
        // A blocking log would stop this loop for good on the full pipe (the time limit turns that into a failure).
        for index in 0..<20_000 { logger.info("line \(index) \(String(repeating: "x", count: 100))") }
        #expect(log.dropped > 10_000, "\(log.dropped)")
    }

    @Test("the configuration file takes batchMinRate, renderTimeout, maxDocumentBytes, headTimeout (10 s) and maxConnectionsPerAddress (128); below their least, an error")
    func configuration() throws {
        let folder = try ScratchDirectory("alertkit-config")
        let file = try folder.file("c.json", #"{"batchMinRate": 10, "renderTimeout": 2.5, "maxDocumentBytes": 4096}"#)
        let configuration = try ServerConfiguration.load(file: file)
        #expect(configuration.batchMinRate == 10 && configuration.renderTimeout == 2.5 && configuration.limits.maxDocumentBytes == 4096)
        let defaults = ServerConfiguration()
        #expect(defaults.headTimeout == 10 && defaults.maxConnectionsPerAddress == 128)
        let guarded = try ServerConfiguration.load(file: try folder.file("g.json", #"{"headTimeout": 2.5, "maxConnectionsPerAddress": 4}"#))
        #expect(guarded.headTimeout == 2.5 && guarded.maxConnectionsPerAddress == 4)
        try guarded.check()
        for bad in [#"{"renderTimeout": 0}"#, #"{"batchMinRate": -1}"#, #"{"maxDocumentBytes": 0}"#, #"{"headTimeout": 0}"#,
                    #"{"maxConnectionsPerAddress": 0}"#] {
            let path = try folder.file("bad.json", bad)
            #expect(throws: ServerConfigurationError.self) { try ServerConfiguration.load(file: path).check() }
        }
    }

    @Test("the per-address connection cap: up to it each is counted, over it refused; a closed one gives its slot back")
    func connectionCap() {
        let connections = ClientConnections(limit: 3)
        for _ in 0..<2 { #expect(connections.acquire("127.0.0.2")) }  // below
        #expect(connections.acquire("127.0.0.2"))  // at
        #expect(!connections.acquire("127.0.0.2"))  // above: refused, and not counted
        #expect(connections.acquire("127.0.0.1"))  // another address has its own count
        #expect(connections.total == 4)
        connections.release("127.0.0.2")
        #expect(connections.acquire("127.0.0.2"))
        for _ in 0..<3 { connections.release("127.0.0.2") }
        connections.release("127.0.0.1")
        #expect(connections.total == 0)
    }

    @Test("the path rule on its own", arguments: [("/", true), ("/v1/render", true), ("/a.b/c", true), ("/v1/render/", false),
                                                ("//x", false), ("/./x", false), ("/x/..", false), ("/x%2fy", false), ("/x%00", false)])
    func rule(path: String, normal: Bool) {
        #expect((PathRule<AlertRequestContext>.problem(path) == nil) == normal, "\(path)")
    }
}
