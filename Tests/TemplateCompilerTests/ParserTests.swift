import TemplateCompiler
import Testing

@Suite struct ParserTests {
    private func tree(_ text: String) throws(TemplateDiagnostic) -> [Node] {
        try TemplateTree(parsing: text, file: "mine/formats/alert.txt.mustache").nodes
    }

    /// The message `text` is refused with, as `alertkit templates check` prints it.
    private func problem(_ text: String) -> String? {
        do {
            _ = try tree(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aTypedTree() throws {
        let at = { (line: Int, column: Int, offset: Int) in SourcePosition(line: line, column: column, offset: offset) }
        #expect(try tree("Hi {{name}}\n{{#list}}\n- {{{.}}}\n{{/list}}\n{{> footer}}\n") == [
            .text(Array("Hi ".utf8)), .variable(Name(path: ["name"]), escaped: true, at: at(1, 4, 3)), .text([10]),
            .section(Name(path: ["list"]), inverted: false, body: [
                .text(Array("- ".utf8)), .variable(Name(path: [], anchored: true), escaped: false, at: at(3, 3, 24)), .text([10]),
            ], at: at(2, 1, 12)),
            .partial("footer", indentation: [], at: at(5, 1, 42)),
        ])
    }

    @Test func namesAreRead() throws {
        #expect(try Name.read("a.b.c") == Name(path: ["a", "b", "c"]))
        #expect(try Name.read(".") == Name(path: [], anchored: true))
        #expect(try Name.read(".a") == Name(path: ["a"], anchored: true))
        #expect(try Name.read("first(nextSteps.items)") == Name(path: ["nextSteps", "items"], transforms: [.first]))
        #expect(try Name.read("plusone(count(list))") == Name(path: ["list"], transforms: [.plusone, .count]))
        #expect(try Name.read("index()") == Name(path: [], transforms: [.index]))
        #expect(try Name.read("uppercased(.)").isImplicitIterator)
        #expect(Name(path: ["list"], transforms: [.plusone, .count]).description == "plusone(count(list))")
        for malformed in ["", "a b", "a..b", "a.", "a(b", "a(b))", "(a)", "a)b", "é"] {
            #expect(throws: Name.Problem.malformed, "\(malformed)") { try Name.read(malformed) }
        }
        #expect(throws: Name.Problem.unknownTransform("uppercase")) { try Name.read("uppercase(title)") }
    }

    /// The messages of docs/extending.md's table, word for word.
    @Test func errorsAsTheDocsTableWritesThem() {
        let file = "mine/formats/alert.txt.mustache"
        #expect(problem("{{title}}\n{{#details}}\n{{value}}\n") == "\(file):4:1: the template ends inside the section "
                + "{{#details}} opened at line 2, column 1: close it with {{/details}}")
        #expect(problem("{{#details}}{{#fields}}{{label}}{{/details}}{{/fields}}\n") == "\(file):1:33: {{/details}} does not "
                + "close the section open here, {{#fields}} from line 1, column 13: close that one first with {{/fields}} "
                + "(sections close in the order opposite to the one they open in)")
        #expect(problem("{{title}}{{/details}}\n") == "\(file):1:10: {{/details}} closes a section that is not open; open it "
                + "with {{#details}} before, or remove this tag")
        #expect(problem("{{title}}\n{{header.subtitle\n") == "\(file):2:1: the tag opened here with {{ is never closed with }}")
        #expect(problem("{{header title}}\n") == "\(file):1:1: {{header title}} is not a tag AlertKit can read: a tag holds "
                + "one name (letters, digits and _ - . : like details or nextSteps.items) or a transform of one "
                + "(uppercase(title)), in {{ }}, {{# }}, {{^ }}, {{/ }} or {{> }}, and nothing else")
        #expect(problem("{{uppercase(title)}}\n") == "\(file):1:1: uppercase(…) is not a transform; did you mean uppercased? "
                + "(transforms: capitalized, count, empty, enumerated, equalzero, even, first, index, last, lowercased, "
                + "minusone, odd, plusone, reversed, sorted, uppercased)")
    }

    @Test func errorsInsideSectionsAndAfterDelimiters() {
        let file = "mine/formats/alert.txt.mustache"
        #expect(problem("{{=<% %>=}}\n<%^a%>\n  <%/b%>") == "\(file):3:3: {{/b}} does not close the section open here, "
                + "{{^a}} from line 2, column 1: close that one first with {{/a}} (sections close in the order opposite to "
                + "the one they open in)")
        // A transformed section closes with the same transform.
        #expect(problem("{{#reversed(list)}}{{/list}}")?.hasPrefix("\(file):1:20: {{/list}} does not close") == true)
        #expect(problem("{{#reversed(list)}}{{/reversed(list)}}") == nil)
        #expect(problem("{{#a}}\n{{#b}}{{/b}}\n{{zzz(x)}}{{/a}}")?.hasPrefix("\(file):3:1: zzz(…) is not a transform (") == true)
        #expect(problem("{{> bad name}}")?.hasPrefix("\(file):1:1: {{> bad name}} is not a tag AlertKit can read") == true)
    }

    @Test func adjacentTextIsOneNode() throws {
        #expect(try tree("a\nb\n{{! c }}\nd") == [.text(Array("a\nb\nd".utf8))])
    }
}
