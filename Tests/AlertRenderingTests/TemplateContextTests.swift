import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing
import TemplateCompiler

/// A template's context holds exactly what `--format json` writes: built from the view directly (`ViewWalk`), each
/// member at its place in `ContextType.templateContext`, it equals the JSON view model read back, with `alert` and
/// `product` beside it.
@Suite("Template context")
struct TemplateContextTests {
    static func canonical(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// `value` as plain dictionaries and arrays, its members named by `type`; text that needs no escaping as text.
    static func plain(_ value: ContextValue, _ type: ContextType) -> Any {
        switch (value, type) {
        case (.string(let text), _), (.verbatim(let text), _): return text
        case (.integer(let number), _): return number
        case (.number(let number), _): return number
        case (.boolean(let flag), _): return flag
        case (.list(let items), .list(let item)): return items.map { plain($0, item) }
        case (.object(let members), .object(let object)):
            var result: [String: Any] = [:]
            for (member, value) in zip(object.members, members) {
                if let value { result[member.name] = plain(value, member.type) }
            }
            return result
        default: return NSNull()
        }
    }

    static let contexts: [PresentationContext] = [
        PresentationContext(),
        PresentationContext(catalog: (try? ContentCatalog.shipped(locale: "es")) ?? .english,
                            options: PresentationOptions(helpLine: HelpLine("+1 (800) 555-0100"))),
    ]

    @Test("equal to the JSON view model, for every sample, both locales with a help line", arguments: Fixtures.sampleNames)
    func parity(sample: String) throws {
        for context in Self.contexts {
            let view = try AlertPipeline(context: context).view(Fixtures.sample(sample))
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(view))
            var direct = try #require(Self.plain(TemplateContextValue.of(view, product: context.catalog.product), .templateContext)
                                      as? [String: Any])
            // Beside the view model: the alert's own fields under `alert`, and the product's settings.
            let alert = try #require(direct.removeValue(forKey: "alert") as? [String: Any])
            let product = try #require(direct.removeValue(forKey: "product") as? [String: Any])
            // And each action's `inHelp`: whether it is the "Need help?" section's (`help.action`).
            var actions = try #require(direct["actions"] as? [[String: Any]])
            for index in actions.indices {
                let inHelp = actions[index].removeValue(forKey: "inHelp") as? Bool
                #expect(inHelp == (view.actions[index].id == view.help.action))
            }
            direct["actions"] = actions
            #expect(try Self.canonical(direct) == Self.canonical(json))
            #expect(alert["id"] as? String == view.id && alert["title"] as? String == view.title)
            #expect(alert["urgent"] as? Bool == view.urgent && alert["type"] as? String == view.type)
            #expect(alert["key"] as? String == TemplateContextValue.key(view.id))
            #expect(product["name"] as? String == context.catalog.product.name && product["appLink"] == nil)
        }
    }

    @Test("alert.key and a catalog's ids need no escaping and get none; every other string is escaped as the format says")
    func verbatim() throws {
        let view = try AlertPipeline().view(Fixtures.sample("email-alert"))
        guard case .object(let members) = TemplateContextValue.of(view, product: ContentCatalog.english.product),
              case .object(let root) = ContextType.templateContext,
              let alert = root.members.firstIndex(where: { $0.name == "alert" }),
              case .object(let fields)? = members[alert] else { Issue.record("no alert object"); return }
        let names = try #require({ if case .object(let object) = root.members[alert].type { object.members.map(\.name) } else { nil } }())
        let byName = Dictionary(uniqueKeysWithValues: zip(names, fields))
        #expect(byName["key"] == .verbatim(TemplateContextValue.key(view.id)) && byName["dir"] == .verbatim("ltr"))
        #expect(byName["id"] == .string(view.id) && byName["title"] == .string(view.title))
    }
}

/// The compiled templates' byte writers against `TemplateEscaping.escape(_:)`, the definition of each escaping.
@Suite("Escaping into bytes")
struct ByteWriterTests {
    @Test("every escaping's byte writer writes escape(_:)'s bytes, for every hostile fragment alone and joined")
    func sameBytes() throws {
        let texts = HostileSamples.fragments + [HostileSamples.fragments.joined(separator: " "), "", "plain", "a & b < c > d \"e\" \\f"]
        for escaping in TemplateEscaping.allCases + [try #require(TemplateEscaping(rawValue: "markdown+json"))] {
            let write = escaping.byteWriter
            for text in texts {
                var bytes: [UInt8] = Array("prefix".utf8)
                write(text, &bytes)
                #expect(bytes == Array(("prefix" + escaping.escape(text)).utf8), "\(escaping.rawValue): \(text.debugDescription)")
            }
        }
    }

    @Test("markdown+json on bytes (MarkdownBytes) writes escape(_:)'s bytes for 20,000 texts made of what its rules look at")
    func markdownBytes() throws {
        let escaping = try #require(TemplateEscaping(rawValue: "markdown+json"))
        let pieces = ["a", "w", "W", "www.", "WwW.", "x", "1", "23", ".", ")", " ", "  ", "#", "+", "-", "=", "&", "&#", "!", "![",
                      "@", ":", "://", "/", "\\", "`", "*", "_", "[", "]", "<", ">", "~", "|", "\"", "é", "\t", "\n", "\u{7F}",
                      // Outside ASCII: letters (after `&`, before `w`), a word joiner, white space, controls, U+FEFF.
                      "ß", "Ω", "€", "👍🏽", "\u{2060}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{202E}", "\u{FEFF}", "\u{301}"]
        var random = SplitMix(seed: 37)
        var written = 0, writtenOutsideASCII = 0
        for _ in 0..<20_000 {
            let text = (0..<Int(random.next() % 7)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            var bytes: [UInt8] = Array("prefix".utf8)
            if MarkdownBytes.appendMarkdownJSON(text, to: &bytes) {
                written += 1
                if text.utf8.contains(where: { $0 >= 0x80 }) { writtenOutsideASCII += 1 }
                #expect(bytes == Array(("prefix" + escaping.escape(text)).utf8), "\(text.debugDescription)")
            } else {
                #expect(bytes == Array("prefix".utf8) && text.utf8.contains { $0 < 0x20 || $0 >= 0x7F }, "\(text.debugDescription)")
            }
        }
        #expect(written > 8_000)
        #expect(writtenOutsideASCII > 2_000)
    }
}
