import AlertPresentation
@testable import AlertRendering
import Foundation
import Mustache
import TemplateCompiler

/// swift-mustache as AlertKit drove it before templates were compiled, kept as the oracle the compiled formats are held
/// to: the context as `[String: Any]` with every string already escaped for the output (text that needs no escaping
/// as it is, a whole number an `Int`), Mustache's own escaping off (`{{% CONTENT_TYPE: TEXT }}`), the header line
/// taken out as the loader did. This file is the one place such values exist.
enum TemplateOracle {
    /// An object as the engine saw one: its values by name, printing nothing, with an object's four transforms.
    struct Object: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
        let values: [String: Any]
        func child(named name: String) -> Any? { values[name] }
        var renderText: String { "" }
        var isNull: Bool { false }
        func transform(_ name: String) -> Any? {
            let members = values.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key }
            switch name {
            case "count": return values.count
            case "empty": return values.isEmpty
            case "enumerated", "sorted": return members
            default: return nil
            }
        }
    }

    /// `value` (of `type`) as the engine's context, strings escaped by `escaping`.
    static func context(_ value: ContextValue, _ type: ContextType, _ escaping: TemplateEscaping) -> Any {
        switch (value, type) {
        case (.string(let text), _): return escaping.escape(text)
        case (.verbatim(let text), _): return text
        case (.integer(let number), _): return number
        case (.number(let number), _): return number.rounded() == number && abs(number) < 1e15 ? Int(number) as Any : number
        case (.boolean(let flag), _): return flag
        case (.list(let items), .list(let item)): return items.map { context($0, item, escaping) } as [Any]
        case (.object(let members), .object(let object)):
            var values: [String: Any] = [:]
            for (member, value) in zip(object.members, members) {
                if let value { values[member.name] = context(value, member.type, escaping) }
            }
            return Object(values: values)
        default: return ""
        }
    }

    /// `texts` (a folder's templates and partials, by name without `.mustache`) as the engine's library.
    static func library(_ texts: [String: String]) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in texts {
            library.register(try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT }}" + TemplateOracle.withoutHeader(text)), named: name)
        }
        return library
    }

    /// `text` without its first line when that line is one comment alone (the header), as the loader took it out so
    /// that the pragma stood alone on line 1.
    static func withoutHeader(_ text: String) -> Substring {
        guard let newline = text.firstIndex(of: "\n") else { return text[...] }
        let first = text[..<newline].trimmingCharacters(in: .whitespacesAndNewlines)
        guard first.hasPrefix("{{!"), first.hasSuffix("}}"), !first.dropLast(2).contains("}}") else { return text[...] }
        return text[newline...]
    }

    /// The engine's document for `template` of `library` over `view`.
    static func render(_ library: MustacheLibrary, _ template: String, _ view: AlertView, escaping: TemplateEscaping,
                       product: ProductSettings) -> String? {
        let value = TemplateContextValue.of(view, product: product)
        return library.render(context(value, .templateContext, escaping), withTemplate: template)
    }
}
