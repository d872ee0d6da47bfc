import AlertRendering
import Foundation

/// The OpenAPI 3.1 document of the server's API (`Resources/openapi.json`), served at `/v1/openapi.json`;
/// Schemathesis checks the server against it.
enum OpenAPIDocument {
    /// Compiled into the server (`embedInCode`), so a binary copied anywhere serves it, with the view model's schema
    /// (`alertkit schema --view`) put in as `AlertView`: the type of a `format=json` answer. It is added here rather
    /// than copied into the file, so that the two cannot drift apart.
    static let text: String = {
        let base = String(decoding: PackageResources.openapi_json, as: UTF8.self)
        guard var document = (try? JSONSerialization.jsonObject(with: Data(base.utf8))) as? [String: Any],
              var view = (try? JSONSerialization.jsonObject(with: Data(ViewSchema.text.utf8))) as? [String: Any],
              var components = document["components"] as? [String: Any],
              var schemas = components["schemas"] as? [String: Any] else { return base }
        // The view schema's own definitions become components, and its references follow them.
        let definitions = view.removeValue(forKey: "$defs") as? [String: Any] ?? [:]
        view.removeValue(forKey: "$schema")
        view.removeValue(forKey: "$id")
        func name(_ definition: String) -> String { "AlertView" + definition.prefix(1).uppercased() + definition.dropFirst() }
        func relocated(_ value: Any) -> Any {
            switch value {
            case let object as [String: Any]:
                var object = object.mapValues(relocated)
                if let reference = object["$ref"] as? String, reference.hasPrefix("#/$defs/") {
                    object["$ref"] = "#/components/schemas/" + name(String(reference.dropFirst("#/$defs/".count)))
                }
                return object
            case let array as [Any]: return array.map(relocated)
            default: return value
            }
        }
        schemas["AlertView"] = relocated(view)
        for (definition, schema) in definitions { schemas[name(definition)] = relocated(schema) }
        components["schemas"] = schemas
        document["components"] = components
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys,
                                                                                         .withoutEscapingSlashes]) else { return base }
        return String(decoding: data, as: UTF8.self) + "\n"
    }()
}
