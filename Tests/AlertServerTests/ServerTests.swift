import AlertJSON
import AlertBatch
import AlertModel
import AlertPresentation
import AlertRendering
@testable import AlertServer
import AlertTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// The server's endpoints through HummingbirdTesting: every route, every error status, the auth and reveal rules.
@Suite("Server endpoints")
struct ServerTests {
    static func app(extensions: AlertExtensions = AlertExtensions(),
                    _ change: (inout ServerConfiguration) -> Void = { _ in }) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration()
        configuration.port = 0
        change(&configuration)
        var quiet = Logger(label: "alertkit.serve.tests")  // a line per request would drown the test log
        quiet.logLevel = .error
        return try AlertServer.application(configuration, extensions: extensions, logger: quiet)
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    static func body(_ response: TestResponse) -> String { String(buffer: response.body) }

    static func problem(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.headers[.contentType] == "application/problem+json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body(response).utf8)) as? [String: Any])
        #expect(object["status"] as? Int == Int(response.status.code))
        #expect(object["title"] is String && object["detail"] is String && object["type"] is String)
        let text = body(response)
        for leak in ["/work", ".swift", "AlertServer.", "Error(", "Hummingbird", "Fatal"] { #expect(!text.contains(leak), "\(leak)") }
        return object
    }

    @Test("render: every sample in every format gives what the library renders, with the format's media type",
          arguments: Fixtures.sampleNames)
    func render(sample: String) async throws {
        let data = try Fixtures.sample(sample)
        let pipeline = AlertPipeline(formats: try FormatRegistry.standard(templates: []))
        try await Self.app().test(.router) { client in
            for format in pipeline.formats.formats where format.name != "email" {  // the email's Date and Message-ID vary
                for fragment in format.name == "html" ? [false, true] : [false] {
                    let expected = try pipeline.render(data, format: format.name, options: RenderOptions(fragment: fragment)).document
                    try await client.execute(uri: "/v1/render?format=\(format.name)&fragment=\(fragment)", method: .post,
                                             headers: Self.json, body: ByteBuffer(bytes: data)) { response in
                        #expect(response.status == .ok, "\(format.name)")
                        #expect(response.headers[.contentType] == format.mediaType)
                        #expect(Self.body(response) == expected, "\(sample) \(format.name) fragment \(fragment)")
                        #expect(response.headers[.init("X-Request-ID")!]?.isEmpty == false)
                    }
                }
            }
        }
    }

    @Test("render: locale and threshold apply; an X-Request-ID is given back")
    func renderOptions() async throws {
        let data = try Fixtures.sample("email-alert")
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/v1/render?format=text&locale=es", method: .post, headers: Self.json,
                                     body: ByteBuffer(bytes: data)) { response in
                #expect(Self.body(response).contains("Correo"))
            }
            let urgent = "/v1/render?format=json&threshold=0"
            try await client.execute(uri: urgent, method: .post, headers: [.contentType: "application/json", .init("X-Request-ID")!: "abc-123"],
                                     body: ByteBuffer(bytes: data)) { response in
                #expect(Self.body(response).contains("\"urgent\":true") || Self.body(response).contains("\"urgent\" : true"))
                #expect(response.headers[.init("X-Request-ID")!] == "abc-123")
            }
        }
    }

    @Test("validate: an empty list for a valid alert, every problem with its pointer for an invalid one, 400 for non-JSON")
    func validate() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/v1/validate", method: .post, headers: Self.json,
                                     body: ByteBuffer(bytes: try Fixtures.sample("email-alert"))) { response in
                #expect(response.status == .ok)
                #expect(Self.body(response) == "{\"valid\":true,\"problems\":[],\"warnings\":[]}\n")
            }
            try await client.execute(uri: "/v1/validate", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"id": "", "type": 7, "events": []}"#)) { response in
                #expect(response.status == .ok)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(response).utf8)) as? [String: Any])
                #expect(object["valid"] as? Bool == false)
                let pointers = (object["problems"] as? [[String: String]] ?? []).compactMap { $0["pointer"] }
                #expect(pointers.contains("/type") && pointers.contains("/events") && pointers.contains("/id"), "\(pointers)")
            }
            try await client.execute(uri: "/v1/validate", method: .post, headers: Self.json, body: ByteBuffer(string: "{nope")) { response in
                #expect(response.status == .badRequest)
                _ = try Self.problem(response)
            }
        }
    }

    @Test("batch: one line per record, the batch command's lines, rejected records with their pointers")
    func batch() async throws {
        let lines = try Fixtures.generateFeed(["--count", "40", "--seed", "3"]).map { Array($0) }
        var feed: [UInt8] = []
        for (index, line) in lines.enumerated() {
            feed += index == 5 ? Array(#"{"id": "x", "type": 9}"#.utf8) : index == 9 ? Array("not json".utf8) : line
            feed.append(0x0A)
        }
        let processor = try RecordProcessor(pipeline: AlertPipeline(formats: try FormatRegistry.standard(templates: [])),
                                            format: "markdown", options: RenderOptions())
        var expected: [UInt8] = []
        var counts = (rendered: 0, rejected: 0, warnings: 0)
        for (index, line) in feed.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().enumerated() {
            let record = BatchRecord(position: index, source: "<body>", line: index + 1, index: index, bytes: Array(line))
            let outcome = processor.process(record)
            if case .rendered(_, _, let warnings) = outcome { counts.rendered += 1; counts.warnings += warnings.count } else { counts.rejected += 1 }
            expected += BatchLine.ndjson(record, outcome, format: "markdown")
        }
        let summary = #"{"summary":{"rendered":\#(counts.rendered),"rejected":\#(counts.rejected),"warnings":\#(counts.warnings),"fitted":0}}"#
        #expect(counts.rejected == 2)
        let (body, expectedText) = (feed, String(decoding: expected, as: UTF8.self))
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/v1/batch?format=markdown", method: .post, headers: [.contentType: "application/x-ndjson"],
                                     body: ByteBuffer(bytes: body)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-ndjson")
                let body = Self.body(response)
                // The batch command's lines, then the summary that says the stream ran to its end.
                #expect(body.split(separator: "\n").count == 41)
                #expect(body == expectedText + summary + "\n")
                #expect(body.contains(#""error":{"position":5"#) && body.contains(#""pointer":"/type""#))
            }
        }
    }

    @Test("schema, formats, the OpenAPI document, health, readiness and metrics")
    func reads() async throws {
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/v1/schema", method: .get) { response in
                #expect(Self.body(response) == JSONSchema.alertSchemaText)
            }
            try await client.execute(uri: "/v1/formats", method: .get) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(response).utf8)) as? [String: Any])
                let names = (object["formats"] as? [[String: String]] ?? []).compactMap { $0["name"] }
                #expect(Set(names).isSuperset(of: ["html", "markdown", "text", "json", "slack", "sms", "push", "email"]))
            }
            try await client.execute(uri: "/v1/openapi.json", method: .get) { response in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.body(response).utf8)) as? [String: Any])
                #expect(object["openapi"] as? String == "3.1.0")
                #expect((object["info"] as? [String: Any])?["version"] as? String == AlertKitVersion.current)
                let paths = try #require(object["paths"] as? [String: [String: Any]])
                #expect(Set(paths.keys) == Set(Routes.allowed.keys))
                for (path, methods) in Routes.allowed {
                    #expect(Set(paths[path]?.keys.map { $0.uppercased() } ?? []) == Set(methods.map(\.rawValue)), "\(path)")
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect(Self.body($0) == "{\"status\":\"ok\"}\n") }
            try await client.execute(uri: "/readyz", method: .get) { #expect(Self.body($0).contains("\"locales\":[\"en\",\"es\"]")) }
            try await client.execute(uri: "/v1/render?format=sms", method: .post, headers: Self.json,
                                     body: ByteBuffer(bytes: try Fixtures.sample("email-alert"))) { #expect($0.status == .ok) }
            try await client.execute(uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer(string: "[")) { _ in }
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = Self.body(response)
                #expect(text.contains(#"alertkit_alerts_rendered_total{format="sms"} 1"#))
                #expect(text.contains(#"alertkit_rejected_total{reason="not_json"} 1"#))
                #expect(text.contains(#"alertkit_http_requests_total{route="/v1/render",method="POST",status="200"} 1"#))
                #expect(text.contains("alertkit_http_request_duration_seconds_bucket"))
            }
        }
    }

    @Test("every error status as problem details: 400, 404 (format, path), 405, 413, 415, 422")
    func errors() async throws {
        try await Self.app { $0.bodyLimit = 200 }.test(.router) { client in
            let sample = ByteBuffer(bytes: try Fixtures.sample("email-alert"))
            try await client.execute(uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer(string: "{\"id\": 1,")) { response in
                #expect(response.status == .badRequest)
                _ = try Self.problem(response)
            }
            try await client.execute(uri: "/v1/render?format=nope", method: .post, headers: Self.json, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .notFound)
                let detail = try Self.problem(response)["detail"] as? String
                #expect(detail == "no format \"nope\"; known: email, html, json, markdown, push, slack, sms, teams, text")
            }
            try await client.execute(uri: "/v2/else", method: .get) { #expect($0.status == .notFound); _ = try Self.problem($0) }
            try await client.execute(uri: "/v1/render", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "POST")
                _ = try Self.problem(response)
            }
            try await client.execute(uri: "/v1/render", method: .post, headers: Self.json, body: sample) { response in
                #expect(response.status == .contentTooLarge)
                _ = try Self.problem(response)
            }
            try await client.execute(uri: "/v1/render", method: .post, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .unsupportedMediaType)
                _ = try Self.problem(response)
            }
            try await client.execute(uri: "/v1/render", method: .post, headers: Self.json, body: ByteBuffer(string: "{}")) { response in
                #expect(response.status == .unprocessableContent)
                let problems = try Self.problem(response)["problems"] as? [[String: String]] ?? []
                #expect(problems.compactMap { $0["pointer"] }.contains("/id"))
            }
            try await client.execute(uri: "/v1/render?threshold=2", method: .post, headers: Self.json, body: ByteBuffer(string: "{}")) {
                #expect($0.status == .badRequest)
            }
            try await client.execute(uri: "/v1/batch", method: .post, headers: Self.json, body: nil) { #expect($0.status != .internalServerError) }
        }
    }

    @Test("reveal is refused with 403 unless allowed; allowed, it unmasks")
    func reveal() async throws {
        let data = ByteBuffer(bytes: try Fixtures.sample("ssntrace-alert"))
        try await Self.app().test(.router) { client in
            try await client.execute(uri: "/v1/render?reveal=true", method: .post, headers: Self.json, body: data) { response in
                #expect(response.status == .forbidden)
                _ = try Self.problem(response)
            }
            try await client.execute(uri: "/v1/batch?reveal=true", method: .post, headers: [.contentType: "application/x-ndjson"], body: data) {
                #expect($0.status == .forbidden)
            }
        }
        let pipeline = AlertPipeline(context: .init(options: .init(revealsSensitiveValues: true)))
        let expected = try pipeline.render(Array(buffer: data), format: "text").document
        try await Self.app { $0.allowReveal = true }.test(.router) { client in
            try await client.execute(uri: "/v1/render?reveal=true&format=text", method: .post, headers: Self.json, body: data) { response in
                #expect(response.status == .ok)
                #expect(Self.body(response) == expected)
            }
        }
    }

    @Test("with a token file, /v1/ needs a bearer token (401 without, or with a wrong one); health stays open")
    func tokens() async throws {
        let folder = try ScratchDirectory("alertkit-tokens")
        let file = try folder.file("tokens", "# ops\nsecret-one\n\nsecret-two\n")
        try await Self.app { $0.tokenFile = file }.test(.router) { client in
            for header in [nil, "Bearer secret", "Bearer secret-one2", "Basic secret-one", "Bearer "] as [String?] {
                var headers: HTTPFields = [:]
                if let header { headers[.authorization] = header }
                try await client.execute(uri: "/v1/formats", method: .get, headers: headers) { response in
                    #expect(response.status == .unauthorized, "\(header ?? "none")")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                    _ = try Self.problem(response)
                }
            }
            for token in ["secret-one", "secret-two"] {
                try await client.execute(uri: "/v1/formats", method: .get, headers: [.authorization: "Bearer \(token)"]) {
                    #expect($0.status == .ok)
                }
            }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
        }
        #expect(BearerTokens<BasicRequestContext>.equal(Array("abc".utf8), Array("abc".utf8)))
        #expect(!BearerTokens<BasicRequestContext>.equal(Array("abc".utf8), Array("abd".utf8)))
        #expect(!BearerTokens<BasicRequestContext>.equal(Array("abc".utf8), Array("abcd".utf8)))
        #expect(!BearerTokens<BasicRequestContext>.equal([], Array("a".utf8)))
    }

    @Test("bad bodies sent at the same time as valid ones: every valid one is rendered")
    func concurrentBadBodies() async throws {
        let valid = try Fixtures.sample("email-alert")
        let expected = try AlertPipeline().render(valid, format: "html", options: RenderOptions(fragment: true)).document
        let bad: [(HTTPFields, ByteBuffer)] = [
            (Self.json, ByteBuffer(repeating: UInt8(ascii: " "), count: (1 << 20) + 10)),  // over the limit
            (Self.json, ByteBuffer(bytes: valid.prefix(valid.count / 2))),  // truncated
            (Self.json, ByteBuffer(string: "<html>not json</html>")),
            (Self.json, ByteBuffer(string: #"{"id": "1", "type": 1, "events": [{}]}"#)),  // invalid
            ([.contentType: "text/csv"], ByteBuffer(string: "a,b")),
        ]
        try await Self.app().test(.router) { client in
            try await withThrowingTaskGroup(of: (Bool, Bool).self) { group in
                for index in 0..<60 {
                    group.addTask {
                        if index % 2 == 0 {
                            return try await client.execute(uri: "/v1/render?fragment=true", method: .post, headers: Self.json,
                                                            body: ByteBuffer(bytes: valid)) { response in
                                (true, response.status == .ok && Self.body(response) == expected)
                            }
                        }
                        let (headers, body) = bad[index / 2 % bad.count]
                        return try await client.execute(uri: "/v1/render", method: .post, headers: headers, body: body) { response in
                            (false, (400..<500).contains(Int(response.status.code)))
                        }
                    }
                }
                var validOK = 0, badOK = 0
                for try await (isValid, ok) in group where ok { if isValid { validOK += 1 } else { badOK += 1 } }
                #expect(validOK == 30)
                #expect(badOK == 30)
            }
        }
    }

    @Test("limits: at each accepted, over each 422 (render) or a rejected line (batch) naming the limit")
    func limits() async throws {
        @Sendable func alert(events: Int, name: Int = 4) -> String {
            let event = #"{"date":"2020-01-01","data":{"name":"\#(String(repeating: "n", count: name))"}}"#
            return #"{"id":"s","type":2,"events":[\#(Array(repeating: event, count: events).joined(separator: ","))]}"#
        }
        try await Self.app { $0.limits = AlertLimits(maxBytes: 600, maxEvents: 2, maxStringBytes: 40, maxDepth: 8) }.test(.router) { client in
            for (body, status, needle) in [(alert(events: 2), HTTPResponse.Status.ok, ""),
                                           (alert(events: 3), .unprocessableContent, "the events limit"),
                                           (alert(events: 1, name: 40), .ok, ""),
                                           (alert(events: 1, name: 41), .badRequest, "over the string limit of 40 bytes"),
                                           (alert(events: 1) + String(repeating: " ", count: 600), .contentTooLarge, "the alert size limit")] {
                try await client.execute(uri: "/v1/render?format=text", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == status, "\(body.prefix(60))")
                    if !needle.isEmpty { #expect(Self.body(response).contains(needle)) }
                }
            }
            let feed = [alert(events: 2), alert(events: 3), alert(events: 1) + String(repeating: " ", count: 600), alert(events: 1)]
            try await client.execute(uri: "/v1/batch?format=text", method: .post, headers: [.contentType: "application/x-ndjson"],
                                     body: ByteBuffer(string: feed.joined(separator: "\n") + "\n")) { response in
                let lines = Self.body(response).split(separator: "\n")
                #expect(lines.count == 5 && lines[4] == #"{"summary":{"rendered":2,"rejected":2,"warnings":0,"fitted":0}}"#)
                #expect(lines[1].contains("the events limit") && lines[2].contains("over the alert size limit of 600 bytes"))
                #expect(lines[0].contains("\"document\"") && lines[3].contains("\"document\""))
            }
        }
        #expect(throws: ServerConfigurationError.self) {
            var bad = ServerConfiguration()
            bad.limits.maxEvents = 0
            try bad.check()
        }
    }

    @Test("batch slots: a stream over the limit is refused; a slot goes back when its answer is done with")
    func slots() {
        let slots = BatchSlots()
        #expect(slots.acquire(limit: 2) && slots.acquire(limit: 2))
        #expect(!slots.acquire(limit: 2))
        slots.release()
        #expect(slots.acquire(limit: 2))
        var slot: BatchSlots.Slot? = BatchSlots.Slot(slots)  // a stream's slot, its answer dropped unwritten
        #expect(!slots.acquire(limit: 2))
        slot = nil
        #expect(slot == nil && slots.acquire(limit: 2))
    }

    @Test("a configuration file: its keys over the defaults; an unknown key or a bad value is a clear error")
    func configuration() throws {
        let folder = try ScratchDirectory("alertkit-config")
        let good = try folder.file("good.json", #"{"port": 9000, "allowReveal": true, "bodyLimit": 2048}"#)
        let loaded = try ServerConfiguration.load(file: good)
        #expect(loaded.port == 9000 && loaded.allowReveal && loaded.bodyLimit == 2048 && loaded.host == "127.0.0.1")
        let unknown = try folder.file("unknown.json", #"{"prot": 9000}"#)
        #expect(throws: ServerConfigurationError.self) { try ServerConfiguration.load(file: unknown) }
        do { _ = try ServerConfiguration.load(file: unknown) } catch { #expect("\(error)".contains("unknown key \"prot\"")) }
        var bad = ServerConfiguration()
        bad.port = 70000
        #expect(throws: ServerConfigurationError.self) { try bad.check() }
    }

    @Test("the configuration's product settings reach every locale's documents; an app link that is not https is refused")
    func product() async throws {
        let folder = try ScratchDirectory("alertkit-config")
        let file = try folder.file("product.json", #"{"product": {"name": "Acme Guard", "appLink": "https://acme.example/alerts", "senderName": "Acme Guard", "senderAddress": "alerts@acme.example"}}"#)
        let loaded = try ServerConfiguration.load(file: file)
        let data = try Fixtures.sample("email-alert")
        try await Self.app { $0 = loaded; $0.port = 0 }.test(.router) { client in
            for locale in ["en", "es"] {
                try await client.execute(uri: "/v1/render?format=email&locale=\(locale)", method: .post, headers: Self.json,
                                         body: ByteBuffer(bytes: data)) { response in
                    let email = Self.body(response)
                    #expect(response.status == .ok && email.contains("From: Acme Guard <alerts@acme.example>"), "\(locale): \(email.prefix(300))")
                }
            }
        }
        let unknown = try folder.file("typo.json", #"{"product": {"nmae": "Acme"}}"#)
        do { _ = try ServerConfiguration.load(file: unknown); Issue.record("a typo inside product was accepted") } catch {
            #expect("\(error)".contains("unknown key \"nmae\""), "\(error)")
        }
        var plain = ServerConfiguration()
        plain.product.appLink = "http://acme.example"
        #expect { try plain.check() } throws: { "\($0)".contains("https") }
    }

    @Test("the configuration's help line reaches every locale's documents (the SMS and Teams cards show it); a number that is not one is refused")
    func helpLine() async throws {
        let folder = try ScratchDirectory("alertkit-config")
        let loaded = try ServerConfiguration.load(file: try folder.file("help.json", #"{"helpLine": "+1 (800) 555-0100"}"#))
        #expect(loaded.helpLine?.uri == "tel:+18005550100")
        let data = try Fixtures.sample("email-alert")
        try await Self.app { $0 = loaded; $0.port = 0 }.test(.router) { client in
            for (locale, format) in [("en", "sms"), ("en", "teams"), ("es", "teams")] {
                try await client.execute(uri: "/v1/render?format=\(format)&locale=\(locale)", method: .post, headers: Self.json,
                                         body: ByteBuffer(bytes: data)) { response in
                    #expect(response.status == .ok && Self.body(response).contains("+1 (800) 555-0100"), "\(locale) \(format)")
                }
            }
        }
        try await Self.app { $0.port = 0 }.test(.router) { client in
            try await client.execute(uri: "/v1/render?format=sms", method: .post, headers: Self.json, body: ByteBuffer(bytes: data)) { response in
                #expect(response.status == .ok && !Self.body(response).contains("555-0100"), "no help line by default")
            }
        }
        do { _ = try ServerConfiguration.load(file: try folder.file("bad.json", #"{"helpLine": "call us"}"#)); Issue.record("accepted") } catch {
            #expect("\(error)".contains("helpLine takes"), "\(error)")
        }
    }

    @Test("the OpenAPI document types a format=json answer as the view model, a batch line as its own, every problem kind and the warning headers")
    func openAPITypes() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.text.utf8)) as? [String: Any])
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let view = try #require(schemas["AlertView"] as? [String: Any])
        let viewSchema = try #require(try JSONSerialization.jsonObject(with: Data(ViewSchema.text.utf8)) as? [String: Any])
        #expect(Set((view["properties"] as? [String: Any] ?? [:]).keys) == Set((viewSchema["properties"] as? [String: Any] ?? [:]).keys))
        #expect(!OpenAPIDocument.text.contains("#/$defs/"), "every reference of the view schema points into components")
        let lines = try #require((schemas["BatchLine"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        #expect(lines.compactMap { $0["title"] as? String } == ["Rendered", "Rejected", "Summary"])
        let type = try #require(((schemas["ProblemDetails"] as? [String: Any])?["properties"] as? [String: Any])?["type"] as? [String: Any])
        let kinds = ((type["anyOf"] as? [[String: Any]])?.first?["enum"] as? [String]) ?? []
        #expect(kinds == ProblemDetails.kinds.map { "urn:alertkit:problem:" + $0 })
        let render = (((document["paths"] as? [String: Any])?["/v1/render"] as? [String: Any])?["post"] as? [String: Any])?["responses"] as? [String: Any]
        let headers = ((render?["200"] as? [String: Any])?["headers"] as? [String: Any]) ?? [:]
        #expect(headers["AlertKit-Warnings"] != nil && headers["AlertKit-Warning"] != nil)
    }

    @Test("a presenter and an emitter registered in Swift are served like AlertKit's own")
    func extensions() async throws {
        var extensions = AlertExtensions()
        extensions.register(IdEmitter())
        try await Self.app(extensions: extensions).test(.router) { client in
            try await client.execute(uri: "/v1/render?format=ids", method: .post, headers: Self.json,
                                     body: ByteBuffer(bytes: try Fixtures.sample("email-alert"))) { response in
                #expect(response.status == .ok && Self.body(response) == "4930982:105\n")
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
            try await client.execute(uri: "/v1/formats", method: .get) { response in
                #expect(Self.body(response).contains("\"ids\""))
            }
        }
    }
}

/// A format of a host's own: the alert's id on a line.
private struct IdEmitter: AlertEmitter {
    let format = OutputFormat(name: "ids", mediaType: "text/plain; charset=utf-8", fileExtension: "txt", summary: "the id")
    func render(_ view: AlertView, options: RenderOptions) throws -> String { view.id + "\n" }
}
