import Foundation

/// A compiled JSON Schema (draft 2020-12, the subset of keywords in the alert schema) that validates
/// `JSONValue`s and reports every problem with a JSON pointer, the expectation and what was found.
public struct JSONSchema: Sendable {
    /// The schema document as written.
    public let document: JSONValue
    private let root: SchemaNode
    private let definitions: [String: SchemaNode]

    /// The most issues one validation reports; past that a last issue says that more were left out.
    public var maxIssues = 100

    /// Whether this is `JSONSchema.alert` (AlertModel), whose rules `AlertFastDecoder` knows by heart; any other
    /// schema, even one compiled from the same text, is only ever interpreted.
    package var isAlertContract = false

    /// Member names whose values a message never shows, only their kind and size (an SSN, a card number).
    public var redactedKeys: Set<String> = []

    /// Compiles a schema document.
    public init(document: JSONValue) throws(SchemaError) {
        self.document = document
        root = try SchemaNode(document, at: .root)
        var definitions: [String: SchemaNode] = [:]
        if case .object(let defs)? = document["$defs"] {
            for member in defs.members {
                definitions["#/$defs/" + member.key] = try SchemaNode(
                    member.value, at: JSONPointer.root.appending("$defs").appending(member.key))
            }
        }
        self.definitions = definitions
        try checkReferences(root, at: .root)
        for (name, node) in definitions { try checkReferences(node, at: JSONPointer(escaped: String(name.dropFirst()))) }
    }

    /// Every problem in `value`, in document order; empty when it is valid.
    public func validate(_ value: JSONValue) -> [ValidationIssue] {
        var run = Run(definitions: definitions, limit: maxIssues, redacted: redactedKeys)
        run.validate(value, root, siblings: [])
        return run.issues
    }

    /// Whether `value` is valid, stopping at the first problem.
    public func isValid(_ value: JSONValue) -> Bool {
        var run = Run(definitions: definitions, limit: 1, redacted: redactedKeys)
        return run.check(value, root)
    }

    private func checkReferences(_ node: SchemaNode, at pointer: JSONPointer) throws(SchemaError) {
        if let ref = node.ref, definitions[ref] == nil {
            throw SchemaError(pointer: pointer.appending("$ref"), message: "\(ref) is not defined")
        }
        var children = node.properties.map(\.node) + node.allOf
        children += [node.items, node.ifNode, node.thenNode, node.elseNode].compactMap { $0 }
        for child in children { try checkReferences(child, at: pointer) }
    }
}

/// One validation: the issues found so far, and the definitions `$ref` points to.
private struct Run {
    let definitions: [String: SchemaNode]
    let limit: Int
    /// The schema's `redactedKeys`.
    let redacted: Set<String>
    var issues: [ValidationIssue] = []
    private var reporting = true
    private var failed = false
    /// Where the validation is: the path from the root, turned into a pointer only when a problem is reported.
    private var path: [PathToken] = []

    private enum PathToken {
        case key(String)
        case index(Int)
    }

    private var pointer: JSONPointer {
        path.reduce(JSONPointer.root) { pointer, token in
            switch token {
            case .key(let key): pointer.appending(key)
            case .index(let index): pointer.appending(index)
            }
        }
    }

    /// What a message may say of a value: its summary, but never a sensitive value itself (an SSN, a card or
    /// account number: the schema's `redactedKeys`), only its kind and size.
    private static func shown(_ value: JSONValue, at last: PathToken?, redacted: Set<String>) -> String {
        guard case .key(let key)? = last, redacted.contains(key) else { return value.summary }
        switch value {
        case .string(let text): return "a string of \(text.count) characters (not shown: a sensitive value)"
        case .number: return "a number (not shown: a sensitive value)"
        default: return value.summary
        }
    }

    private mutating func within(_ token: PathToken, _ body: (inout Run) -> Void) {
        path.append(token)
        body(&self)
        path.removeLast()
    }

    init(definitions: [String: SchemaNode], limit: Int, redacted: Set<String>) {
        self.definitions = definitions
        self.limit = limit
        self.redacted = redacted
    }

    /// Validates silently and says whether `value` passed (for `if` and `isValid`).
    mutating func check(_ value: JSONValue, _ node: SchemaNode) -> Bool {
        let saved = (reporting, failed)
        reporting = false
        failed = false
        validate(value, node, siblings: [])
        let passed = !failed
        (reporting, failed) = saved
        return passed
    }

