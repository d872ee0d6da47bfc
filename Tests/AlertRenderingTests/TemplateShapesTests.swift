import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Mustache
import Testing

/// A template format renders a shape of context once and puts each alert's strings in place of markers; the
/// documents must be those of rendering every alert's context directly.
@Suite("Template shapes")
struct TemplateShapesTests {
    static let views: [AlertView] = {
        var views: [AlertView] = []
        for sample in Fixtures.sampleNames {
            for locale in ContentCatalog.shippedLocales {
                let context = PresentationContext(catalog: (try? .shipped(locale: locale)) ?? .english,
                                                  options: PresentationOptions(helpLine: HelpLine("+1 (800) 555-0100")))
                if let data = try? Fixtures.sample(sample), let view = try? AlertPipeline(context: context).view(data) {
                    views.append(view)
                }
            }
        }
        let pipeline = AlertPipeline()
        for line in (try? Fixtures.generateFeed(["--count", "600", "--seed", "4"])) ?? [] {
            if let view = try? pipeline.view(line) { views.append(view) }
        }
        return views
    }()

    @Test("the walk visits the strings in the context's order, escaped as the context has them")
    func leafOrder() {
        #expect(Self.views.count > 600)
        for escaping in TemplateEscaping.allCases {
            for view in Self.views {
                var collected: [String] = []
                _ = TemplateContext.values(of: view, escaping: escaping, leaf: { collected.append($0); return $0 },
                                           severity: { collected.append("\(TemplateContext.number($0))"); return $0 })
                var walk = TemplateLeaves(escaping: escaping)
                walk.visit(view)
                #expect(walk.leaves == collected, "\(view.id), \(escaping)")
            }
        }
    }

    @Test("views of one shape have the same context once every string is a numbered marker")
    func shapeKeyIsComplete() throws {
        var contexts: [[Int]: String] = [:]
        for view in Self.views {
            var index = 0
            func marker(_: Any) -> Any { defer { index += 1 }; return "#\(index)" }
            let context = TemplateContext.values(of: view, escaping: .text, leaf: marker, severity: marker)
            let canonical = try TemplateContextTests.canonical(context.plain)
            var walk = TemplateLeaves(escaping: .text)
            walk.visit(view)
            if let seen = contexts[walk.shape] { #expect(seen == canonical, "\(view.id)") } else { contexts[walk.shape] = canonical }
        }
        #expect(contexts.count > 20, "the views should cover many shapes")
    }

    static let templates: [(name: String, text: String)] = [
        ("plain.txt", "{{title}} {{#details}}{{value}}{{#fields}}, {{label}}={{value}}{{/fields}};{{/details}} {{severity}}"),
        ("upper.txt", "{{#details}}{{uppercased(value)}}{{/details}} {{title}}"),
        ("pragma.txt", "{{% CONTENT_TYPE: TEXT }}{{title}} {{#details}}{{value}}{{/details}}"),
        ("reflect.txt", "{{title.text}} {{title.probe}} {{header.title}}"),
        ("literal.txt", "\u{F8F0}&0\u{F8F1} {{title}}"),
        ("stray.txt", "{{title}} \u{F8F1}"),
        ("numbers.txt", "{{#severity}}s{{/severity}} {{plusone(nextSteps.items.count)}} {{#urgent}}{{urgentLabel}}{{/urgent}}"),
        ("lists.json", "[{{#actions}}{\"id\": \"{{id}}\", \"b\": [{{#popup.buttons}}\"{{label}} {{effect.kind}} {{effect.afterSeconds}}\"{{^last()}},{{/last()}}{{/popup.buttons}}]}{{^last()}},{{/last()}}{{/actions}}]"),
        ("objects.txt", "{{help}}|{{details}}|{{#help}}{{.}}{{/help}}|{{#sorted(help)}}{{key}} {{/sorted(help)}}|{{count(header)}}"),
        ("help.md", "{{help.title}} {{#help.phone}}{{display}} {{uri}}{{/help.phone}}{{^help.phone}}none{{/help.phone}} {{#risks.paragraphs}}{{.}}|{{/risks.paragraphs}}"),
    ]

    @Test("every shipped and edge-case template: the documents of rendering each context directly")
    func sameDocuments() throws {
        let folder = try ScratchDirectory("alertkit-shapes")
        for (name, text) in Self.templates { try folder.file("formats/\(name).mustache", text) }
        let formats = try TemplateFormats.load([TemplateFormats.shipped, folder.url]).compactMap { $0 as? TemplateFormat }
        #expect(formats.count >= Self.templates.count + 3)
        for format in formats {
            var library = MustacheLibrary()
            let text = try String(contentsOf: format.file, encoding: .utf8)
            library.register(try TemplateFormats.parse(text), named: "t")
            for round in 0..<3 {  // the first sighting, the shape's first rendering, then the cached pieces
                for view in Self.views {
                    let context = TemplateContext.values(of: view, escaping: format.escaping, leaf: { EscapedText($0) })
                    let expected = try #require(library.render(context, withTemplate: "t"))
                    let document = try format.render(view, options: RenderOptions())
                    #expect(document == (format.fitsSMS ? SMSText.fitDocument(expected) + "\n" : expected),
                            "\(format.format.name), round \(round), \(view.id)")
                }
            }
            switch format.format.name {
            case "upper": #expect(format.shapes.rendersDirectly)
            case "literal", "stray", "reflect": #expect(format.shapes.piecesCount == 0, "\(format.format.name)")
            default: #expect(!format.shapes.rendersDirectly && format.shapes.piecesCount > 10, "\(format.format.name) \(format.shapes.piecesCount)")
            }
        }
    }

