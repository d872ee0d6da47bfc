import AlertJSON
import Foundation
import TemplateCompiler
import Testing

/// The compiled templates (`CompiledTemplate`) against the JSON renderer, which the Mustache specification's tests
/// and swift-mustache hold: the same bytes for every generated template over a context a typed template can hold,
/// and the limits at, below and above them.
@Suite struct CompiledTemplateTests {
    static func compiled(_ template: String, _ context: JSONValue, partials: [String: String] = [:],
                         guard limits: RenderGuard = RenderGuard()) throws -> String? {
        guard let type = TypedContext.type(of: context), !TypedContext.hasAny(type),
              let value = TypedContext.value(context, as: type) else { return nil }
        let program = try CompiledTemplate(try TemplateLibrary(template: template, partials: partials), context: type,
                                           escape: HTMLEscaping.write)
        return String(decoding: try program.render(value, guard: limits), as: UTF8.self)
    }

    static func interpreted(_ template: String, _ context: JSONValue, partials: [String: String] = [:]) throws -> String {
        let library = try TemplateLibrary(template: template, partials: partials)
        return String(decoding: try JSONRenderer(library, escaping: HTMLEscaping.self).render(context), as: UTF8.self)
    }

    @Test("the generated templates of 2,000 seeds: the same bytes as the JSON renderer wherever the context is typed")
    func sameBytesAsTheRenderer() throws {
        var compared = 0
        for seed in 1...2000 {
            var generator = TemplateGenerator(seed: UInt64(seed))
            let (template, partial) = generator.templates()
            let context = generator.context()
            let partials = ["p": partial]
            guard let compiled = try Self.compiled(template, context, partials: partials) else { continue }
            compared += 1
            let expected = try Self.interpreted(template, context, partials: partials)
            #expect(compiled.debugDescription == expected.debugDescription,
                    "seed \(seed): template \(template.debugDescription), partial \(partial.debugDescription), context \(context)")
        }
        #expect(compared >= 200, "only \(compared) seeds had a typed context")
    }

    @Test("a missing optional member lets the look-up go on outward; a found first part ends it")
    func lookUp() throws {
        let object = ContextObject([.init(name: "a", type: .string, isOptional: true), .init(name: "b", type: .string)])
        let root = ContextType.object(ContextObject([.init(name: "a", type: .string), .init(name: "list", type: .list(.object(object)))]))
        let program = try CompiledTemplate(try TemplateLibrary(template: "{{#list}}{{a}}{{b}},{{/list}}"), context: root, escape: HTMLEscaping.write)
        let value = ContextValue.object([.string("outer"), .list([.object([.string("in"), .string("1")]), .object([nil, .string("2")])])])
        #expect(String(decoding: try program.render(value), as: UTF8.self) == "in1,outer2,")
    }

    @Test("escaping: every tag escapes when the format says so; text that needs none is written as it is")
    func escaping() throws {
        let root = ContextType.object(ContextObject([.init(name: "s", type: .string), .init(name: "k", type: .string)]))
        let value = ContextValue.object([.verbatim("a%3Ab"), .string("<&>")])
        let library = try TemplateLibrary(template: "{{s}}{{{s}}}{{&s}}{{k}}{{uppercased(k)}}")
        let spec = try CompiledTemplate(library, context: root, escape: HTMLEscaping.write)
        #expect(String(decoding: try spec.render(value), as: UTF8.self) == "&lt;&amp;&gt;<&><&>a%3AbA%3AB")
        let every = try CompiledTemplate(library, context: root, escapesEveryTag: true, escape: HTMLEscaping.write)
        #expect(String(decoding: try every.render(value), as: UTF8.self) == "&lt;&amp;&gt;&lt;&amp;&gt;&lt;&amp;&gt;a%3AbA%3AB")
    }

    @Test("an object's transforms: count and empty of its present members, enumerated in name order as {key, value}")
    func objectTransforms() throws {
        let inner = ContextObject([.init(name: "y", type: .string), .init(name: "x", type: .integer, isOptional: true), .init(name: "z", type: .string)])
        let root = ContextType.object(ContextObject([.init(name: "o", type: .object(inner))]))
        let value = ContextValue.object([.object([nil, .string("Y"), .string("Z")])])
        let program = try CompiledTemplate(try TemplateLibrary(template: "{{count(o)}} {{#enumerated(o)}}{{key}}={{value}};{{/enumerated(o)}}"),
                                           context: root, escape: HTMLEscaping.write)
        #expect(String(decoding: try program.render(value), as: UTF8.self) == "2 y=Y;z=Z;")
    }

    @Test("the document size limit: at it the document, one byte below it tooLarge; a list repeated inside itself stops")
    func sizeLimit() throws {
        let context = try JSONParser().parse(#"{"list": ["a", "b", "c"]}"#)
        let template = "{{#list}}{{.}}{{/list}}!"  // 4 bytes
        #expect(try Self.compiled(template, context, guard: RenderGuard(maxBytes: 4)) == "abc!")
        #expect(try Self.compiled(template, context, guard: RenderGuard(maxBytes: 5)) == "abc!")
        #expect(throws: RenderGuard.Stop.tooLarge) { try Self.compiled(template, context, guard: RenderGuard(maxBytes: 3)) }
        let items = String(repeating: #""x","#, count: 99) + #""x""#
        let square = try JSONParser().parse(#"{"list": [\#(items)]}"#)
        let nested = String(repeating: "{{#list}}", count: 5) + "{{.}}" + String(repeating: "{{/list}}", count: 5)  // 10^10 bytes
        #expect(throws: RenderGuard.Stop.tooLarge) { try Self.compiled(nested, square, guard: RenderGuard(maxBytes: 1 << 20)) }
    }

    @Test("the time limit: a deadline passed stops a long render with timedOut; a later one lets a short render end")
    func timeLimit() throws {
        let items = String(repeating: #""x","#, count: 99) + #""x""#
        let context = try JSONParser().parse(#"{"list": [\#(items)]}"#)
        let nested = String(repeating: "{{#list}}", count: 4) + "{{/list}}{{/list}}{{/list}}{{/list}}"  // 10^8 items, no output
        #expect(throws: RenderGuard.Stop.timedOut) {
            try Self.compiled(nested, context, guard: RenderGuard(deadline: .now - .seconds(1)))
        }
        #expect(try Self.compiled("{{#list}}{{/list}}.", context, guard: RenderGuard(deadline: .now + .seconds(60))) == ".")
    }

    @Test("partials nested past the limit are refused when the template compiles")
    func partialDepth() throws {
        let root = ContextType.object(ContextObject([.init(name: "a", type: .boolean)]))
        let library = try TemplateLibrary(template: "{{> p}}", partials: ["p": "{{#a}}{{> p}}{{/a}}"])
        #expect(throws: TemplateDiagnostic.self) { try CompiledTemplate(library, context: root, escape: HTMLEscaping.write) }
        let chain = (0..<31).reduce(into: [String: String]()) { $0["p\($1)"] = "{{> p\($1 + 1)}}" }.merging(["p31": "end"]) { $1 }
        let deep = try CompiledTemplate(try TemplateLibrary(template: "{{> p0}}", partials: chain), context: root, escape: HTMLEscaping.write)
        #expect(String(decoding: try deep.render(.object([.boolean(true)])), as: UTF8.self) == "end")
        let past = chain.merging(["p31": "{{> p32}}", "p32": "end"]) { $1 }
        #expect(throws: TemplateDiagnostic.self) {
            try CompiledTemplate(try TemplateLibrary(template: "{{> p0}}", partials: past), context: root, escape: HTMLEscaping.write)
        }
    }
}
