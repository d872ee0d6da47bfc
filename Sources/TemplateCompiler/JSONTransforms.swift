import AlertJSON
import Foundation

/// The transforms on JSON values, with swift-mustache's meaning (its `Transform.swift`): a JSON string is its
/// `String`, a list its `Array`, an object its `Dictionary` (members in document order, where swift-mustache's
/// order is the hash's), an integral number its `Int`. A transform that does not apply to a value gives nothing:
/// the tag prints nothing, the section is false.
extension Transform {
    /// The transform of `value`, or nil when it does not apply.
    func apply(to value: JSONValue) -> JSONValue? {
        switch value {
        case .string(let text): apply(toString: text)
        case .array(let items): apply(toList: items)
        case .object(let object): apply(toObject: object)
        case .number(let number): Int64(exactly: number).flatMap(apply(toInteger:))
        case .null, .bool: nil
        }
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()`: the list item's place; nil for the other transforms.
    func apply(to place: SequencePlace) -> JSONValue? {
        switch self {
        case .first: .bool(place.index == 0)
        case .last: .bool(place.isLast)
        case .index: .number(Double(place.index))
        case .even: .bool(place.index & 1 == 0)
        case .odd: .bool(place.index & 1 == 1)
        default: nil
        }
    }

    private func apply(toString text: String) -> JSONValue? {
        switch self {
        case .empty: .bool(text.isEmpty)
        case .capitalized: .string(text.capitalized)
        case .lowercased: .string(text.lowercased())
        case .uppercased: .string(text.uppercased())
        case .reversed: .string(String(text.reversed()))
        default: nil
        }
    }

    private func apply(toList items: [JSONValue]) -> JSONValue? {
        switch self {
        case .first: items.first
        case .last: items.last
        case .reversed: .array(items.reversed())
        case .count: .number(Double(items.count))
        case .empty: .bool(items.isEmpty)
        case .sorted: Self.sorted(items).map(JSONValue.array)
        default: nil
        }
    }

    private func apply(toObject object: JSONObject) -> JSONValue? {
        let members = Self.distinctMembers(object)
        switch self {
        case .count: return .number(Double(members.count))
        case .empty: return .bool(members.isEmpty)
        case .enumerated: return .array(members.map(Self.pair))
        case .sorted: return .array(members.sorted { $0.key < $1.key }.map(Self.pair))
        default: return nil
        }
    }

    private func apply(toInteger integer: Int64) -> JSONValue? {
        switch self {
        case .equalzero: return .bool(integer == 0)
        case .even: return .bool(integer & 1 == 0)
        case .odd: return .bool(integer & 1 == 1)
        case .plusone, .minusone:
            let (result, overflow) = self == .plusone ? integer.addingReportingOverflow(1) : integer.subtractingReportingOverflow(1)
            return overflow ? nil : .number(Double(result))
        default: return nil
        }
    }

    /// A list of strings, or of numbers, in increasing order; nil for a list of anything else or of both (Swift
    /// sorts only an array whose elements compare).
    private static func sorted(_ items: [JSONValue]) -> [JSONValue]? {
        let strings = items.compactMap(\.stringValue)
        if strings.count == items.count { return strings.sorted().map(JSONValue.string) }
        let numbers = items.compactMap { if case .number(let number) = $0 { number } else { nil } }
        guard numbers.count == items.count else { return nil }
        return numbers.sorted().map(JSONValue.number)
    }

    /// The members, one for each key: the value of the last member with that key (as `JSONObject`'s subscript
    /// reads it), at the place of the first.
    private static func distinctMembers(_ object: JSONObject) -> [JSONObject.Member] {
        var seen: Set<String> = []
        return object.members.compactMap { member in
            guard seen.insert(member.key).inserted, let value = object[member.key] else { return nil }
            return JSONObject.Member(key: member.key, value: value)
        }
    }

    private static func pair(_ member: JSONObject.Member) -> JSONValue {
        .object(JSONObject([.init(key: "key", value: .string(member.key)), .init(key: "value", value: member.value)]))
    }
}

/// Where a list item is in its list, for `first()`, `last()`, `index()`, `even()` and `odd()`.
struct SequencePlace: Sendable {
    /// The item's index, from 0.
    var index: Int
    /// Whether the item is the last.
    var isLast: Bool
}
