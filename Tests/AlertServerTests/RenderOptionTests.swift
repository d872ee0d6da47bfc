import AlertRendering
@testable import AlertServer
import AlertTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The service's `width` and `date` parameters reach the emitters as the library's `RenderOptions` do: the same
/// document as the library makes with the same options, and each bound checked at, below and above.
@Suite("Server render options")
struct RenderOptionTests {
    static let moment = "2026-11-25T09:30:00Z"

    @Test("width 20 and 1000 give the library's text at those widths; 19, 1001 and words are 400 naming width")
    func width() async throws {
        let data = try Fixtures.sample("email-alert")
        let pipeline = AlertPipeline(formats: try FormatRegistry.standard(templates: []))
        try await ServerTests.app().test(.router) { client in
            for columns in [20, 1000] {
                let expected = try pipeline.render(data, format: "text", options: RenderOptions(textWidth: columns)).document
                try await client.execute(uri: "/v1/render?format=text&width=\(columns)", method: .post,
                                         headers: ServerTests.json, body: ByteBuffer(bytes: data)) { response in
                    #expect(response.status == .ok && ServerTests.body(response) == expected, "width \(columns)")
                }
            }
            #expect(try pipeline.render(data, format: "text", options: RenderOptions(textWidth: 20)).document
                    != pipeline.render(data, format: "text").document, "a width that changes nothing tests nothing")
            for bad in ["19", "1001", "0", "-5", "wide", "72.5", ""] {
                try await client.execute(uri: "/v1/render?format=text&width=\(bad)", method: .post,
                                         headers: ServerTests.json, body: ByteBuffer(bytes: data)) { response in
                    #expect(response.status == .badRequest, "width=\(bad)")
                    _ = try ServerTests.problem(response)  // a problem document, with no internals in it
                    #expect(ServerTests.body(response).contains("width"), "width=\(bad)")
                }
            }
        }
    }

    @Test("date: the email's Date and Message-ID are the library's for that moment, in render and batch; a bad date is 400")
    func date() async throws {
        let data = try Fixtures.sample("email-alert")
        let pipeline = AlertPipeline(formats: try FormatRegistry.standard(templates: []))
        let when = try #require(RenderOptions.date(Self.moment))
        let expected = try pipeline.render(data, format: "email", options: RenderOptions(date: when)).document
        #expect(expected.contains("Date: Wed, 25 Nov 2026 09:30:00 +0000"))
        try await ServerTests.app().test(.router) { client in
            for spelled in [Self.moment, "2026-11-25T10:30:00+01:00", "2026-11-25T09:30:00.000Z"] {
                let query = spelled.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? spelled
                try await client.execute(uri: "/v1/render?format=email&date=\(query)", method: .post,
                                         headers: ServerTests.json, body: ByteBuffer(bytes: data)) { response in
                    #expect(response.status == .ok && ServerTests.body(response) == expected, "date=\(spelled)")
                }
            }
            let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).joined() + "\n"
            try await client.execute(uri: "/v1/batch?format=email&date=\(Self.moment)", method: .post,
                                     headers: [.contentType: "application/x-ndjson"], body: ByteBuffer(string: line)) { response in
                #expect(response.status == .ok)
                #expect(ServerTests.body(response).contains("Date: Wed, 25 Nov 2026 09:30:00 +0000"))
            }
            for bad in ["yesterday", "2026-11-25", "2026-13-01T00:00:00Z", "1764063000"] {
                try await client.execute(uri: "/v1/render?format=email&date=\(bad)", method: .post,
                                         headers: ServerTests.json, body: ByteBuffer(bytes: data)) { response in
                    #expect(response.status == .badRequest, "date=\(bad)")
                    #expect(ServerTests.body(response).contains("date"), "date=\(bad)")
                }
            }
        }
    }
}
