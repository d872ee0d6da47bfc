import AlertJSON
import TemplateCompiler
import Testing

/// The shared parts of a compiled template (`CompiledTemplate(…, shared:)`): the runs that read only the shared
/// members, rendered once and put in place for every context with the same shared values. They must change no byte:
/// a document made from another context's parts is the document rendered in full.
@Suite struct SharedPartsTests {
    static let shared: Set<String> = ["l0", "m0", "o0"]

    /// `context`'s members named in `names` at every level (all of them for nil): what a context built for
    /// `CompiledTemplate.ownNames` holds.
    static func keeping(_ names: Set<String>?, of value: JSONValue) -> JSONValue {
        guard let names else { return value }
        switch value {
        case .object(let object):
            return .object(JSONObject(object.members.filter { names.contains($0.key) }
                .map { JSONObject.Member(key: $0.key, value: keeping(names, of: $0.value)) }))
        case .array(let items): return .array(items.map { keeping(names, of: $0) })
        default: return value
        }
    }

    /// `context` with each member that is not shared changed, its type kept: strings longer, numbers one more,
    /// truth values turned, lists reversed.
    static func ownMembersChanged(_ context: JSONValue) -> JSONValue {
        guard case .object(let object) = context else { return context }
        return .object(JSONObject(object.members.map { member in
            JSONObject.Member(key: member.key, value: shared.contains(member.key) ? member.value : changed(member.value))
        }))
    }

    private static func changed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text + "x")
        case .number(let number): .number(number + 1)
        case .bool(let flag): .bool(!flag)
        case .array(let items): .array(items.reversed().map(changed))
        case .object(let object): .object(JSONObject(object.members.map { JSONObject.Member(key: $0.key, value: changed($0.value)) }))
        case .null: .null
        }
    }

    @Test("2,000 generated templates: a context's document made with another's shared parts is its document in full")
    func sameBytesWithParts() throws {
        var compared = 0, withParts = 0
        for seed in 1...2000 {
            var generator = TemplateGenerator(seed: UInt64(seed))
            let (template, partial) = generator.templates()
            let first = generator.context()
            let second = Self.ownMembersChanged(first)
            guard let type = TypedContext.type(of: first), TypedContext.type(of: second) == type else { continue }
            guard !TypedContext.hasAny(type), let firstValue = TypedContext.value(first, as: type),
                  let secondValue = TypedContext.value(second, as: type) else { continue }
            let library = try TemplateLibrary(template: template, partials: ["p": partial])
            let plain = try CompiledTemplate(library, context: type, escape: HTMLEscaping.write)
            let split = try CompiledTemplate(library, context: type, shared: Self.shared, escape: HTMLEscaping.write)
            compared += 1
            if split.sharedPartCount > 0 { withParts += 1 }
            let made = try split.render(firstValue, sharedParts: nil)
            #expect(made.joined == (try plain.render(firstValue)), "seed \(seed): \(template.debugDescription)")
            guard let lean = TypedContext.value(Self.keeping(split.ownNames, of: second), as: type) else {
                Issue.record("seed \(seed): the lean context has no value")
                continue
            }
            var reused = try split.render(lean, sharedParts: made.parts.map(\.count))
            #expect(reused.parts.isEmpty)
            reused.parts = made.parts
            #expect(reused.joined == (try plain.render(secondValue)),
                    "seed \(seed): template \(template.debugDescription), partial \(partial.debugDescription), \(first) then \(second)")
        }
        #expect(compared >= 200, "only \(compared) seeds had a typed context")
        #expect(withParts >= 100, "only \(withParts) seeds had a shared part")
    }

    static let root = ContextType.object(ContextObject([
        .init(name: "own", type: .string), .init(name: "flag", type: .boolean),
        .init(name: "advice", type: .object(ContextObject([.init(name: "title", type: .string),
                                                           .init(name: "items", type: .list(.string))]))),
    ]))

    static func program(_ template: String, partials: [String: String] = [:]) throws -> CompiledTemplate {
        try CompiledTemplate(try TemplateLibrary(template: template, partials: partials), context: root, shared: ["advice"],
                             escape: HTMLEscaping.write)
    }

    @Test("parts are made at the top level only: not inside a section, nor inside a partial indented; text alone is none",
          arguments: [
              ("{{advice.title}}", 1), ("a{{own}}b", 0), ("{{advice.title}}{{own}}{{#advice.items}}{{.}}{{/advice.items}}", 2),
              ("{{#flag}}{{advice.title}}{{/flag}}", 0), ("{{#advice}}{{title}}{{own}}{{/advice}}", 0),
              ("{{#advice}}{{title}}{{/advice}}", 1), ("{{> p}}", 1), ("  {{> p}}\n", 1), ("{{> q}}", 1), ("  {{> q}}\n", 0),
              ("text\n", 0),
              ("{{#advice.items}}{{.}}{{^last()}}, {{/last()}}{{/advice.items}}", 1),
          ])
    func placement(template: String, parts: Int) throws {
        let partials = ["p": "{{advice.title}}\n", "q": "{{own}}{{advice.title}}\n"]
        #expect(try Self.program(template, partials: partials).sharedPartCount == parts)
    }

    @Test("a context for the parts given needs only the names outside them")
    func ownNames() throws {
        let program = try Self.program("{{own}}{{#advice}}{{title}}{{/advice}}")
        #expect(program.ownNames == ["own"])
        #expect(program.usedNames == ["own", "advice", "title"])
    }

    @Test("the size limit counts the parts put in place: at it the document, one byte below it tooLarge")
    func sizeLimit() throws {
        let program = try Self.program("{{own}}{{advice.title}}!")
        let full = ContextValue.object([.object([.list([]), .string("title")]), .boolean(false), .string("own")])
        let made = try program.render(full, sharedParts: nil)
        #expect(made.parts == [Array("title!".utf8)])
        let lean = ContextValue.object([nil, nil, .string("own")])
        for limit in [9, 10] {
            let document = try program.render(lean, sharedParts: [6], guard: RenderGuard(maxBytes: limit))
            #expect(document.bytes == Array("own".utf8) && document.insertions.map(\.offset) == [3])
        }
        #expect(throws: RenderGuard.Stop.tooLarge) { try program.render(lean, sharedParts: [6], guard: RenderGuard(maxBytes: 8)) }
        #expect(throws: RenderGuard.Stop.tooLarge) { try program.render(full, sharedParts: nil, guard: RenderGuard(maxBytes: 8)) }
        #expect(try program.render(full, sharedParts: nil, guard: RenderGuard(maxBytes: 9)).joined == Array("owntitle!".utf8))
    }
}
