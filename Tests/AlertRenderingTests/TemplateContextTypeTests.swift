@testable import AlertRendering
import Foundation
import Testing
import TemplateCompiler

/// `ContextType.templateContext`, the checker's and compiler's symbol table, is read off `ViewWalk`: held here to
/// `view.schema.json` (the view's members, same types) and to what a template needs to know (which members may be
/// missing, no member of unknown type).
@Suite("The template context's type")
struct TemplateContextTypeTests {
    /// Every path of `type` (`/details/[]/fields`) with its kind as the schema names it, and the optional ones.
    static func paths(_ type: ContextType, _ path: String = "", into kinds: inout [String: String], optional: inout Set<String>) {
        let name = path.isEmpty ? "/" : path
        switch type {
        case .string: kinds[name] = "string"
        case .integer: kinds[name] = "integer"
        case .number: kinds[name] = "number"
        case .boolean: kinds[name] = "boolean"
        case .any: kinds[name] = "any"
        case .list(let item):
            kinds[name] = "array"
            paths(item, path + "/[]", into: &kinds, optional: &optional)
        case .object(let object):
            kinds[name] = "object"
            for member in object.members {
                if member.isOptional { optional.insert(path + "/" + member.name) }
                paths(member.type, path + "/" + member.name, into: &kinds, optional: &optional)
            }
        }
    }

    @Test("the view's part is view.schema.json's members with their types; alert, product and actions' inHelp are added; nothing is of unknown type")
    func schema() throws {
        var kinds: [String: String] = [:], optional: Set<String> = []
        Self.paths(.templateContext, into: &kinds, optional: &optional)
        #expect(kinds.filter { $0.value == "any" }.keys.sorted() == [], "lists the full view left empty")
        // Beside the view: `alert`, `product`, and each action's `inHelp`.
        #expect(kinds["/actions/[]/inHelp"] == "boolean")
        let view = kinds.filter { !$0.key.hasPrefix("/alert") && !$0.key.hasPrefix("/product") && $0.key != "/actions/[]/inHelp" }
        let schema = try ViewWalkTests.schemaPaths()
        #expect(Set(view.keys).subtracting(schema.keys).sorted() == [], "in the context's type, not in view.schema.json")
        #expect(Set(schema.keys).subtracting(view.keys).sorted() == [], "in view.schema.json, not in the context's type")
        for (path, kind) in view where schema[path] != nil {
            #expect(schema[path] == kind, "\(path): \(kind) in the context's type, \(schema[path] ?? "") in the schema")
        }
        #expect(kinds.keys.filter { $0.hasPrefix("/alert/") }.sorted()
                == ["/alert/date", "/alert/dir", "/alert/id", "/alert/key", "/alert/locale", "/alert/title", "/alert/type", "/alert/urgent"])
        #expect(kinds["/product/sender/address"] == "string" && kinds["/alert/urgent"] == "boolean")
        #expect(optional == ["/help/phone", "/actions/[]/link", "/actions/[]/popup/buttons/[]/effect/afterSeconds",
                             "/actions/[]/popup/phone", "/product/appLink", "/product/name",
                             "/product/smsOptOut", "/product/unsubscribe"], "\(optional.sorted())")
    }
}
