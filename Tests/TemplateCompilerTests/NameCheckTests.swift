import TemplateCompiler
import Testing

/// Names resolved against a context's type when a template loads: each finding with its place, kind and words.
@Suite struct NameCheckTests {
    static let step = ContextObject([.init(name: "icon", type: .string), .init(name: "text", type: .string)])
    static let root = ContextType.object(ContextObject([
        .init(name: "title", type: .string),
        .init(name: "severity", type: .number),
        .init(name: "urgent", type: .boolean),
        .init(name: "help", type: .object(ContextObject([
            .init(name: "text", type: .string),
            .init(name: "phone", type: .object(ContextObject([.init(name: "uri", type: .string)])), isOptional: true),
        ]))),
        .init(name: "steps", type: .list(.object(step))),
        .init(name: "count", type: .integer),
    ]))

    func findings(_ template: String, partials: [String: String] = [:]) throws -> [String] {
        let library = try TemplateLibrary(template: template, file: "t", partials: partials)
        return NameCheck(root: Self.root).check(library.template, partials: library.partials).map { finding in
            "\(finding.severity == .error ? "E" : "W") \(finding.diagnostic.line):\(finding.diagnostic.column) \(finding.diagnostic.message)"
        }
    }

    /// Expects `template`'s findings to be `expected`, printing them when they are not.
    func expect(_ template: String, partials: [String: String] = [:], _ expected: [String],
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = try findings(template, partials: partials)
        #expect(found == expected, "\(found)", sourceLocation: sourceLocation)
    }

    @Test("names the context has, in sections and through enclosing ones, find nothing")
    func known() throws {
        try expect("{{title}}{{#help}}{{text}}{{title}}{{#phone}}{{uri}}{{/phone}}{{/help}}{{help.phone.uri}}"
                             + "{{#steps}}{{icon}}{{title}}{{index()}}{{#first()}}f{{/first()}}{{/steps}}{{#urgent}}{{title}}{{/urgent}}"
                             + "{{plusone(count)}}{{uppercased(title)}}{{count(steps)}}{{#first(steps)}}{{text}}{{/first(steps)}}", [])
    }

    @Test("a name not there: a warning at its tag, with the closest name and the rest of the path")
    func unknown() throws {
        try expect("{{titel}}\n {{help.txt}}\n{{#steps}}{{icn}}{{/steps}}{{zzzzzz}}{{help.phone.url}}", [
            "W 1:1 titel is not in the view model; did you mean title?",
            "W 2:2 help.txt is not in the view model; did you mean help.text?",
            "W 3:11 icn is not in the view model; did you mean icon?",
            "W 3:28 zzzzzz is not in the view model",
            "W 3:38 help.phone.url is not in the view model; did you mean help.phone.uri?",
        ])
        try expect("{{#help}}{{.txt}}{{title}}{{.title}}{{/help}}", ["W 1:10 .txt is not in the view model; did you mean .text?",
                                                               "W 1:27 .title is not in the view model"])
        try expect("{{title.text}}", ["W 1:1 title.text names text in title, which is a string and has no members"])
        try expect("{{steps.icon}}", ["W 1:1 steps.icon names icon in steps, which is a list and has no members; "
                                                   + "name its items' members inside {{#steps}}…{{/steps}}"])
    }

    @Test("a tag that prints an object or a list, a place outside a list, a list repeated inside itself: warnings")
    func warnings() throws {
        try expect("{{help}}{{steps}}{{index()}}", [
            "W 1:1 help is an object: print one of its values ({{#help}}…{{/help}})",
            "W 1:9 steps is a list: print its items in a section ({{#steps}}…{{/steps}})",
            "W 1:18 index() is the place of a list's item, and this is not inside a list's section: it prints nothing",
        ])
        let nested = try findings("{{#steps}}{{#steps}}{{text}}{{/steps}}{{/steps}}")
        #expect(nested.count == 1 && nested[0].hasPrefix("W 1:11 {{#steps}} is a section over steps inside a section over steps"))
        try expect("{{#steps}}{{#reversed(steps)}}{{text}}{{/reversed(steps)}}{{/steps}}", [])
    }

    @Test("a transform given a value it does not take is an error, naming what it takes")
    func transformTypes() throws {
        try expect("{{uppercased(steps)}}\n{{count(title)}}{{plusone(severity)}}{{empty(urgent)}}{{sorted(steps)}}", [
            "E 1:1 uppercased(…) takes a string; in uppercased(steps) it is given a list",
            "E 2:1 count(…) takes a list or an object; in count(title) it is given a string",
            "E 2:17 plusone(…) takes a whole number; in plusone(severity) it is given a number",
            "E 2:38 empty(…) takes a string, a list or an object; in empty(urgent) it is given true or false",
            "E 2:55 sorted(…) takes a list of strings or of numbers, or an object; in sorted(steps) it is given a list",
        ])
        try expect("{{#steps}}{{uppercased(index())}}{{/steps}}", [
            "E 1:11 uppercased(…) takes a string; in uppercased(index()) it is given a whole number",
        ])
    }

    @Test("a partial is checked where it is included, in that section's context; one that includes itself once")
    func partials() throws {
        try expect("{{#steps}}{{> p}}{{/steps}}{{> p}}", partials: ["p": "{{text}}{{> p}}"], [
            "W 1:1 text is not in the view model",
        ])
    }

    @Test("under a value of unknown type nothing is checked")
    func anyType() throws {
        let library = try TemplateLibrary(template: "{{a.b.c}}{{#x}}{{y}}{{/x}}{{uppercased(z)}}")
        #expect(NameCheck(root: .any).check(library.template).isEmpty)
    }
}
