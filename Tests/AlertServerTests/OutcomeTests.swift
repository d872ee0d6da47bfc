import AlertModel
import AlertPresentation
import AlertRendering
@testable import AlertServer
import AlertTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Each kind of README.md's outcome table that the service can meet, made to happen: its status, its problem's type
/// and title are the table's (`FailureKind`), and a rejection is counted under the table's metric label.
@Suite("Outcome table: the service")
struct OutcomeTests {
    /// A request that makes `kind` happen, against the app of `setup`.
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: FailureKind
        var setup = Setup.plain
        var method = HTTPRequest.Method.post
        var uri = "/v1/render?format=text"
        var type = "application/json"
        var body: @Sendable () throws -> [UInt8] = { Array(try Fixtures.sample("email-alert")) }
        var testDescription: String { kind.rawValue }
    }

    /// The app a case runs against: the templates folder's formats (`tiny`, which no document fits; `broken`, which
    /// does not parse; `silent`, which loops writing nothing), a failing emitter, a small document limit, a token.
    enum Setup: Sendable { case plain, smallDocuments, shortRenders, token }

    static let cases: [Case] = [
        Case(kind: .notJSON, body: { Array("not json".utf8) }),
        Case(kind: .invalidAlert, body: { Array("{}".utf8) }),
        Case(kind: .tooLarge, body: { Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1) }),
        Case(kind: .documentTooLarge, setup: .smallDocuments),
        Case(kind: .overReceiverLimit, uri: "/v1/render?format=tiny"),
        Case(kind: .renderTimeout, setup: .shortRenders, uri: "/v1/render?format=silent", body: { try Fixtures.emailAlert(events: 1000) }),
        Case(kind: .badParameter, uri: "/v1/render?threshold=2"),
        Case(kind: .unknownFormat, uri: "/v1/render?format=nope"),
        Case(kind: .brokenFormat, uri: "/v1/render?format=broken"),
        Case(kind: .internalError, uri: "/v1/render?format=failing"),
        Case(kind: .unsupportedMediaType, type: "text/plain"),
        Case(kind: .notFound, method: .get, uri: "/nope"),
        Case(kind: .methodNotAllowed, method: .get, uri: "/v1/render"),
        Case(kind: .badPath, uri: "/v1//render"),
        Case(kind: .revealRefused, uri: "/v1/render?reveal=true"),
        Case(kind: .unauthorized, setup: .token),
    ]

    /// The kinds with a status that need a real connection, and the tests that make them happen.
    static let elsewhere: [FailureKind: String] = [
        .busy: "test_server.py::test_slow_bodies_time_out_stalled_streams_close_and_extra_streams_are_refused (503, its type)",
        .timeout: "test_server.py::test_slow_bodies_time_out_stalled_streams_close_and_extra_streams_are_refused (408, its type, its metric)",
    ]

    @Test("every kind with a status is made to happen here or names the test that does")
    func coverage() {
        let here = Set(Self.cases.map(\.kind))
        for kind in FailureKind.allCases where kind.httpStatus != nil {
            #expect(here.contains(kind) != (Self.elsewhere[kind] != nil), "\(kind)")
        }
    }

    @Test("status, type, title and metric label are the table's", arguments: cases)
    func outcome(_ test: Case) async throws {
        let folder = try ScratchDirectory("alertkit-outcomes")
        try folder.file("formats/tiny.txt.mustache", "{{! alertkit: escape=text max-bytes=10 }}\n0123456789 {{title}}\n")
        try folder.file("formats/broken.txt.mustache", "{{#details}}\n")
        try folder.file("formats/silent.txt.mustache", "{{#details}}{{#details}}{{#details}}{{/details}}{{/details}}{{/details}}")
        let tokens = try folder.file("tokens", "secret\n")
        var extensions = AlertExtensions()
        extensions.register(FailingEmitter())
        let app = try ServerTests.app(extensions: extensions) { configuration in
            configuration.templates = folder.url.path
            switch test.setup {
            case .plain: break
            case .smallDocuments: configuration.limits.maxDocumentBytes = 100
            case .shortRenders:
                configuration.renderTimeout = 0.5
                configuration.limits.maxDocumentBytes = 1 << 40
            case .token: configuration.tokenFile = tokens
            }
        }
        try await app.test(.router) { client in
            let status = try await client.execute(uri: test.uri, method: test.method, headers: [.contentType: test.type],
                                                  body: ByteBuffer(bytes: try test.body())) { response in
                let problem = try ServerTests.problem(response)
                #expect(problem["type"] as? String == test.kind.problemType)
                #expect(problem["title"] as? String == test.kind.title)
                return Int(response.status.code)
            }
            #expect(status == test.kind.httpStatus)
            guard test.kind.rejectsRecord else { return }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let line = #"alertkit_rejected_total{reason="\#(test.kind.metricLabel)"} 1"#
                #expect(ServerTests.body(response).contains(line), "\(line)")
            }
        }
    }

    @Test("/v1/batch counts each rejected line under its kind's label, and its error record names the kind")
    func batchReasons() async throws {
        let valid = String(decoding: try Fixtures.sample("email-alert"), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        let feed = ["not json", "{}", valid, "{\"id\": 1}"].joined(separator: "\n") + "\n"
        try await ServerTests.app().test(.router) { client in
            try await client.execute(uri: "/v1/batch?format=text", method: .post, headers: [.contentType: "application/x-ndjson"],
                                     body: ByteBuffer(string: feed)) { response in
                let kinds = ServerTests.body(response).split(separator: "\n").compactMap { line in
                    ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["error"] as? [String: Any]
                }.compactMap { $0["kind"] as? String }
                #expect(kinds == ["not-json", "invalid-alert", "invalid-alert"])
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = ServerTests.body(response)
                #expect(text.contains(#"alertkit_rejected_total{reason="not_json"} 1"#))
                #expect(text.contains(#"alertkit_rejected_total{reason="invalid_alert"} 2"#))
            }
        }
    }

    @Test("/v1/validate gives warnings, and knows the match types of the locale's catalog, as /v1/render does")
    func validateWarnings() async throws {
        let folder = try ScratchDirectory("alertkit-validate")
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Examples/LoyaltyCard/catalog"),
                                         to: folder.url.appendingPathComponent("catalog"))
        let loyalty = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/LoyaltyCard/loyalty-alert.json"))
        var unknown = try JSONSerialization.jsonObject(with: try Fixtures.sample("email-alert")) as! [String: Any]
        var events = unknown["events"] as! [[String: Any]]
        var data = events[0]["data"] as! [String: Any]
        data["match"] = "IDNOSUCH"
        events[0]["data"] = data
        unknown["events"] = events
        let unknownBytes = try JSONSerialization.data(withJSONObject: unknown)
        try await ServerTests.app { $0.templates = folder.url.path }.test(.router) { client in
            for (body, warned) in [(loyalty, false), (unknownBytes, true)] {
                try await client.execute(uri: "/v1/validate", method: .post, headers: ServerTests.json, body: ByteBuffer(bytes: body)) { response in
                    let object = try #require(try JSONSerialization.jsonObject(with: Data(ServerTests.body(response).utf8)) as? [String: Any])
                    #expect(object["valid"] as? Bool == true)
                    let warnings = try #require(object["warnings"] as? [[String: Any]])
                    #expect(warnings.isEmpty != warned, "\(ServerTests.body(response))")
                    if warned { #expect(warnings.first?["pointer"] as? String == "/events/0/data/match") }
                }
            }
            try await client.execute(uri: "/v1/validate?locale=xx", method: .post, headers: ServerTests.json, body: ByteBuffer(bytes: loyalty)) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(ServerTests.body(response).contains(#"alertkit_warnings_total{format="validate"} 1"#))
            }
        }
    }
}

/// A format whose emitter fails with an error of no kind: AlertKit's own failure, 500 internal-error.
private struct FailingEmitter: AlertEmitter {
    struct Failure: Error {}
    let format = OutputFormat(name: "failing", mediaType: "text/plain; charset=utf-8", fileExtension: "txt", summary: "fails")
    func render(_ view: AlertView, options: RenderOptions) throws -> String { throw Failure() }
}
