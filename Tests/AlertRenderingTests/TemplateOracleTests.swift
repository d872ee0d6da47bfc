import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Mustache
import Testing
import TemplateCompiler

/// The compiled template formats against swift-mustache driven as AlertKit drove it before (`TemplateOracle`): the
/// same bytes for every shipped template, the email's parts and edge cases, over the generator's alerts in both
/// locales, with and without a help line and the product's optional settings.
@Suite("Compiled templates against swift-mustache")
struct TemplateOracleTests {
    static let edgeCases: [(name: String, text: String)] = [
        ("plain.txt", "{{title}} {{#details}}{{value}}{{#fields}}, {{label}}={{value}}{{/fields}};{{/details}} {{severity}}"),
        ("pragma.txt", "{{% CONTENT_TYPE: TEXT }}{{title}} {{#details}}{{value}}{{/details}}"),
        ("reflect.txt", "{{title.text}} {{title.probe}} {{header.title}}"),
        ("numbers.txt", "{{#severity}}s{{/severity}} {{plusone(count(nextSteps.items))}} {{#urgent}}{{urgentLabel}}{{/urgent}}"),
        ("lists.json", "[{{#actions}}{\"id\": \"{{id}}\", \"b\": [{{#popup.buttons}}\"{{label}} {{effect.kind}} {{effect.afterSeconds}}\"{{^last()}},{{/last()}}{{/popup.buttons}}]}{{^last()}},{{/last()}}{{/actions}}]"),
        ("objects.txt", "{{help}}|{{#help}}{{.}}{{/help}}|{{#sorted(help)}}{{key}} {{/sorted(help)}}|{{count(header)}}|{{#enumerated(header)}}{{key}}={{value}};{{/enumerated(header)}}"),
        ("help.md", "{{help.title}} {{#help.phone}}{{display}} {{uri}}{{/help.phone}}{{^help.phone}}none{{/help.phone}} {{#risks.paragraphs}}{{.}}|{{/risks.paragraphs}}"),
        ("places.txt", "{{#details}}{{index()}}{{#first()}}F{{/first()}}{{#last()}}L{{/last()}}{{#even()}}E{{/even()}}: {{#fields}}{{name}}{{^last()}}, {{/last()}}{{/fields}}\n{{/details}}"),
        ("outer.txt", "{{#details}}{{#fields}}{{alert.key}} {{title}} {{product.name}} {{icon}}{{/fields}}{{/details}}{{#help.phone}}{{title}}{{/help.phone}}"),
        ("product.txt", "{{#product.appLink}}{{.}}{{/product.appLink}}{{^product.appLink}}none{{/product.appLink}} {{product.sender.name}} {{product.unsubscribe}} {{alert.dir}}"),
        ("inverted.txt", "{{^details}}no details{{/details}}{{^nextSteps.groups}}no groups{{/nextSteps.groups}}{{#nextSteps.groups}}{{title}}: {{#items}}{{text}} {{/items}}{{/nextSteps.groups}}"),
    ]

