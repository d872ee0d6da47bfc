/// One compiled subschema. Only the keywords listed in `SchemaNode.keywords` are understood;
/// compiling a schema that uses any other one fails, so the schema file and the validator cannot drift apart.
final class SchemaNode: Sendable {
    static let keywords: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "$comment", "title", "description",
        "type", "enum", "const", "required", "properties", "items", "minItems", "maxItems",
        "minLength", "maxLength", "pattern", "allOf", "if", "then", "else",
    ]

    let ref: String?
    let description: String?
    let types: [String]?
    let enumValues: [JSONValue]?
    let constValue: JSONValue?
    let required: [String]
    let properties: [(key: String, node: SchemaNode)]
    let items: SchemaNode?
    let minItems: Int?
    let maxItems: Int?
    let minLength: Int?
    let maxLength: Int?
    let pattern: SchemaPattern?
    let allOf: [SchemaNode]
    let ifNode: SchemaNode?
    let thenNode: SchemaNode?
    let elseNode: SchemaNode?

    init(_ value: JSONValue, at pointer: JSONPointer) throws(SchemaError) {
        guard case .object(let object) = value else {
            throw SchemaError(pointer: pointer, message: "a subschema must be an object")
        }
        for member in object.members where !Self.keywords.contains(member.key) {
            throw SchemaError(pointer: pointer.appending(member.key), message: "unsupported keyword \"\(member.key)\"")
        }
        func sub(_ key: String) throws(SchemaError) -> SchemaNode? {
            guard let value = object[key] else { return nil }
            return try SchemaNode(value, at: pointer.appending(key))
        }
        func int(_ key: String) throws(SchemaError) -> Int? {
            guard let value = object[key] else { return nil }
            guard case .number(let n) = value, n >= 0, n.rounded() == n, n < 1e9 else {
                throw SchemaError(pointer: pointer.appending(key), message: "must be a non-negative integer")
            }
            return Int(n)
        }
        func strings(_ key: String) throws(SchemaError) -> [String]? {
            guard let value = object[key] else { return nil }
            if case .string(let s) = value { return [s] }
            guard case .array(let elements) = value else {
                throw SchemaError(pointer: pointer.appending(key), message: "must be a string or an array of strings")
            }
            var out: [String] = []
            for element in elements {
                guard case .string(let s) = element else {
                    throw SchemaError(pointer: pointer.appending(key), message: "must hold strings only")
                }
                out.append(s)
            }
            return out
        }

        ref = try strings("$ref")?.first
        if let ref, !ref.hasPrefix("#/$defs/") {
            throw SchemaError(pointer: pointer.appending("$ref"), message: "only local references to #/$defs/… are supported")
        }
        description = object["description"]?.stringValue
        types = try strings("type")
        if case .array(let values)? = object["enum"] { enumValues = values } else { enumValues = nil }
        constValue = object["const"]
        required = try strings("required") ?? []
        if case .object(let props)? = object["properties"] {
            var list: [(key: String, node: SchemaNode)] = []
            for member in props.members {
                list.append((member.key, try SchemaNode(member.value, at: pointer.appending("properties").appending(member.key))))
            }
            properties = list
        } else {
            properties = []
        }
        items = try sub("items")
        minItems = try int("minItems")
        maxItems = try int("maxItems")
        minLength = try int("minLength")
        maxLength = try int("maxLength")
        if let source = object["pattern"]?.stringValue {
            do { pattern = try SchemaPattern(source) } catch {
                throw SchemaError(pointer: pointer.appending("pattern"), message: "not a valid regular expression")
            }
        } else {
            pattern = nil
        }
        if case .array(let list)? = object["allOf"] {
            var nodes: [SchemaNode] = []
            for (index, element) in list.enumerated() {
                nodes.append(try SchemaNode(element, at: pointer.appending("allOf").appending(index)))
            }
            allOf = nodes
        } else {
            allOf = []
        }
        ifNode = try sub("if")
        thenNode = try sub("then")
        elseNode = try sub("else")
    }

    func property(_ key: String) -> SchemaNode? {
        properties.first(where: { $0.key == key })?.node
    }
}
