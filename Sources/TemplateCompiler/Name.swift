/// A name in a tag as the parser reads it: `title`, `details.fields` (a path), `.` (the implicit iterator: the
/// innermost context), `.name` (a path read in the innermost context alone), and transforms around any of them,
/// `uppercased(title)`, `plusone(count(list))`, or around nothing, `index()` (the list item's place).
public struct Name: Sendable, Hashable, CustomStringConvertible {
    /// The path's components (`["details", "fields"]`); empty for `.` and for `index()`.
    public var path: [String]
    /// Whether the path is looked up in the innermost context alone (`.` and `.name`), not in the enclosing ones.
    public var anchored: Bool
    /// The transforms as written, outermost first: `plusone(count(list))` is `[.plusone, .count]`; they apply
    /// innermost first.
    public var transforms: [Transform]

    /// Creates a name.
    public init(path: [String], anchored: Bool = false, transforms: [Transform] = []) {
        self.path = path
        self.anchored = anchored
        self.transforms = transforms
    }

    /// Whether this is `.`, the implicit iterator.
    public var isImplicitIterator: Bool { anchored && path.isEmpty }

    /// Whether this names the list item's place (`first()`, `index()`…): transforms and no path.
    public var isSequencePlace: Bool { !anchored && path.isEmpty && !transforms.isEmpty }

    /// The name as a template writes it.
    public var description: String {
        let base = anchored ? "." + path.joined(separator: ".") : path.joined(separator: ".")
        return transforms.reversed().reduce(base) { "\($1.rawValue)(\($0))" }
    }

    /// Why a name's text is not a name.
    public enum Problem: Error, Sendable, Hashable {
        /// Not a name at all (white space inside, a character names do not take, parentheses that do not match).
        case malformed
        /// `word(…)` where `word` is not one of the sixteen transforms.
        case unknownTransform(String)
    }

    /// The name that `text` writes.
    public static func read(_ text: String) throws(Problem) -> Name {
        let opens = text.reduce(0) { $0 + ($1 == "(" ? 1 : 0) }
        guard text.reduce(0, { $0 + ($1 == ")" ? 1 : 0) }) == opens, text.hasSuffix(String(repeating: ")", count: opens)) else {
            throw .malformed
        }
        var rest = Substring(text)
        var transforms: [Transform] = []
        while let open = rest.firstIndex(of: "(") {
            guard rest.last == ")" else { throw .malformed }
            let word = String(rest[..<open])
            guard !word.isEmpty, word.allSatisfy(isNameCharacter) else { throw .malformed }
            guard let transform = Transform(rawValue: word) else { throw .unknownTransform(word) }
            transforms.append(transform)
            rest = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        }
        guard !rest.contains(")") else { throw .malformed }
        if rest.isEmpty {
            guard !transforms.isEmpty else { throw .malformed }
            return Name(path: [], transforms: transforms)
        }
        if rest == "." { return Name(path: [], anchored: true, transforms: transforms) }
        let anchored = rest.first == "."
        let path = (anchored ? rest.dropFirst() : rest).split(separator: ".", omittingEmptySubsequences: false)
        guard path.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isNameCharacter) }) else { throw .malformed }
        return Name(path: path.map(String.init), anchored: anchored, transforms: transforms)
    }

    /// Letters, digits and `_ - : ?` (ASCII).
    static func isNameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "_-:?".utf8.contains(ascii)
        }
    }
}
