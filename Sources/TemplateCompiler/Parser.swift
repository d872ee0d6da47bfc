/// Tokens to a tree: sections nest and close in order, names are read (paths, transforms). Every error names the
/// place and says what to write, in the words `alertkit templates check` uses.
public struct Parser: Sendable {
    /// The tokens, as `Lexer.tokens()` gives them (ending with `.end`).
    public let tokens: [Token]
    /// The template's bytes, for quoting a tag in a message.
    public let source: [UInt8]
    /// The file named in diagnostics.
    public let file: String

    /// A parser of `tokens` read from `source`.
    public init(tokens: [Token], source: [UInt8], file: String) {
        self.tokens = tokens
        self.source = source
        self.file = file
    }

    /// An open section: its tag, its name as read and the nodes so far.
    private struct Open {
        var token: Token
        var written: String
        var name: Name
        var inverted: Bool
        var nodes: [Node] = []
    }

    /// The tree.
    public func parse() throws(TemplateDiagnostic) -> TemplateTree {
        var stack: [Open] = []
        var nodes: [Node] = []
        func append(_ node: Node) {
            if stack.isEmpty { Self.append(node, to: &nodes) } else { Self.append(node, to: &stack[stack.count - 1].nodes) }
        }
        for token in tokens {
            switch token.kind {
            case .text(let bytes):
                append(.text(bytes))
            case .variable(let written, let escaped):
                append(.variable(try name(written, in: token), escaped: escaped, at: token.position))
            case .sectionOpen(let written, let inverted):
                stack.append(Open(token: token, written: written, name: try name(written, in: token), inverted: inverted))
            case .sectionClose(let written):
                let closing = try name(written, in: token)
                guard let open = stack.popLast() else {
                    throw TemplateDiagnostic(file: file, at: token.position, message: "{{/\(written)}} closes a section that "
                                             + "is not open; open it with {{#\(written)}} before, or remove this tag")
                }
                guard open.name == closing else {
                    throw TemplateDiagnostic(file: file, at: token.position, message: "{{/\(written)}} does not close the "
                        + "section open here, \(Self.tag(open)) from \(open.token.position): close that one first with "
                        + "{{/\(open.written)}} (sections close in the order opposite to the one they open in)")
                }
                append(.section(open.name, inverted: open.inverted, body: open.nodes, at: open.token.position))
            case .partial(let partial, let indentation):
                if partial.hasPrefix("*") {
                    throw TemplateDiagnostic(file: file, at: token.position, message: "{{>\(partial)}} names its partial at "
                                             + "render time; name the partial ({{> NAME}}) so that it can be checked")
                }
                guard !partial.isEmpty, partial.allSatisfy({ Name.isNameCharacter($0) || $0 == "." || $0 == "/" }) else {
                    throw unreadable(token)
                }
                append(.partial(partial, indentation: indentation, at: token.position))
            case .comment, .delimiters:
                break
            case .end:
                if let open = stack.last {
                    throw TemplateDiagnostic(file: file, at: token.position, message: "the template ends inside the section "
                        + "\(Self.tag(open)) opened at \(open.token.position): close it with {{/\(open.written)}}")
                }
            }
        }
        return TemplateTree(file: file, nodes: nodes)
    }

    /// The name written in `token`'s tag.
    private func name(_ written: String, in token: Token) throws(TemplateDiagnostic) -> Name {
        do {
            return try Name.read(written)
        } catch {
            switch error {
            case .malformed: throw unreadable(token)
            case .unknownTransform(let word): throw unknownTransform(word, in: token)
            }
        }
    }

    /// `word(…)` where `word` is no transform: the closest one, and the list.
    private func unknownTransform(_ word: String, in token: Token) -> TemplateDiagnostic {
        let known = Transform.allCases.map(\.rawValue)
        let closest = known.min { EditDistance.between($0, word) < EditDistance.between($1, word) }
        let hint = closest.map { EditDistance.between($0, word) <= max(2, word.count / 3) ? "; did you mean \($0)?" : "" } ?? ""
        return TemplateDiagnostic(file: file, at: token.position, message: "\(word)(…) is not a transform\(hint) "
                                  + "(transforms: \(known.joined(separator: ", ")))")
    }

    /// A tag whose name is not one: quoted (its first 60 bytes) with what a tag may hold.
    private func unreadable(_ token: Token) -> TemplateDiagnostic {
        let shown = String(decoding: source[token.range.lowerBound..<min(token.range.upperBound, token.range.lowerBound + 60)], as: UTF8.self)
        return TemplateDiagnostic(file: file, at: token.position, message: "\(shown) is not a tag AlertKit can read: a tag "
            + "holds one name (letters, digits and _ - . : like details or nextSteps.items) or a transform of one "
            + "(uppercase(title)), in {{ }}, {{# }}, {{^ }}, {{/ }} or {{> }}, and nothing else")
    }

    private static func tag(_ open: Open) -> String {
        "{{" + (open.inverted ? "^" : "#") + open.written + "}}"
    }

    /// Appends `node`, joining text to text before it.
    private static func append(_ node: Node, to nodes: inout [Node]) {
        if case .text(let bytes) = node, case .text(var joined)? = nodes.last {
            nodes.removeLast()  // `joined` is then the text's only reference, and grows in place
            joined += bytes
            nodes.append(.text(joined))
        } else {
            nodes.append(node)
        }
    }
}

/// The number of single-character edits between two words (Levenshtein), for did-you-mean hints.
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
