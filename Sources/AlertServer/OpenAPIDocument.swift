import Foundation

/// The OpenAPI 3.1 document of the server's API (`Resources/openapi.json`), served at `/v1/openapi.json`;
/// Schemathesis checks the server against it.
enum OpenAPIDocument {
    static let text: String = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            return #"{"openapi":"3.1.0","info":{"title":"AlertKit","version":"missing"},"paths":{}}"#
        }
        return text
    }()
}
