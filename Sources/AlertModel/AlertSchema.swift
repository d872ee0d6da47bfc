import AlertJSON

extension JSONSchema {
    /// The alert contract (docs/contract.md), from the `alert.schema.json` resource.
    public static let alert: JSONSchema = {
        do {
            var schema = try JSONSchema(document: JSONParser().parse(alertSchemaText.utf8))
            schema.isAlertContract = true
            schema.redactedKeys = MatchKind.sensitiveKeys
            return schema
        } catch {
            // The schema ships with the library and is checked by its tests; a broken copy is a build defect.
            preconditionFailure("AlertModel's alert.schema.json is broken: \(error)")
        }
    }()

    /// The alert schema's text, exactly as shipped (what `alertkit schema` prints).
    /// It is compiled into the library (`embedInCode`), so a binary copied anywhere has it.
    public static let alertSchemaText = String(decoding: PackageResources.alert_schema_json, as: UTF8.self)
}
