import AlertJSON
import TemplateCompiler
import Testing

@Suite struct RendererTests {
    private func render<E: ByteEscaping>(_ template: String, _ context: String, partials: [String: String] = [:],
                                         escaping: E.Type = HTMLEscaping.self) throws -> String {
        let library = try TemplateLibrary(template: template, partials: partials)
        return String(decoding: try JSONRenderer(library, escaping: escaping).render(try JSONParser().parse(context)), as: UTF8.self)
    }

    @Test func escapingIsTheSpecificationsAndPluggable() throws {
        let context = #"{"v": "a & b < c > d \" e ' f é"}"#
        #expect(try render("{{v}}|{{{v}}}|{{&v}}", context) == #"a &amp; b &lt; c &gt; d &quot; e ' f é|a & b < c > d " e ' f é|a & b < c > d " e ' f é"#)
        #expect(try render("{{v}}", context, escaping: NoEscaping.self) == #"a & b < c > d " e ' f é"#)
        #expect(try render("{{v}}", context, escaping: ApostropheHTMLEscaping.self) == #"a &amp; b &lt; c &gt; d &quot; e &#39; f é"#)
    }

    @Test func valuesPrintAsTheSpecificationsTestsExpect() throws {
        #expect(try render("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}}|{{g}}{{h}}{{missing}}", #"{"a": 1.210, "b": 85, "c": -0.5, "d": true, "e": false, "f": 1e20, "g": null, "h": [1], "i": {}}"#)
                == "1.21 85 -0.5 true false 1e+20|")
    }

    @Test func appendsToTheCallersBuffer() throws {
        let renderer = JSONRenderer(try TemplateLibrary(template: "{{a}}!"), escaping: HTMLEscaping.self)
        var output = Array("before ".utf8)
        try renderer.render(.object(JSONObject([.init(key: "a", value: .string("x"))])), into: &output)
        try renderer.render(.null, into: &output)
        #expect(String(decoding: output, as: UTF8.self) == "before x!!")
    }

    @Test func theContextStack() throws {
        let context = #"{"a": {"b": {}}, "b": {"c": "ERROR"}, "x": "outer", "list": [{"x": "in"}, {"y": 1}], "n": null}"#
        #expect(try render("[{{#a}}{{b.c}}{{/a}}]", context) == "[]")  // the first component decides
        #expect(try render("{{#list}}{{x}},{{/list}}", context) == "in,outer,")
        #expect(try render("{{#a}}{{#b}}{{.x}}{{x}}{{/b}}{{/a}}", context) == "outer")  // `.x` looks in the innermost alone
        #expect(try render("{{#n}}no{{/n}}{{^n}}yes{{/n}}{{^list}}no{{/list}}{{#x}}{{.}}{{/x}}", context) == "yesouter")
    }

    @Test func nestedPartialsIndentEachTemplateLine() throws {
        let partials = ["outer": "o1\n  {{> inner}}\no2 {{v}}\n", "inner": "i1 {{v}}\ni2\n"]
        #expect(try render("top\n  {{> outer}}\nend", #"{"v": "x\ny"}"#, partials: partials)
                == "top\n  o1\n    i1 x\ny\n    i2\n  o2 x\ny\nend")
        // A partial that is not standalone takes no indentation of its own.
        #expect(try render("> {{> inner}}|", #"{"v": 1}"#, partials: partials) == "> i1 1\ni2\n|")
    }

    @Test func partialsNestThirtyTwoDeepAtMost() throws {
        let partials = ["node": "{{#child}}<{{> node}}>{{/child}}"]
        func nested(_ depth: Int) -> String {
            (0..<depth).reduce(#"{"child": false}"#) { inner, _ in #"{"child": \#(inner)}"# }
        }
        #expect(try render("{{> node}}", nested(31), partials: partials) == String(repeating: "<", count: 31) + String(repeating: ">", count: 31))
        #expect(throws: TemplateDiagnostic(file: "node", at: SourcePosition(line: 1, column: 12, offset: 11),
                                           message: "{{> node}} would nest partials 33 deep, past the limit of 32: a partial "
                                           + "that includes itself needs a section that ends it (a list that runs out, a "
                                           + "value that turns false)")) {
            try render("{{> node}}", nested(40), partials: partials)
        }
    }

    @Test func aPartialsSyntaxErrorIsFoundWhenTheLibraryIsMade() {
        #expect(throws: TemplateDiagnostic(file: "footer", at: SourcePosition(line: 1, column: 1, offset: 0),
                                           message: "the tag opened here with {{ is never closed with }}")) {
            try TemplateLibrary(template: "{{> footer}}", partials: ["footer": "{{oops"])
        }
    }
}
