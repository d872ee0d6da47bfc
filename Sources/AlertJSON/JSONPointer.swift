/// An RFC 6901 JSON pointer such as `/events/0/data/email`; the empty pointer is the whole document.
public struct JSONPointer: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The pointer as text, each token escaped (`~0` for `~`, `~1` for `/`).
    public private(set) var description: String

    /// The whole document.
    public static let root = JSONPointer(escaped: "")

    /// Creates a pointer from its escaped text.
    public init(escaped: String) {
        description = escaped
    }

    /// Creates a pointer from its escaped text.
    public init(stringLiteral value: String) {
        description = value
    }

    /// The pointer to member `key` of the value this points at.
    public func appending(_ key: String) -> JSONPointer {
        let escaped = key.contains(where: { $0 == "~" || $0 == "/" })
            ? key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            : key
        return JSONPointer(escaped: description + "/" + escaped)
    }

    /// The pointer to element `index` of the array this points at.
    public func appending(_ index: Int) -> JSONPointer {
        JSONPointer(escaped: description + "/" + String(index))
    }

    /// Orders pointers by their text.
    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }
}

private extension String {
    func replacingOccurrences(of target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
