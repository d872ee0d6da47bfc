import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// A template's context holds exactly what `--format json` writes: built from the view directly, it equals the
/// JSON view model read back with every string escaped.
@Suite("Template context")
struct TemplateContextTests {
    static func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    static func escapedStrings(_ value: Any, _ escaping: TemplateEscaping) -> Any {
        switch value {
        case let text as String: escaping.escape(text)
        case let list as [Any]: list.map { escapedStrings($0, escaping) }
        case let object as [String: Any]: object.mapValues { escapedStrings($0, escaping) }
        default: value
        }
    }

    /// `escaped` with each action's and button's id as in `raw`: a catalog's ids (`[a-z0-9][a-z0-9-]*`) come out as
    /// they are under every escaping (`ViewWalk`), so that a button's data reads the same in every channel.
    static func verbatimIds(_ escaped: Any, _ raw: Any) -> Any {
        guard var object = escaped as? [String: Any], let rawObject = raw as? [String: Any],
              let actions = object["actions"] as? [[String: Any]], let rawActions = rawObject["actions"] as? [[String: Any]]
        else { return escaped }
        object["actions"] = zip(actions, rawActions).map { action, rawAction -> [String: Any] in
            var action = action
            action["id"] = rawAction["id"]
            if var popup = action["popup"] as? [String: Any], let buttons = popup["buttons"] as? [[String: Any]],
               let rawButtons = (rawAction["popup"] as? [String: Any])?["buttons"] as? [[String: Any]] {
                popup["buttons"] = zip(buttons, rawButtons).map { button, rawButton -> [String: Any] in
                    var button = button
                    button["id"] = rawButton["id"]
                    return button
                }
                action["popup"] = popup
            }
            return action
        }
        return object
    }

    static let contexts: [PresentationContext] = [
        PresentationContext(),
        PresentationContext(catalog: (try? ContentCatalog.shipped(locale: "es")) ?? .english,
                            options: PresentationOptions(helpLine: HelpLine("+1 (800) 555-0100"))),
    ]

    @Test("equal to the JSON view model, for every sample, both locales with a help line, every escaping",
          arguments: Fixtures.sampleNames)
    func parity(sample: String) throws {
        for context in Self.contexts {
            let view = try AlertPipeline(context: context).view(Fixtures.sample(sample))
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(view))
            for escaping in TemplateEscaping.allCases + [TemplateEscaping(rawValue: "markdown+json")!] {
                var direct = TemplateContext.values(of: view, escaping: escaping, product: context.catalog.product).plain
                // Beside the view model: the alert's own fields under `alert`, and the product's settings.
                let alert = try #require(direct.removeValue(forKey: "alert") as? [String: Any])
                let product = try #require(direct.removeValue(forKey: "product") as? [String: Any])
                #expect(try Self.canonical(direct) == Self.canonical(Self.verbatimIds(Self.escapedStrings(json, escaping), json)),
                        "\(escaping)")
                #expect(alert["id"] as? String == escaping.escape(view.id) && alert["title"] as? String == escaping.escape(view.title))
                #expect(alert["urgent"] as? Bool == view.urgent && alert["type"] as? String == escaping.escape(view.type))
                #expect(alert["key"] as? String == TemplateContext.key(view.id), "the key is not escaped again: it needs none")
                #expect(product["name"] as? String == escaping.escape(context.catalog.product.name) && product["appLink"] == nil)
            }
        }
    }
}