    /// Every template format's texts by name: its own template and the partials beside it.
    static func texts(of format: any AlertEmitter) throws -> (library: MustacheLibrary, parts: [(name: String, escaping: TemplateEscaping, program: CompiledTemplate)]) {
        switch format {
        case let template as TemplateFormat:
            let folder = template.file.deletingLastPathComponent()
            var texts: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
                texts[String(name.dropLast(".mustache".count))] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            }
            let name = String(template.file.lastPathComponent.dropLast(".mustache".count))
            return (try TemplateOracle.library(texts), [(name, template.escaping, template.program)])
        case let email as EmailFormat:
            let texts = try email.files.mapValues { try String(contentsOf: $0, encoding: .utf8) }
            return (try TemplateOracle.library(texts), EmailFormat.parts.compactMap { part in
                email.programs[part].map { (part, part == "html.html" ? TemplateEscaping.html : .text, $0) }
            })
        default:
            return (MustacheLibrary(), [])
        }
    }

    @Test("every shipped template, the email's parts and the edge cases, over 1,000 generated alerts: swift-mustache's bytes",
          arguments: ContentCatalog.shippedLocales)
    func sameBytes(locale: String) throws {
        let folder = try ScratchDirectory("alertkit-oracle")
        for (name, text) in Self.edgeCases { try folder.file("formats/\(name).mustache", text) }
        let formats = try TemplateFormats.load([TemplateFormats.shipped, folder.url])
        #expect(formats.filter { $0 is BrokenFormat }.isEmpty, "\(formats.compactMap { ($0 as? BrokenFormat)?.error })")
        let prepared = try formats.map { (format: $0.format.name, texts: try Self.texts(of: $0)) }
        #expect(prepared.flatMap(\.texts.parts).count == Self.edgeCases.count + 4 + 4)  // slack, sms, push, teams; the email's 4
        let catalog = try ContentCatalog.shipped(locale: locale)
        let full = ProductSettings(name: "Acme <Shield>", appLink: "https://example.com/app?a=1&b=2", smsOptOut: "STOP to end",
                                   sender: .init(name: "Acme \"Alerts\"", address: "alerts@example.com"), unsubscribe: "https://example.com/u")
        let pipelines = [
            (AlertPipeline(context: PresentationContext(catalog: catalog)), catalog.product),
            (AlertPipeline(context: PresentationContext(catalog: catalog, options: PresentationOptions(helpLine: HelpLine("+1 (800) 555-0100")))), full),
        ]
        // One cache of shared parts per part, as a format has: after an advice's first alert, the parts are put in place.
        let caches = Dictionary(uniqueKeysWithValues: prepared.flatMap { prepared in
            prepared.texts.parts.map { ("\(prepared.format) \($0.name)", TemplateParts()) }
        })
        var compared = 0
        for (index, line) in try Fixtures.generateFeed(["--count", "1000", "--seed", "11"]).enumerated() {
            let (pipeline, product) = pipelines[index % 2]
            let view = try pipeline.view(Array(line))
            for (format, texts) in prepared {
                for part in texts.parts {
                    let expected = TemplateOracle.render(texts.library, part.name, view, escaping: part.escaping, product: product) ?? "(no template)"
                    let parts = try #require(caches["\(format) \(part.name)"])
                    let compiled = try TemplateFormat.render(part.program, parts: parts, view, options: RenderOptions(product: product))
                    compared += 1
                    if compiled != expected {
                        Issue.record("\(format) \(part.name), \(view.id): \(compiled.debugDescription) ≠ swift-mustache's \(expected.debugDescription)")
                        return
                    }
                }
            }
        }
        #expect(compared == 1000 * (Self.edgeCases.count + 8))
    }

    @Test("where the two disagree, swift-mustache was wrong: a transform of text it was given escaped, a tag that prints a list")
    func knownDisagreements() throws {
        let folder = try ScratchDirectory("alertkit-oracle")
        try folder.file("formats/upper.html.mustache", "{{uppercased(alert.id)}}|{{reversed(alert.id)}}")
        try folder.file("formats/list.txt.mustache", "{{risks.paragraphs}}")
        let formats = try TemplateFormats.load([folder.url]).compactMap { $0 as? TemplateFormat }
        var alert = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.sample("email-alert"))) as? [String: Any])
        alert["id"] = "a&b<c"
        let view = try AlertPipeline().view(Array(try JSONSerialization.data(withJSONObject: alert)))
        for format in formats {
            let texts = try Self.texts(of: format)
            let oracle = TemplateOracle.render(texts.library, texts.parts[0].name, view, escaping: format.escaping,
                                               product: RenderOptions().product)
            let compiled = try format.render(view, options: RenderOptions())
            switch format.format.name {
            case "upper":  // escaped first, then transformed: an entity in capitals, an entity reversed
                #expect(oracle == "A&AMP;B&LT;C|c;tl&b;pma&a" && compiled == "A&amp;B&lt;C|c&lt;b&amp;a")
            default:  // a list printed as Swift describes an array; the compiled template prints nothing (templates check warns)
                #expect(oracle?.hasPrefix("[\"") == true && compiled == "")
            }
        }
    }
}
