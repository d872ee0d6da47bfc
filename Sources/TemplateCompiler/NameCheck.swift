/// A template's names resolved against the type of its context, as the renderer will look them up (from the innermost
/// section out, the rest of a dotted name inside what its first part found): a name that is not there is a warning
/// with the closest one that is; a tag that prints a whole object or list is a warning (it prints nothing); a section
/// over a list inside a section over the same list is a warning (the document grows with the square of its length);
/// a transform applied to a value it does not take is an error.
public struct NameCheck: Sendable {
    /// One finding: a warning or an error, with its place.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// Whether the template still renders (a warning) or must not load (an error).
        public enum Severity: Sendable, Hashable { case warning, error }
        /// What was found.
        public enum Kind: Sendable, Hashable {
            /// A name the context does not have.
            case unknownName
            /// A tag that prints an object or a list (it prints nothing).
            case printsContainer
            /// A section over a list inside a section over the same list.
            case nestedRepetition
            /// `index()`, `first()`… where no list's item is being rendered.
            case placeOutsideList
            /// A transform given a value it does not take.
            case transformType
        }
        /// What was found.
        public var kind: Kind
        /// How serious it is: a transform given a value it does not take is an error, the rest warnings.
        public var severity: Severity { kind == .transformType ? .error : .warning }
        /// The file, line, column and sentence.
        public var diagnostic: TemplateDiagnostic

        /// Creates a finding.
        public init(kind: Kind, diagnostic: TemplateDiagnostic) {
            self.kind = kind
            self.diagnostic = diagnostic
        }

        /// `FILE:LINE:COLUMN: message`.
        public var description: String { diagnostic.description }
    }

    /// The type of the whole context.
    public let root: ContextType
    /// What the context is called in a finding: `… is not in the view model`.
    public let contextName: String

    /// A check against `root`, called `contextName` in findings.
    public init(root: ContextType, contextName: String = "the view model") {
        self.root = root
        self.contextName = contextName
    }

    /// The findings of `tree`, in the order of its tags; each partial it includes (found in `partials`) is checked
    /// where it is included, once per chain of inclusions.
    public func check(_ tree: TemplateTree, partials: [String: TemplateTree] = [:]) -> [Finding] {
        var walk = Walk(check: self, partials: partials)
        walk.visit(tree.nodes, file: tree.file)
        return walk.findings
    }
}

/// One section's value as the checker tracks it.
private struct Frame {
    var type: ContextType
    /// The member path it was reached by from the root (`details.fields`), when known.
    var path: [String]?
    /// For a list's item: the list's path, when the section named the list without a transform.
    var repeats: [String]?
}

private struct Walk {
    let check: NameCheck
    let partials: [String: TemplateTree]
    var frames: [Frame]
    /// Whether the innermost section is a list's (so `index()`, `first()`… have a value).
    var inItem = false
    var including: [String] = []
    var findings: [NameCheck.Finding] = []

    init(check: NameCheck, partials: [String: TemplateTree]) {
        self.check = check
        self.partials = partials
        self.frames = [Frame(type: check.root, path: [])]
    }

    mutating func visit(_ nodes: [Node], file: String) {
        for node in nodes {
            switch node {
            case .text:
                continue
            case .variable(let name, _, let position):
                guard let (type, _) = resolve(name, file: file, at: position) else { continue }
                switch type {
                case .object: report(.printsContainer, file, position, "\(name) is an object: print one of its values ({{#\(name)}}…{{/\(name)}})")
                case .list: report(.printsContainer, file, position, "\(name) is a list: print its items in a section ({{#\(name)}}…{{/\(name)}})")
                default: break
                }
            case .section(let name, let inverted, let body, let position):
                let resolved = resolve(name, file: file, at: position)
                guard !inverted, let (type, path) = resolved else {
                    visit(body, file: file)
                    continue
                }
                section(name, type: type, path: path, body: body, file: file, at: position)
            case .partial(let name, _, _):
                guard let tree = partials[name], !including.contains(name) else { continue }
                including.append(name)
                visit(tree.nodes, file: tree.file)
                including.removeLast()
            }
        }
    }

    private mutating func section(_ name: Name, type: ContextType, path: [String]?, body: [Node], file: String,
                                  at position: SourcePosition) {
        let outer = inItem
        defer { inItem = outer }
        switch type {
        case .boolean:
            visit(body, file: file)  // true renders the body once, in the same context
        case .list(let item):
            let repeats = name.transforms.isEmpty ? path : nil
            if let repeats, frames.contains(where: { $0.repeats == repeats }) {
                report(.nestedRepetition, file, position, "{{#\(name)}} is a section over \(name) inside a section over \(name): the "
                    + "list is repeated once for each of its own items, so the output grows with the square of its length "
                    + "(a cube, nested again) and a long alert goes past the document size limit")
            }
            frames.append(Frame(type: item, path: path, repeats: repeats))
            inItem = true
            visit(body, file: file)
            frames.removeLast()
        default:
            frames.append(Frame(type: type, path: path))
            inItem = false
            visit(body, file: file)
            frames.removeLast()
        }
    }

