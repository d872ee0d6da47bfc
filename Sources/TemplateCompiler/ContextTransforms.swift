import Foundation

/// The transforms on a compiled template's values, with the meaning `JSONTransforms.swift` gives them: a string's
/// five, a list's six, an object's four (its members in name order), a whole number's five. A transform of text that
/// needed no escaping (`alert.key`) gives text that is escaped like any other.
extension Transform {
    /// The transform of `value` (an object's member names in `names`), or nil when it does not apply.
    func apply(to value: ContextValue, names: [String]?) -> ContextValue? {
        switch value {
        case .string(let text), .verbatim(let text): apply(toString: text)
        case .list(let items): apply(toList: items)
        case .object(let members): names.flatMap { apply(toObject: members, names: $0) }
        case .integer, .number: value.integerValue.flatMap(apply(toInteger:))
        case .boolean: nil
        }
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()`: the list item's place; nil for the other transforms.
    func applyToPlace(_ place: SequencePlace) -> ContextValue? {
        switch self {
        case .first: .boolean(place.index == 0)
        case .last: .boolean(place.isLast)
        case .index: .integer(place.index)
        case .even: .boolean(place.index & 1 == 0)
        case .odd: .boolean(place.index & 1 == 1)
        default: nil
        }
    }

    private func apply(toString text: String) -> ContextValue? {
        switch self {
        case .empty: .boolean(text.isEmpty)
        case .capitalized: .string(text.capitalized)
        case .lowercased: .string(text.lowercased())
        case .uppercased: .string(text.uppercased())
        case .reversed: .string(String(text.reversed()))
        default: nil
        }
    }

    private func apply(toList items: [ContextValue]) -> ContextValue? {
        switch self {
        case .first: items.first
        case .last: items.last
        case .reversed: .list(items.reversed())
        case .count: .integer(items.count)
        case .empty: .boolean(items.isEmpty)
        case .sorted: Self.sorted(items).map(ContextValue.list)
        default: nil
        }
    }

    private func apply(toObject members: [ContextValue?], names: [String]) -> ContextValue? {
        let present = zip(names, members).compactMap { name, value in value.map { (name, $0) } }
        switch self {
        case .count: return .integer(present.count)
        case .empty: return .boolean(present.isEmpty)
        case .enumerated, .sorted: return .list(present.map { .object([.string($0.0), $0.1]) })  // {key, value}
        default: return nil
        }
    }

    private func apply(toInteger integer: Int) -> ContextValue? {
        switch self {
        case .equalzero: return .boolean(integer == 0)
        case .even: return .boolean(integer & 1 == 0)
        case .odd: return .boolean(integer & 1 == 1)
        case .plusone, .minusone:
            let (result, overflow) = self == .plusone ? integer.addingReportingOverflow(1) : integer.subtractingReportingOverflow(1)
            return overflow ? nil : .integer(result)
        default: return nil
        }
    }

    /// A list of strings, or of numbers, in increasing order; nil for a list of anything else.
    private static func sorted(_ items: [ContextValue]) -> [ContextValue]? {
        let strings = items.compactMap { item -> String? in
            switch item {
            case .string(let text), .verbatim(let text): text
            default: nil
            }
        }
        if strings.count == items.count { return strings.sorted().map(ContextValue.string) }
        let numbers = items.compactMap { item -> Double? in
            switch item {
            case .integer(let number): Double(number)
            case .number(let number): number
            default: nil
            }
        }
        guard numbers.count == items.count else { return nil }
        return numbers.sorted().map { $0.rounded() == $0 && abs($0) < 1e15 ? .integer(Int($0)) : .number($0) }
    }
}
