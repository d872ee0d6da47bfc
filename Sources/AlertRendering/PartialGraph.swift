/// The templates of one folder (or one folder format) and the partials they include, checked when they are loaded:
/// no partial includes itself, directly or through others (swift-mustache would recurse until the stack overflows);
/// no chain of partials is deeper than `maxDepth`; no template expands, partials included, to more than
/// `maxExpandedBytes`; no partial is named at render time and no pragma changes the escaping. It also gives what a
/// list item of these templates is charged while rendering (`RenderBudget.itemCost`).
struct PartialGraph: Sendable {
    /// The deepest chain of partials a template may include (a partial of a partial… counts each).
    static let maxDepth = 32
    /// The most text a template may expand to through its partials, before any list repeats it.
    static let maxExpandedBytes = 16 << 20

    /// One template: its name (`{{> name}}` includes it), file and structure.
    struct Entry: Sendable {
        var name: String
        var file: String
        var structure: TemplateStructure
        var size: Int
    }

    /// One problem, where it is.
    struct Problem: Sendable, Hashable {
        var file: String
        var line: Int, column: Int
        var message: String
    }

    let entries: [String: Entry]
    /// Every problem, in file order.
    let problems: [Problem]
    /// The most text one list item can add: the longest body of a section over a list, its partials expanded.
    let itemCost: Int

    /// The graph of `templates`: name, file and text each.
    init(_ templates: [(name: String, file: String, text: String)], lists: Set<String>) {
        var entries: [String: Entry] = [:]
        for template in templates {
            entries[template.name] = Entry(name: template.name, file: template.file,
                                           structure: TemplateStructure(template.text), size: template.text.utf8.count)
        }
        self.entries = entries
        var problems: [Problem] = []
        for entry in entries.values.sorted(by: { $0.file < $1.file }) {
            for tag in entry.structure.dynamicPartials {
                problems.append(Problem(file: entry.file, line: tag.line, column: tag.column, message:
                    "{{>\(tag.name)}} names its partial at render time; name the partial ({{> NAME}}) so that it can be checked"))
            }
            for tag in entry.structure.pragmas where tag.name.replacingOccurrences(of: " ", with: "") != "CONTENT_TYPE:TEXT" {
                problems.append(Problem(file: entry.file, line: tag.line, column: tag.column, message:
                    "{{%\(tag.name)}}: the format escapes every value for its output already (by its extension or its "
                    + "first line's escape=); a pragma would escape them again; remove it"))
            }
        }
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
            for tag in entry.structure.partials where entries[tag.name] != nil {
                if state[tag.name] == 1 {
                    let cycle = Array(path[path.lastIndex(of: tag.name)!...])
                    let key = cycle.sorted()
                    if reported.insert(key).inserted {
                        let files = (cycle + [tag.name]).map { entries[$0]!.file }
                        problems.append(Problem(file: entry.file, line: tag.line, column: tag.column, message:
                            "partials include themselves, so rendering would never end: " + files.joined(separator: " → ")))
                    }
                    continue
                }
                deepest = max(deepest, 1 + visit(tag.name))
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
                problems.append(Problem(file: entry.file, line: 1, column: 1, message:
                    "includes partials \(depth[entry.name]!) deep; at most \(Self.maxDepth) are allowed"))
            }
        }
        // Expanded sizes (only without cycles, where they are finite), saturating.
        var expanded: [String: Int] = [:]
        func size(_ name: String) -> Int {
            if let known = expanded[name] { return known }
            guard let entry = entries[name] else { return 0 }
            var total = entry.size
            for tag in entry.structure.partials where entries[tag.name] != nil {
                total = min(Int.max / 4, total + size(tag.name))
            }
            expanded[name] = total
            return total
        }
        var itemCost = 1
        if !cyclic {
            for entry in entries.values.sorted(by: { $0.file < $1.file }) {
                if size(entry.name) > Self.maxExpandedBytes {
                    problems.append(Problem(file: entry.file, line: 1, column: 1, message:
                        "expands through its partials to over \(Self.maxExpandedBytes) bytes before any list repeats it"))
                }
                for section in entry.structure.sections where TemplateStructure.mayRepeat(section.name, lists: lists) {
                    var cost = section.body.count
                    for tag in entry.structure.partials where section.body.contains(tag.start) { cost = min(Int.max / 4, cost + size(tag.name)) }
                    itemCost = max(itemCost, cost)
                }
            }
        }
        self.itemCost = itemCost
        self.problems = problems.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }

    /// The first problem as a loading error.
    func check() throws(TemplateError) {
        if let problem = problems.first {
            throw TemplateError(file: problem.file, line: problem.line, column: problem.column, message: problem.message)
        }
    }

    /// The names of the view model's lists (`details`, `fields`, `items`…): sections over them repeat.
    static let listNames: Set<String> = Set(TemplateChecker().lists.map { String($0.split(separator: ".").last ?? "") }
        + ["enumerated", "sorted", "reversed"])
}