    /// The type `name` has here, and its path from the root when known; nil (with a finding) when it has none.
    private mutating func resolve(_ name: Name, file: String, at position: SourcePosition) -> (ContextType, [String]?)? {
        var transforms = name.transforms[...]
        var type: ContextType
        var path: [String]?
        if name.isSequencePlace {
            let innermost = transforms.removeLast()
            guard [.first, .last, .index, .even, .odd].contains(innermost) else {
                report(.transformType, file, position, "\(innermost.rawValue)() takes a value: \(innermost.rawValue)(NAME)")
                return nil
            }
            guard inItem else {
                report(.placeOutsideList, file, position, "\(name) is the place of a list's item, and this is not inside a list's section: it prints nothing")
                return nil
            }
            type = innermost == .index ? .integer : .boolean
        } else {
            let start: Int
            if name.anchored {
                start = frames.count - 1
            } else {
                guard let found = frames.lastIndex(where: { Self.has($0.type, name.path[0]) }) else {
                    let known = frames.reversed().flatMap { Self.memberNames($0.type) }
                    report(.unknownName, file, position, "\(name.path.joined(separator: ".")) is not in \(check.contextName)"
                           + Self.hint(name.path[0], among: known, prefix: "", rest: Array(name.path.dropFirst())))
                    return nil
                }
                start = found
            }
            type = frames[start].type
            path = frames[start].path
            for (index, component) in name.path.enumerated() {
                switch type {
                case .any:
                    path = nil
                case .object(let object):
                    guard let member = object[component] else {
                        let written = (name.anchored ? "." : "") + name.path.joined(separator: ".")
                        let prefix = (name.anchored ? "." : "") + name.path.prefix(index).map { $0 + "." }.joined()
                        report(.unknownName, file, position, "\(written) is not in \(check.contextName)"
                               + Self.hint(component, among: object.members.map(\.name), prefix: prefix, rest: Array(name.path.dropFirst(index + 1))))
                        return nil
                    }
                    type = member.type
                    path?.append(component)
                default:
                    let owner = (name.anchored ? "." : "") + name.path.prefix(index).joined(separator: ".")
                    var message = "\(name) names \(component) in \(owner.isEmpty ? "." : owner), which is \(type) and has no members"
                    if case .list = type { message += "; name its items' members inside {{#\(owner)}}…{{/\(owner)}}" }
                    report(.unknownName, file, position, message)
                    return nil
                }
            }
        }
        while let transform = transforms.popLast() {
            guard let result = NameCheck.apply(transform, to: type) else {
                report(.transformType, file, position, "\(transform.rawValue)(…) takes \(Self.takes(transform)); in \(name) it is given \(type)")
                return nil
            }
            type = result
            path = nil
        }
        return (type, path)
    }

    /// What `transform` takes, in a sentence.
    static func takes(_ transform: Transform) -> String {
        switch transform {
        case .capitalized, .lowercased, .uppercased: "a string"
        case .count: "a list or an object"
        case .empty: "a string, a list or an object"
        case .enumerated: "an object"
        case .equalzero, .plusone, .minusone: "a whole number"
        case .even, .odd: "a whole number (or, inside a list's section, nothing: \(transform.rawValue)())"
        case .first, .last: "a list (or, inside a list's section, nothing: \(transform.rawValue)())"
        case .index: "nothing, inside a list's section: index()"
        case .reversed: "a string or a list"
        case .sorted: "a list of strings or of numbers, or an object"
        }
    }

    private static func has(_ type: ContextType, _ name: String) -> Bool {
        switch type {
        case .any: true
        case .object(let object): object[name] != nil
        default: false
        }
    }

    private static func memberNames(_ type: ContextType) -> [String] {
        if case .object(let object) = type { object.members.map(\.name) } else { [] }
    }

    /// `; did you mean PREFIX.CLOSEST.REST?` when a known name is close to `word`, else nothing.
    static func hint(_ word: String, among known: [String], prefix: String, rest: [String]) -> String {
        guard let closest = known.min(by: { EditDistance.between($0, word) < EditDistance.between($1, word) }),
              EditDistance.between(closest, word) <= max(2, word.count / 3) else { return "" }
        return "; did you mean \(prefix)\(([closest] + rest).joined(separator: "."))?"
    }

    private mutating func report(_ kind: NameCheck.Finding.Kind, _ file: String, _ position: SourcePosition, _ message: String) {
        findings.append(NameCheck.Finding(kind: kind, diagnostic: TemplateDiagnostic(file: file, at: position, message: message)))
    }
}

extension NameCheck {
    /// The type `transform` gives for a value of `type`, or nil when it does not take one.
    static func apply(_ transform: Transform, to type: ContextType) -> ContextType? {
        switch (transform, type) {
        case (_, .any): return .any
        case (.empty, .string), (.empty, .list), (.empty, .object): return .boolean
        case (.capitalized, .string), (.lowercased, .string), (.uppercased, .string), (.reversed, .string): return .string
        case (.first, .list(let item)), (.last, .list(let item)): return item
        case (.reversed, .list): return type
        case (.count, .list), (.count, .object): return .integer
        case (.sorted, .list(let item)):
            switch item {
            case .string, .integer, .number, .any: return type
            default: return nil
            }
        case (.enumerated, .object), (.sorted, .object):
            return .list(.object(ContextObject([.init(name: "key", type: .string), .init(name: "value", type: .any)])))
        case (.equalzero, .integer), (.even, .integer), (.odd, .integer): return .boolean
        case (.plusone, .integer), (.minusone, .integer): return .integer
        default: return nil
        }
    }
}
