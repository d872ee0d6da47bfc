/// JSON values encode and decode as the JSON they stand for, so types that hold one stay `Codable`.
extension JSONValue: Codable {
    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
        } else if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(JSONObject(try keyed.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
                JSONObject.Member(key: $0.stringValue, value: try keyed.decode(JSONValue.self, forKey: $0))
            }))
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() { self = .null }
            else if let flag = try? single.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? single.decode(Double.self) { self = .number(number) }
            else { self = .string(try single.decode(String.self)) }
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .number(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var list = encoder.unkeyedContainer()
            for element in elements { try list.encode(element) }
        case .object(let object):
            var keyed = encoder.container(keyedBy: AnyKey.self)
            for member in object.members { try keyed.encode(member.value, forKey: AnyKey(stringValue: member.key)) }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
