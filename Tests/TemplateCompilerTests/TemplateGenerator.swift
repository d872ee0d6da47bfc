import AlertJSON
import AlertTestSupport

/// Small templates and JSON contexts from a seed (SplitMix64), for the differential test: names that the contexts
/// hold, miss, or hold as null; sections of every kind, nested (past three deep less and less often), standalone or inline; transforms;
/// comments, delimiter changes and a partial (indented or not).
struct TemplateGenerator {
    private var random: SplitMix

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
    }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    // MARK: Contexts

    static let strings = ["", "a", "Hello World", "<b>&\"x\"", "it's", "déjà vu", "two words", "MiXeD cAsE", " pad "]

    private mutating func scalar() -> JSONValue {
        switch below(6) {
        case 0, 1: .string(pick(Self.strings))
        case 2: .number(Double(below(7) - 3))
        case 3: .number(pick([1.5, -0.25, 1.21]))
        case 4: .bool(chance(50))
        default: .null
        }
    }

    private mutating func list(_ item: (inout Self) -> JSONValue) -> JSONValue {
        .array((0..<below(4)).map { _ in item(&self) })
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    /// A context: scalars `s0`…`s2`, an integer `n0`, lists of strings `l0` and of integers `l1`, a list of objects
    /// `m0` and an object `o0`; any of them may be missing.
    mutating func context() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("s0", scalar()), ("s1", scalar()), ("s2", scalar()), ("n0", .number(Double(below(7) - 3))),
            ("l0", list { .string($0.pick(Self.strings)) }), ("l1", list { .number(Double($0.below(9) - 4)) }),
            ("m0", list { Self.object([("s0", $0.scalar()), ("t0", .string($0.pick(Self.strings)))]) }),
            ("o0", Self.object([("s0", scalar()), ("n0", .number(Double(below(5)))), ("l0", list { .string($0.pick(Self.strings)) })])),
        ]
        members.removeAll { _ in chance(10) }
        return Self.object(members)
    }

    // MARK: Templates

    private var open = "{{", close = "}}"
    private static let texts = ["a", " ", "\n", "  ", "x\n", "<&>", "\r\n", "\t", "é"]
    private static let scalarNames = ["s0", "s1", "s2", "n0", "o0.s0", "o0.n0", "t0", "missing", "o0.missing.s0"]
    private static let stringTransforms = ["uppercased", "lowercased", "capitalized", "reversed", "empty"]
    private static let integerTransforms = ["plusone", "minusone", "even", "odd", "equalzero"]

    /// The template `main` and the partial `p` it may include.
    mutating func templates() -> (main: String, partial: String) {
        // Each ends with a dot: swift-mustache drops a last line of white space alone ("  " renders as "").
        let partial = block(depth: 1, dot: false, partials: false) + "."
        (open, close) = ("{{", "}}")
        let main = block(depth: 0, dot: false, partials: true) + "."
        return (main, partial)
    }

    /// A tag with the current delimiters.
    private func tag(_ body: String) -> String { open + body + close }

    /// `tag` inline, or alone on its line (indented or not).
    private mutating func placed(_ tag: String) -> String {
        chance(40) ? "\n" + pick(["", "  ", "\t"]) + tag + pick(["\n", " \n", "\r\n"]) : tag
    }

    private mutating func block(depth: Int, dot: Bool, partials: Bool) -> String {
        (0..<(1 + below(4))).map { _ in part(depth: depth, dot: dot, partials: partials) }.joined()
    }

    /// A variable's name, transformed or not; `.` only where the innermost context is a value, never an object.
    private mutating func variableName(dot: Bool) -> String {
        if dot, chance(20) { return chance(70) ? "." : "uppercased(.)" }
        let name = pick(Self.scalarNames)
        switch below(10) {
        case 0, 1: return pick(Self.stringTransforms) + "(\(name))"
        case 2: return pick(Self.integerTransforms) + "(\(name))"
        case 3: return pick(["count", "empty"]) + "(\(pick(["l0", "l1", "m0", "o0", "o0.l0", "s0"])))"
        case 4: return pick(["first", "last"]) + "(\(pick(["l0", "l1", "o0.l0"])))"
        case 5: return pick(["index()", "first()", "last()", "even()", "odd()", "plusone(index())", "plusone(count(l0))"])
        default: return name
        }
    }

    private mutating func part(depth: Int, dot: Bool, partials: Bool) -> String {
        switch below(12) {
        case 0, 1, 2: return pick(Self.texts)
        case 3, 4:
            let name = variableName(dot: dot)
            let triple = open == "{{" && chance(20)
            return triple ? "{{{\(name)}}}" : tag(pick(["", "", "&", " ", "& "]) + name + (chance(20) ? " " : ""))
        case let choice where choice == 5 || choice == 6 || (choice == 7 && depth < 3):
            // Sections: over values (a scalar list's items, or a scalar, keep `.` meaningful), lists of objects,
            // objects, transforms of lists, and the list item's place.
            let (name, itemsAreValues): (String, Bool) = pick([
                ("s0", dot), ("s1", dot), ("n0", true), ("l0", true), ("l1", true), ("m0", false), ("o0", false),
                ("reversed(l0)", true), ("sorted(l0)", true), ("sorted(l1)", true), ("first(l1)", true),
                ("empty(l1)", dot), ("first()", dot), ("last()", dot), ("o0.l0", true), ("missing", dot),
            ])
            let inverted = chance(30)
            let opening = placed(tag((inverted ? "^" : "#") + name))
            let body = block(depth: depth + 1, dot: inverted ? false : itemsAreValues, partials: partials)
            return opening + body + placed(tag("/" + name))
        case 8: return placed(tag("! note \(below(10)) "))
        case 9 where partials: return placed(tag("> p"))
        case 10 where depth == 0:
            // Delimiters change at the top level only (swift-mustache scopes a change to its section).
            let (newOpen, newClose) = pick([("<%", "%>"), ("{{", "}}"), ("[", "]"), ("{{", "}}")])
            defer { (open, close) = (newOpen, newClose) }
            return placed(tag("=\(newOpen) \(newClose)="))
        default: return pick(Self.texts)
        }
    }
}
