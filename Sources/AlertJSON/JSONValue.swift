/// A parsed JSON value that keeps JSON's own distinctions: `true` is never the number 1,
/// and an object keeps its members in document order.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON Schema name of this value's type (`integer` for numbers with no fractional part).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let n): n.isFinite && n.rounded() == n ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { s } else { nil }
    }

    /// The member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// A short description of the value for error messages: a type and, for scalars, the value.
    public var summary: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return Self.numberText(n)
        case .string(let s):
            let shown = s.count > 40 ? String(s.prefix(40)) + "…" : s
            return "\"\(shown)\""
        case .array(let a): return a.isEmpty ? "an empty array" : "an array of \(a.count)"
        case .object(let o): return o.members.isEmpty ? "an empty object" : "an object"
        }
    }

    /// Formats a JSON number the way it would be written: integers without a fraction.
    public static func numberText(_ n: Double) -> String {
        if n.isFinite, n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
        return String(n)
    }
}

/// A JSON object: members in document order. When a key repeats, the last one wins,
/// as it does for most JSON readers (Python's `json`, JavaScript's `JSON.parse`).
public struct JSONObject: Sendable, Hashable {
    /// One `"key": value` pair.
    public struct Member: Sendable, Hashable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// Creates a member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members as written, duplicates included.
    public var members: [Member]

    /// Creates an object from its members.
    public init(_ members: [Member] = []) {
        self.members = members
    }

    /// The value of the last member named `key`.
    public subscript(key: String) -> JSONValue? {
        for member in members.reversed() where member.key == key {
            return member.value
        }
        return nil
    }
}
