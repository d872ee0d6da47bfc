import Mustache
import TemplateCompiler

/// The templates of one folder (or one folder format) and the partials they include, checked when they are loaded,
/// on swift-mustache's own parse (`TemplateTokens`): no partial includes itself, directly or through others
/// (swift-mustache would recurse until the stack overflows); no chain of partials is deeper than `maxDepth`; no
/// template expands, partials included, to more than `maxExpandedBytes`; no partial is named at render time, no
/// parent or block (`{{< parent}}`, `{{$ block}}`: an override that expands itself recurses without end, and blocks
/// repeat text no budget sees) and no pragma that changes the escaping. It also gives what a list item of these
/// templates is charged while rendering (`RenderBudget.itemCost`). Places come from a reading of the text
/// (`TemplateStructure`), line 1 when it finds none.
struct PartialGraph: Sendable {
    /// The deepest chain of partials a template may include (a partial of a partial… counts each).
    static let maxDepth = 32
    /// The most text a template may expand to through its partials, before any list repeats it.
    static let maxExpandedBytes = 16 << 20

    /// One template: its name (`{{> name}}` includes it), file, what it does, where its tags are, and its size.
    struct Entry: Sendable {
        var name: String
        var file: String
        var tokens: TemplateTokens
        var structure: TemplateStructure
        var size: Int

        /// Where the first tag with `sigil` and `name` is, else the start.
        func place(_ sigils: String, _ name: String) -> (line: Int, column: Int) {
            let tag = structure.tags.first { $0.sigil.map(sigils.contains) == true && $0.name == name }
            return (tag?.line ?? 1, tag?.column ?? 1)
        }
    }

    let entries: [String: Entry]
    /// Every problem, in file order.
    let problems: [TemplateError]
    /// The most text one list item can add: the longest body of a section over a list, its partials expanded.
    let itemCost: Int

    /// The graph of `templates`: name, file and text each (a text that does not parse is left out: its error is
    /// reported where it is parsed).
    init(_ templates: [(name: String, file: String, text: String)], parsed: [String: MustacheTemplate] = [:], lists: Set<String>) {
        var entries: [String: Entry] = [:]
        var problems: [TemplateError] = []
        for template in templates {
            guard let parsed = parsed[template.name] ?? (try? TemplateFormats.parse(template.text, file: template.file)) else { continue }
            let tokens = TemplateTokens(parsed)
            if !tokens.understood || !TemplateTokens.selfCheck {
                problems.append(TemplateError(file: template.file, line: 1, column: 1, message:
                    "cannot be checked: this build of AlertKit does not understand swift-mustache's reading of it"))
            }
            entries[template.name] = Entry(name: template.name, file: template.file, tokens: tokens,
                                           structure: TemplateStructure(template.text), size: template.text.utf8.count)
        }
        self.entries = entries
        for entry in entries.values.sorted(by: { $0.file < $1.file }) {
            for name in entry.tokens.dynamicPartials {
                let place = entry.place(">", name.hasPrefix("*") ? name : "*" + name)
                problems.append(TemplateError(file: entry.file, line: place.line, column: place.column, message:
                    "{{>*\(name)}} names its partial at render time; name the partial ({{> NAME}}) so that it can be checked"))
            }
            for name in entry.tokens.inheritance {
                let place = entry.place("<$", name)
                problems.append(TemplateError(file: entry.file, line: place.line, column: place.column, message:
                    "a parent or block ({{< \(name)}}, {{$ \(name)}}): AlertKit allows neither (an override that expands "
                    + "its own block never ends, and blocks repeat text unchecked); include partials with {{> NAME}} instead"))
            }
            for type in entry.tokens.contentTypes {
                let place = entry.structure.pragmas.first.map { ($0.line, $0.column) } ?? (1, 1)
                problems.append(TemplateError(file: entry.file, line: place.0, column: place.1, message:
                    "a CONTENT_TYPE pragma (\(type == "HTMLContentType" ? "HTML" : type)): the format escapes every value for "
                    + "its output already (by its extension or its first line's escape=); a pragma would escape them "
                    + "again; remove it"))
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
            for partial in entry.tokens.partials where entries[partial] != nil {
                if state[partial] == 1 {
                    let cycle = Array(path[path.lastIndex(of: partial)!...])
                    let key = cycle.sorted()
                    if reported.insert(key).inserted {
                        let files = (cycle + [partial]).map { entries[$0]!.file }
                        let place = entry.place("><", partial)
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
            for partial in entry.tokens.partials where entries[partial] != nil {
                total = min(Int.max / 4, total + size(partial))
            }
            expanded[name] = total
            return total
        }
        var itemCost = 1
        if !cyclic {
            for entry in entries.values.sorted(by: { $0.file < $1.file }) {
                if size(entry.name) > Self.maxExpandedBytes {
                    problems.append(TemplateError(file: entry.file, line: 1, column: 1, message:
                        "expands through its partials to over \(Self.maxExpandedBytes) bytes before any list repeats it"))
                }
                for section in entry.tokens.sections where !section.inverted
                    && TemplateStructure.mayRepeat(section.name, transforms: section.transforms, lists: lists) {
                    var cost = section.bodyBytes
                    for partial in section.partials { cost = min(Int.max / 4, cost + size(partial)) }
                    itemCost = max(itemCost, cost)
                }
            }
        }
        self.itemCost = itemCost
        self.problems = problems.sorted { ($0.file, $0.line ?? 0, $0.column ?? 0) < ($1.file, $1.line ?? 0, $1.column ?? 0) }
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
            for partial in entry.tokens.partials where seen.insert(partial).inserted {
                if let error = failed[partial] { return error }
                if entries[partial] == nil, missing == nil {
                    let place = entry.place("><", partial)
                    missing = TemplateError(file: entry.file, line: place.line, column: place.column, message:
                        "{{> \(partial)}} includes a partial that is not in the folder: there is no \(partial).mustache "
                        + "in \(folder) (a partial is a NAME.mustache file beside the templates that include it)")
                }
                queue.append(partial)
            }
        }
        return problems.first { files.contains($0.file) } ?? missing
    }

    /// The names of the view model's lists (`details`, `fields`, `items`…): sections over them repeat.
    static let listNames: Set<String> = ContextType.templateContext.listMemberNames
        .union(["enumerated", "sorted", "reversed"])
}
