/// A value of a template's context as a compiled template reads it: typed, an object's members in the order of its
/// `ContextObject` (by name), so that the program reaches a member by the index the compiler resolved its name to.
public enum ContextValue: Sendable, Hashable {
    /// Text, escaped for the output when a tag prints it.
    case string(String)
    /// Text that needs no escaping in any output (`alert.key`), printed as it is.
    case verbatim(String)
    /// A whole number.
    case integer(Int)
    /// A number that may have a fraction; a whole one prints without one (`1`, not `1.0`).
    case number(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// A list.
    case list([ContextValue])
    /// An object: its members in its type's order (`ContextObject.members`), nil for one that is missing.
    case object([ContextValue?])

    /// The text a tag prints for the value, and whether it is escaped; nil for lists and objects, which print nothing.
    var text: (String, escapes: Bool)? {
        switch self {
        case .string(let text): (text, true)
        case .verbatim(let text): (text, false)
        case .integer(let number): (String(number), false)
        case .number(let number): (Self.numberText(number), false)
        case .boolean(let flag): (flag ? "true" : "false", false)
        case .list, .object: nil
        }
    }

    /// A whole number as an integer (`1`), any other as Swift writes a `Double` (`0.85`).
    static func numberText(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(describing: number)
    }

    /// The value as a whole number, when it is one.
    var integerValue: Int? {
        switch self {
        case .integer(let number): number
        case .number(let number): number.rounded() == number && abs(number) < 1e15 ? Int(number) : nil
        default: nil
        }
    }
}