    private mutating func report(_ expected: @autoclosure () -> String, _ found: @autoclosure () -> String) {
        failed = true
        guard reporting else { return }
        let pointer = self.pointer
        let expected = expected(), found = found()
        if issues.count == limit {
            issues.append(ValidationIssue(pointer: pointer, expected: "fewer problems", found: "more than \(limit); the rest are not listed"))
        } else if issues.count < limit {
            let issue = ValidationIssue(pointer: pointer, expected: expected, found: found)
            if !issues.contains(issue) { issues.append(issue) }
        }
    }

    /// `siblings` are the property schemas of the enclosing object schema, for `required` in `then`.
    mutating func validate(_ value: JSONValue, _ node: SchemaNode, siblings: [(key: String, node: SchemaNode)]) {
        let redacted = self.redacted  // read in `report`'s autoclosures, which run inside its mutating access
        if failed && !reporting { return }
        if let ref = node.ref, let target = definitions[ref] {
            validate(value, target, siblings: siblings)
        }
        let definitions = self.definitions
        let last = path.last
        if let types = node.types, !types.contains(where: { Self.matches(value, type: $0) }) {
            report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted))
            return
        }
        if let values = node.enumValues, !values.contains(where: { Self.equal($0, value) }) {
            report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted))
            return
        }
        if let constant = node.constValue, !Self.equal(constant, value) {
            report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted))
            return
        }
        switch value {
        case .string(let text):
            let length = text.unicodeScalars.count
            if let min = node.minLength, length < min { report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted)) }
            else if let max = node.maxLength, length > max { report(Self.expectation(node, definitions), "\(length) characters") }
            else if let pattern = node.pattern, !pattern.matches(text) { report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted)) }
        case .array(let elements):
            if let min = node.minItems, elements.count < min { report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted)) }
            if let max = node.maxItems, elements.count > max { report(Self.expectation(node, definitions), Self.shown(value, at: last, redacted: redacted)) }
            if let items = node.items {
                for (index, element) in elements.enumerated() {
                    within(.index(index)) { $0.validate(element, items, siblings: []) }
                }
            }
        case .object(let object):
            let known = node.properties.isEmpty ? siblings : node.properties
            for key in node.required where object[key] == nil {
                let member = known.first(where: { $0.key == key })?.node
                let expectation = member.map { Self.expectation($0, definitions) } ?? "a value"
                within(.key(key)) { $0.report(expectation, "nothing") }
            }
            for (key, child) in node.properties {
                if let member = object[key] { within(.key(key)) { $0.validate(member, child, siblings: []) } }
            }
        default:
            break
        }
        let inner = node.properties.isEmpty ? siblings : node.properties
        for child in node.allOf {
            validate(value, child, siblings: inner)
        }
        if let condition = node.ifNode {
            let branch = check(value, condition) ? node.thenNode : node.elseNode
            if let branch { validate(value, branch, siblings: inner) }
        }
    }

    static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
             ("array", .array), ("object", .object): true
        case ("integer", .number(let n)): n.isFinite && n.rounded() == n
        default: false
        }
    }

    /// JSON Schema equality: numbers by value, objects regardless of member order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            let xKeys = Set(x.members.map(\.key))
            return xKeys == Set(y.members.map(\.key)) && xKeys.allSatisfy { k in equal(x[k]!, y[k]!) }
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default:
            return a == b
        }
    }

    /// What a subschema asks for, in words: its description, or one made from its keywords.
    static func expectation(_ node: SchemaNode, _ definitions: [String: SchemaNode]) -> String {
        if let description = node.description { return description }
        if let ref = node.ref, let target = definitions[ref] { return expectation(target, definitions) }
        if let constant = node.constValue { return constant.summary }
        if let values = node.enumValues { return "one of " + values.map(\.summary).joined(separator: ", ") }
        let article = ["integer": "an integer", "array": "an array", "object": "an object"]
        let names = (node.types ?? []).map { article[$0] ?? "a \($0)" }
        if names == ["a string"], node.minLength == 1 { return "a non-empty string" }
        if names == ["an array"], node.minItems == 1 { return "a non-empty array" }
        return names.isEmpty ? "a valid value" : names.joined(separator: " or ")
    }
}
