import Foundation

/// The OpenAPI 3.1 document of the server's API (`Resources/openapi.json`), served at `/v1/openapi.json`;
/// Schemathesis checks the server against it.
enum OpenAPIDocument {
    /// Compiled into the server (`embedInCode`), so a binary copied anywhere serves it.
    static let text = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
