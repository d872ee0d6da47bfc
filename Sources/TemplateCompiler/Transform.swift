/// AlertKit's transforms, `transform(name)`: swift-mustache's sixteen, with its meaning for each (see
/// `JSONTransforms.swift` for what each does to which value).
public enum Transform: String, Sendable, Hashable, CaseIterable {
    /// A string with each word's first letter in capitals.
    case capitalized
    /// The number of items of a list or members of an object.
    case count
    /// Whether a string, list or object is empty.
    case empty
    /// An object's members as a list of `{key, value}` objects.
    case enumerated
    /// Whether an integer is zero.
    case equalzero
    /// Whether an integer is even; `even()`: whether the list item's index is.
    case even
    /// A list's first item; `first()`: whether the list item is the first.
    case first
    /// `index()`: the list item's index, from 0.
    case index
    /// A list's last item; `last()`: whether the list item is the last.
    case last
    /// A string in lower case.
    case lowercased
    /// An integer less one.
    case minusone
    /// Whether an integer is odd; `odd()`: whether the list item's index is.
    case odd
    /// An integer plus one.
    case plusone
    /// A string or list in the opposite order.
    case reversed
    /// A list of strings or of numbers in increasing order; an object's members by key.
    case sorted
    /// A string in capitals.
    case uppercased
}
