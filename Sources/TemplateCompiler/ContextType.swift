/// The type of a value in a template's context: what the checker resolves a template's names against, so that a
/// misspelt name, a transform applied to a value it does not take, or a tag that prints a whole object is found when
/// the template loads, not in a document.
public indirect enum ContextType: Sendable, Hashable, CustomStringConvertible {
    /// Text.
    case string
    /// A whole number.
    case integer
    /// A number that may have a fraction.
    case number
    /// `true` or `false`.
    case boolean
    /// A list whose items are all of one type.
    case list(ContextType)
    /// An object with named members.
    case object(ContextObject)
    /// Any value: what a JSON context holds, or the value of an enumerated member. Names under it are not checked.
    case any

    /// The type's name in a sentence: `a string`, `a list`…
    public var description: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .list: "a list"
        case .object: "an object"
        case .any: "a value"
        }
    }

    /// The type of one value that is either of `self` or of `other` (items of one list, each seen once): objects
    /// keep every member, a member that one of them lacks being optional; types that differ otherwise give `.any`.
    public func merged(with other: ContextType) -> ContextType {
        switch (self, other) {
        case (.object(let a), .object(let b)): return .object(a.merged(with: b))
        case (.list(let a), .list(let b)): return .list(a.merged(with: b))
        case (.integer, .number), (.number, .integer): return .number
        default: return self == other ? self : .any
        }
    }
}

/// An object's members, by name.
public struct ContextObject: Sendable, Hashable {
    /// One member: its name, its type, and whether some values leave it out (`help.phone` without a help line).
    public struct Member: Sendable, Hashable {
        /// The name a template writes.
        public var name: String
        /// The type of its value.
        public var type: ContextType
        /// Whether it may be missing (a section over it is then false, a tag prints nothing).
        public var isOptional: Bool

        /// Creates a member.
        public init(name: String, type: ContextType, isOptional: Bool = false) {
            self.name = name
            self.type = type
            self.isOptional = isOptional
        }
    }

    /// The members, in name order.
    public private(set) var members: [Member]

    /// An object with `members` (a name given twice keeps the last).
    public init(_ members: [Member]) {
        var byName: [String: Member] = [:]
        for member in members { byName[member.name] = member }
        self.members = byName.values.sorted { $0.name < $1.name }
    }

    /// The member named `name`.
    public subscript(name: String) -> Member? {
        members.first { $0.name == name }
    }

    /// The members of both, each member's types merged; one that either lacks is optional.
    func merged(with other: ContextObject) -> ContextObject {
        var result: [Member] = []
        for name in Set(members.map(\.name) + other.members.map(\.name)) {
            switch (self[name], other[name]) {
            case let (a?, b?): result.append(Member(name: name, type: a.type.merged(with: b.type), isOptional: a.isOptional || b.isOptional))
            case let (a?, nil): result.append(Member(name: name, type: a.type, isOptional: true))
            case let (nil, b?): result.append(Member(name: name, type: b.type, isOptional: true))
            case (nil, nil): break
            }
        }
        return ContextObject(result)
    }
}
