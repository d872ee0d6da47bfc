import AlertJSON
import TemplateCompiler
import Testing

/// Each of the sixteen transforms on the values it takes and on some it does not, rendered by both engines.
@Suite struct TransformTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var template: String
        var expected: String
        var testDescription: String { template }
    }

    static let context = """
        {"s": "hello wORLD <b>", "e": "", "n": 41, "z": 0, "neg": -3, "f": 1.5, "t": true, "nul": null,
         "words": ["pear", "apple", "fig"], "ints": [3, 1, 2], "none": [], "one": {"a": 1}, "obj": {"b": 2, "a": 1},
         "people": [{"name": "Ann"}, {"name": "Bo"}]}
        """

    static let cases: [Case] = [
        Case(template: "{{capitalized(s)}}", expected: "Hello World &lt;B&gt;"),
        Case(template: "{{lowercased(s)}}", expected: "hello world &lt;b&gt;"),
        Case(template: "{{uppercased(s)}}", expected: "HELLO WORLD &lt;B&gt;"),
        Case(template: "{{reversed(s)}}", expected: "&gt;b&lt; DLROw olleh"),
        Case(template: "{{empty(s)}} {{empty(e)}} {{empty(none)}} {{empty(words)}} {{empty(obj)}}", expected: "false true true false false"),
        Case(template: "{{count(words)}} {{count(none)}} {{count(obj)}} {{count(s)}}", expected: "3 0 2 "),
        Case(template: "{{#enumerated(one)}}{{key}}={{value}}{{/enumerated(one)}}", expected: "a=1"),
        Case(template: "{{equalzero(z)}} {{equalzero(n)}} {{equalzero(f)}}", expected: "true false "),
        Case(template: "{{even(n)}} {{odd(n)}} {{odd(neg)}} {{even(z)}}", expected: "false true true true"),
        Case(template: "{{plusone(n)}} {{minusone(n)}} {{minusone(z)}} {{plusone(f)}} {{plusone(s)}}", expected: "42 40 -1  "),
        Case(template: "{{first(words)}} {{last(words)}} {{first(none)}} {{first(s)}}", expected: "pear fig  "),
        Case(template: "{{#first(people)}}{{name}}{{/first(people)}} {{#last(people)}}{{name}}{{/last(people)}}", expected: "Ann Bo"),
        Case(template: "{{#reversed(words)}}{{.}},{{/reversed(words)}}", expected: "fig,apple,pear,"),
        Case(template: "{{#sorted(words)}}{{.}},{{/sorted(words)}}{{#sorted(ints)}}{{.}},{{/sorted(ints)}}", expected: "apple,fig,pear,1,2,3,"),
        Case(template: "{{#sorted(obj)}}{{key}}={{value}};{{/sorted(obj)}}", expected: "a=1;b=2;"),
        Case(template: "{{#words}}{{index()}}{{#first()}}F{{/first()}}{{#last()}}L{{/last()}}{{even()}}{{odd()}}|{{/words}}",
             expected: "0Ftruefalse|1falsetrue|2Ltruefalse|"),
        Case(template: "{{#words}}{{plusone(index())}}{{/words}} {{index()}}", expected: "123 "),
        Case(template: "{{#words}}{{#one}}{{index()}}{{/one}}{{#t}}{{index()}}{{/t}}{{/words}}", expected: "012"),
        Case(template: "{{plusone(count(words))}} {{uppercased(first(words))}} {{#empty(none)}}none{{/empty(none)}}", expected: "4 PEAR none"),
        Case(template: "{{^first(none)}}no first{{/first(none)}} {{uppercased(t)}}{{uppercased(nul)}}{{count(missing)}}", expected: "no first "),
    ]

    @Test(arguments: cases)
    func transform(_ test: Case) throws {
        let context = try JSONParser().parse(Self.context)
        let compiled = try Oracle.compiled(test.template, context)
        #expect(compiled == test.expected)
        #expect(compiled == (try Oracle.render(test.template, context)), "swift-mustache")
    }

    @Test func everyTransformIsCovered() {
        let written = Self.cases.map(\.template).joined()
        for transform in Transform.allCases {
            #expect(written.contains(transform.rawValue + "("), "\(transform)")
        }
    }

    /// swift-mustache enumerates a dictionary in its hash order; the compiler keeps the object's member order.
    @Test func enumeratedKeepsMemberOrder() throws {
        let context = try JSONParser().parse(#"{"o": {"z": 1, "a": 2, "m": 3, "z": 4}}"#)
        #expect(try Oracle.compiled("{{#enumerated(o)}}{{key}}{{value}} {{/enumerated(o)}}", context) == "z4 a2 m3 ")
    }
}