    @Test("the email, its parts through shapes: the messages of rendering each part's context directly")
    func emailThroughShapes() throws {
        let email = try #require(TemplateFormats.load([TemplateFormats.shipped]).compactMap { $0 as? EmailFormat }.first)
        let options = RenderOptions(date: Date(timeIntervalSince1970: 1_700_000_000))
        for round in 0..<3 {  // the first sighting, the shape's first rendering, then the cached pieces
            for view in Self.views {
                #expect(try email.render(view, options: options) == email.renderDirectly(view, options: options),
                        "round \(round), \(view.id)")
            }
        }
        for part in EmailFormat.parts {
            let shapes = try #require(email.shapes[part])
            #expect(!shapes.rendersDirectly && shapes.piecesCount > 10, "\(part): \(shapes.piecesCount) shapes")
        }
    }

    @Test("a shape seen often outlives many seen once")
    func eviction() {
        let cache = ShapeCache(limit: 4)
        let pieces = TemplateShapes.Entry.pieces(TemplatePieces("x", leafCount: 0)!)
        cache.set(pieces, for: [0])
        for _ in 0..<50 { _ = cache.entry(for: [0]) }
        for key in 1..<100 {
            guard case .first = cache.sighting([key]) else { Issue.record("\(key) was new"); continue }
            cache.set(pieces, for: [key])
            _ = cache.entry(for: [0])
        }
        #expect(cache.entry(for: [0]) != nil)
        guard case .again(nil) = cache.sighting([99]) else { Issue.record("99 was seen, with no witness"); return }
    }

    @Test("a shape's first document is its witness at the second sighting, within the bound in bytes")
    func witnesses() {
        let cache = ShapeCache(limit: 64)
        let small = ShapeCache.Witness(leaves: ["a", "bc"], document: "x a y bc")
        guard case .first = cache.sighting([1]) else { Issue.record("new"); return }
        cache.keep(small, for: [1])
        #expect(cache.witnesses.count == 1 && cache.witnesses.bytes == 11)
        guard case .again(let kept?) = cache.sighting([1]) else { Issue.record("kept"); return }
        #expect(kept.document == "x a y bc" && kept.leaves == ["a", "bc"])
        #expect(cache.witnesses.count == 0 && cache.witnesses.bytes == 0, "given up at the second sighting")

        // At, below and above the bound of one witness.
        for (key, size) in [(2, ShapeCache.witnessLimit), (3, ShapeCache.witnessLimit - 1), (4, ShapeCache.witnessLimit + 1)] {
            _ = cache.sighting([key])
            cache.keep(ShapeCache.Witness(leaves: [], document: String(repeating: "d", count: size)), for: [key])
        }
        #expect(cache.witnesses.count == 2 && cache.witnesses.bytes == 2 * ShapeCache.witnessLimit - 1)
        // The bound of all of them: the witnesses stop at witnessBytes; the shapes are still noted as seen.
        for key in 5..<(5 + ShapeCache.witnessBytes / ShapeCache.witnessLimit + 2) {
            _ = cache.sighting([key])
            cache.keep(ShapeCache.Witness(leaves: [], document: String(repeating: "d", count: ShapeCache.witnessLimit)), for: [key])
        }
        #expect(cache.witnesses.bytes <= ShapeCache.witnessBytes && cache.witnesses.bytes > ShapeCache.witnessBytes - ShapeCache.witnessLimit)
        guard case .again = cache.sighting([5 + ShapeCache.witnessBytes / ShapeCache.witnessLimit + 1]) else {
            Issue.record("seen, even without a witness"); return
        }
        // A witness is kept only for a shape seen once and not yet witnessed.
        cache.keep(small, for: [1000])
        #expect(cache.sighting([1000]).isFirst)
    }

    @Test("damaged markers are not pieces")
    func damagedMarkers() {
        #expect(TemplatePieces("a\u{F8F0}&0\u{F8F1}b", leafCount: 1)?.document(["X"]) == "aXb")
        #expect(TemplatePieces("a\u{F8F0}&amp;0\u{F8F1}b", leafCount: 1) == nil)
        #expect(TemplatePieces("a\u{F8F0}&3\u{F8F1}b", leafCount: 1) == nil)
        #expect(TemplatePieces("a\u{F8F1}b", leafCount: 1) == nil)
        #expect(TemplatePieces("a\u{F8F0}&0", leafCount: 1) == nil)
        #expect(TemplatePieces("a\u{F8F0}\u{F8F1}b", leafCount: 1) == nil)
        #expect(TemplatePieces("a\u{F8F0}&12345678901\u{F8F1}b", leafCount: 1) == nil)
        #expect(TemplatePieces("a\u{F8F0}&0\u{F8F1}\u{F8F1}", leafCount: 1) == nil)
    }

    @Test("pieces cut on bytes keep the text around the markers whole, whatever its script")
    func piecesAroundMarkers() throws {
        let marked = "«ñ»" + TemplatePieces.marker(1) + "日本\u{F8F2}" + TemplatePieces.marker(0) + TemplatePieces.marker(1) + "é\u{301}"
        let pieces = try #require(TemplatePieces(marked, leafCount: 2))
        #expect(pieces.document(["A", "ü"]) == "«ñ»ü日本\u{F8F2}Aüé\u{301}")
        #expect(pieces.size(["A", "ü"]) == pieces.document(["A", "ü"]).utf8.count)
        #expect(TemplatePieces("no marker: \u{F8F2}", leafCount: 0)?.document([]) == "no marker: \u{F8F2}")
    }
}

extension ShapeCache.Sighting {
    var isFirst: Bool { if case .first = self { true } else { false } }
}
