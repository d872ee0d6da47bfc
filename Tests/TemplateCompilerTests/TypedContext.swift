import AlertJSON
import TemplateCompiler

/// A JSON context as a typed one: its type read off its values, its values in that type's member order. Nil for a
/// context a typed template cannot hold as it is: a `null` (which stops a look-up where a missing member lets it go
/// on), or a list whose items differ in type (a member of unknown type compiles to nothing).
enum TypedContext {
    static func type(of value: JSONValue) -> ContextType? {
        switch value {
        case .null: return nil
        case .bool: return .boolean
        case .string: return .string
        case .number(let number): return number.rounded() == number ? .integer : .number
        case .array(let items):
            var item: ContextType?
            for each in items {
                guard let type = type(of: each) else { return nil }
                item = item.map { $0.merged(with: type) } ?? type
            }
            return .list(item ?? .string)
        case .object(let object):
            var members: [ContextObject.Member] = []
            for member in object.members {
                guard let type = type(of: member.value) else { return nil }
                members.append(.init(name: member.key, type: type))
            }
            return .object(ContextObject(members))
        }
    }

    /// `value` as a value of `type` (which `type(of:)` gave, or merged from it).
    static func value(_ value: JSONValue, as type: ContextType) -> ContextValue? {
        switch (value, type) {
        case (.bool(let flag), _): return .boolean(flag)
        case (.string(let text), _): return .string(text)
        case (.number(let number), .integer): return .integer(Int(number))
        case (.number(let number), _): return .number(number)
        case (.array(let items), .list(let item)):
            var values: [ContextValue] = []
            for each in items {
                guard let converted = Self.value(each, as: item) else { return nil }
                values.append(converted)
            }
            return .list(values)
        case (.object(let object), .object(let members)):
            var values: [ContextValue?] = Array(repeating: nil, count: members.members.count)
            for (index, member) in members.members.enumerated() {
                guard let found = object[member.name] else { continue }
                guard let converted = Self.value(found, as: member.type) else { return nil }
                values[index] = converted
            }
            return .object(values)
        default: return nil
        }
    }

    /// Whether `type` has a part of unknown type anywhere.
    static func hasAny(_ type: ContextType) -> Bool {
        switch type {
        case .any: true
        case .list(let item): hasAny(item)
        case .object(let object): object.members.contains { hasAny($0.type) }
        default: false
        }
    }
}
