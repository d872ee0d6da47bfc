import TemplateCompiler

/// The templates of one folder (or one folder format) and the partials they include, checked when they are loaded,
/// on the compiler's parse (`TemplateTree`, the reading that also renders): no partial includes itself, directly or
/// through others; no chain of partials is deeper than `maxDepth`; no template expands, partials included, to more
/// than `maxExpandedBytes`. (Partials named at render time, parents, blocks and pragmas the parser refuses itself.)
struct PartialGraph: Sendable {
    /// The deepest chain of partials a template may include (a partial of a partial… counts each).
    static let maxDepth = 32
    /// The most text a template may expand to through its partials, before any list repeats it.
    static let maxExpandedBytes = 16 << 20

    /// One template: its name (`{{> name}}` includes it), file, the partials it includes (each at its first tag) and
    /// its size.
    struct Entry: Sendable {
        var name: String
        var file: String
        var partials: [(name: String, at: SourcePosition)]
        var size: Int

        /// Where the first tag that includes `name` is, else the start.
        func place(of partial: String) -> (line: Int, column: Int) {
            let position = partials.first { $0.name == partial }?.at ?? .start
            return (position.line, position.column)
        }
    }

    let entries: [String: Entry]
    /// Every problem, in file order.
    let problems: [TemplateError]

    /// The graph of `templates`: name, file and parsed tree each, and the size of its text.
    init(_ templates: [(name: String, file: String, tree: TemplateTree, size: Int)]) {
        var entries: [String: Entry] = [:]
        var problems: [TemplateError] = []
        for template in templates {
            var partials: [(name: String, at: SourcePosition)] = []
            Self.collect(template.tree.nodes, into: &partials)
            entries[template.name] = Entry(name: template.name, file: template.file, partials: partials, size: template.size)
        }
        self.entries = entries
        // Cycles: a depth-first walk; each cycle is reported once, at the partial tag that closes it.
        var state: [String: Int] = [:]  // 1 on the path, 2 done
        var path: [String] = []
        var reported: Set<[String]> = []
        var depth: [String: Int] = [:]
        func visit(_ name: String) -> Int {
            guard let entry = entries[name] else { return 0 }
            if state[name] == 2 { return depth[name] ?? 0 }
            state[name] = 1
            path.append(name)
            var deepest = 0
            for partial in entry.partials.map(\.name) where entries[partial] != nil {
                if state[partial] == 1 {
                    let cycle = Array(path[path.lastIndex(of: partial)!...])
                    let key = cycle.sorted()
                    if reported.insert(key).inserted {
                        let files = (cycle + [partial]).map { entries[$0]!.file }
                        let place = entry.place(of: partial)
                        problems.append(TemplateError(file: entry.file, line: place.line, column: place.column, message:
                            "partials include themselves, so rendering would never end: " + files.joined(separator: " → ")))
                    }
                    continue
                }
                deepest = max(deepest, 1 + visit(partial))
            }
            path.removeLast()
            state[name] = 2
            depth[name] = deepest
            return deepest
        }
        for name in entries.keys.sorted() where state[name] == nil { _ = visit(name) }
        let cyclic = !reported.isEmpty
        if !cyclic {
            for entry in entries.values.sorted(by: { $0.file < $1.file }) where (depth[entry.name] ?? 0) > Self.maxDepth {
                problems.append(TemplateError(file: entry.file, line: 1, column: 1, message:
                    "includes partials \(depth[entry.name]!) deep; at most \(Self.maxDepth) are allowed"))
            }
        }
        // Expanded sizes (only without cycles, where they are finite), saturating.
        var expanded: [String: Int] = [:]
        func size(_ name: String) -> Int {
            if let known = expanded[name] { return known }
            guard let entry = entries[name] else { return 0 }
            var total = entry.size
            for partial in entry.partials.map(\.name) where entries[partial] != nil {
                total = min(Int.max / 4, total + size(partial))
            }
            expanded[name] = total
            return total
        }
        if !cyclic {
            for entry in entries.values.sorted(by: { $0.file < $1.file }) where size(entry.name) > Self.maxExpandedBytes {
                problems.append(TemplateError(file: entry.file, line: 1, column: 1, message:
                    "expands through its partials to over \(Self.maxExpandedBytes) bytes before any list repeats it"))
            }
        }
        self.problems = problems.sorted { ($0.file, $0.line ?? 0, $0.column ?? 0) < ($1.file, $1.line ?? 0, $1.column ?? 0) }
    }

    /// The partials `nodes` include, in order (each once, at its first tag).
    private static func collect(_ nodes: [Node], into partials: inout [(name: String, at: SourcePosition)]) {
        for node in nodes {
            switch node {
            case .partial(let name, _, let position):
                if !partials.contains(where: { $0.name == name }) { partials.append((name, position)) }
            case .section(_, _, let body, _): collect(body, into: &partials)
            case .text, .variable: break
            }
        }
    }

    /// The first problem as a loading error.
    func check() throws(TemplateError) {
        if let problem = problems.first {
            throw TemplateError(file: problem.file, line: problem.line, column: problem.column, message: problem.message)
        }
    }

    /// The first problem of the template `name` and of the partials it includes, directly or through others: a
    /// partial in `failed` (it did not read or parse: its error), a partial missing from `folder`, or one of
    /// `problems` in any of their files. `nil` when the template renders as written.
    func firstProblem(of name: String, failed: [String: TemplateError], folder: String) -> TemplateError? {
        var seen: Set<String> = [name], queue = [name], files: Set<String> = []
        var missing: TemplateError?
        while !queue.isEmpty {
            let current = queue.removeFirst()
            guard let entry = entries[current] else { continue }
            files.insert(entry.file)
            for partial in entry.partials.map(\.name) where seen.insert(partial).inserted {
                if let error = failed[partial] { return error }
                if entries[partial] == nil, missing == nil {
                    let place = entry.place(of: partial)
                    missing = TemplateError(file: entry.file, line: place.line, column: place.column, message:
                        "{{> \(partial)}} includes a partial that is not in the folder: there is no \(partial).mustache "
                        + "in \(folder) (a partial is a NAME.mustache file beside the templates that include it)")
                }
                queue.append(partial)
            }
        }
        return problems.first { files.contains($0.file) } ?? missing
    }
}
