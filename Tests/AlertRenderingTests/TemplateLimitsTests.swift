import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// What a user's template may not do: include itself, multiply a list without end, escape by an extension
/// AlertKit does not know, or reach outside its folder (issue 25's findings 5, 6, 7 and 10).
@Suite("Template limits")
final class TemplateLimitsTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-template-limits") }

    private func formats(_ files: [String: String]) throws -> FormatRegistry {
        let folder = scratch.url.appendingPathComponent(UUID().uuidString)
        for (name, text) in files { try scratch.file(folder.lastPathComponent + "/" + name, text) }
        return try FormatRegistry.standard(templates: [folder])
    }

    /// The first problem loading `files`: a format they break (`FormatRegistry.problems`), or what loading threw.
    private func loadError(_ files: [String: String]) -> TemplateError? {
        do { return try formats(files).problems.first } catch let error as TemplateError { return error } catch { return nil }
    }

    @Test("a partial that includes itself, directly, through others, or inside a section, is refused with its files",
          arguments: [
            ["loop.txt.mustache": "{{> a}}", "a.mustache": "x {{> a}}"],
            ["loop.txt.mustache": "{{> b}}", "b.mustache": "{{> c}}", "c.mustache": "{{> b}}"],
            ["loop.txt.mustache": "{{> d}}", "d.mustache": "{{#details}}{{> d}}{{/details}}"],
            ["loop.txt.mustache": "{{=<% %>=}}<%> e%>", "e.mustache": "{{> e}}"],
          ])
    func cycles(files: [String: String]) throws {
        let error = try #require(loadError(files))
        #expect(error.message.hasPrefix("partials include themselves"), "\(error)")
        let cycle = files.keys.filter { $0 != "loop.txt.mustache" }
        for name in cycle { #expect(error.message.contains(name), "\(error) should name \(name)") }
    }

    @Test("what a crafted text could hide is refused by the one parser that also renders: parents, blocks, a combining mark after a brace, delimiters set across a line break", arguments: [
            ["x.txt.mustache": "{{<p}}{{$b}}{{$b}}{{/b}}{{/b}}{{/p}}", "p.mustache": "{{$b}}{{/b}}"],
            ["x.txt.mustache": "{{<p}}{{$l0}}{{$l1}}{{/l1}}{{$l1}}{{/l1}}{{/l0}}{{/p}}", "p.mustache": "{{$l0}}{{/l0}}"],
            ["x.txt.mustache": "{{> p}}", "p.mustache": "{{\u{301} {{>p}} }}"],
            ["x.txt.mustache": "{{> q}}", "q.mustache": "{{=<%\n%>=}}<%>q%>"],
          ])
    func parserAgreement(files: [String: String]) throws {
        let error = try #require(loadError(files))
        #expect(["partials include themselves", "parent or block", "is not a tag AlertKit can read", "is never closed"]
                    .contains { error.message.contains($0) }, "\(error)")
        let folder = scratch.url.appendingPathComponent(UUID().uuidString)
        for (name, text) in files { try scratch.file(folder.lastPathComponent + "/" + name, text) }
        #expect(!TemplateChecker().check([folder]).isEmpty)
    }

    @Test("a shape seen before is held to the size limit before its document is built (a long string in a repeated list)",
          .timeLimit(.minutes(2)))
    func piecesLimit() throws {
        let formats = try formats(["rep.txt.mustache": "{{#details}}{{#details}}{{id}}{{/details}}{{/details}}"])
        let pipeline = AlertPipeline(decoder: AlertDecoder(limits: AlertLimits(maxDocumentBytes: 1 << 20)), formats: formats)
        func alert(id: String) throws -> [UInt8] {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(Fixtures.emailAlert(events: 100))) as? [String: Any])
            object["id"] = id
            return Array(try JSONSerialization.data(withJSONObject: object))
        }
        for _ in 0..<3 { _ = try pipeline.render(try alert(id: "a"), format: "rep") }  // the shape is cached as pieces
        #expect(throws: RenderLimitError.documentTooLarge(limit: 1 << 20)) {
            try pipeline.render(try alert(id: String(repeating: "x", count: 30_000)), format: "rep")
        }
    }

    @Test("XML escaping makes noncharacters visible; CSV defuses a formula behind any white space")
    func xmlAndCSVCorners() throws {
        #expect(TemplateEscaping.xml.escape("x\u{FFFE}y\u{1FFFF}z") == "x&lt;U+FFFE&gt;y&lt;U+1FFFF&gt;z")
        #expect(TemplateEscaping.csv.escape("\u{A0}=1+1") == "\"'\u{A0}=1+1\"")
        #expect(TemplateEscaping.csv.escape("say \"hi\"") == "\"say \"\"hi\"\"\"")
    }

    @Test("partials 32 deep load; 33 deep are refused")
    func depth() throws {
        func chain(_ depth: Int) -> [String: String] {
            var files = ["deep.txt.mustache": "{{> p1}}"]
            for level in 1...depth { files["p\(level).mustache"] = level == depth ? "end" : "{{> p\(level + 1)}}" }
            return files
        }
        let deep = try formats(chain(32))
        let view = try AlertPipeline(formats: deep).view(Fixtures.sample("email-alert"))
        #expect(try deep.emitter(named: "deep").render(view, options: RenderOptions()) == "end")
        let error = try #require(loadError(chain(34)))  // the format's own template and 33 partials
        #expect(error.message.contains("at most 32"), "\(error)")
    }

    @Test("a partial named at render time, and a pragma that escapes again, are refused")
    func dynamicAndPragma() throws {
        let dynamic = try #require(loadError(["d.txt.mustache": "{{>*title}}"]))
        #expect(dynamic.message.contains("names its partial at render time"), "\(dynamic)")
        let pragma = try #require(loadError(["p.html.mustache": "{{% CONTENT_TYPE: HTML }}{{title}}"]))
        #expect(pragma.message.contains("a pragma") && pragma.message.contains("escapes every value for its output already"), "\(pragma)")
    }

    // Without the budget these renders would not end: the trait turns a hang into a failure (no test bounds seconds).
    @Test("a list repeated inside itself stops at the document size limit, with an error", .timeLimit(.minutes(2)))
    func amplification() throws {
        let formats = try formats(["amp.txt.mustache": "{{#details}}{{#details}}{{#details}}{{value}} {{/details}}{{/details}}{{/details}}",
                                   "texty.txt.mustache": "{{#details}}{{#details}}{{#details}}0123456789012345678901234567890123456789{{/details}}{{/details}}{{/details}}"])
        let view = try AlertPipeline(formats: formats).view(Fixtures.emailAlert(events: 1000))
        #expect(view.details.count == 1000)
        for name in ["amp", "texty"] {
            #expect(throws: RenderLimitError.documentTooLarge(limit: 1 << 20)) {
                try formats.emitter(named: name).render(view, options: RenderOptions(maxDocumentBytes: 1 << 20))
            }
        }
    }

    @Test("the document size limit: a document of exactly the limit renders, one byte less refuses it, through the pipeline")
    func sizeLimitBoundary() throws {
        let formats = try formats(["list.txt.mustache": "{{#details}}{{value}}\n{{/details}}"])
        let json = try Fixtures.emailAlert(events: 10)
        let document = try AlertPipeline(formats: formats).render(json, format: "list").document
        let size = document.utf8.count
        for (limit, passes) in [(size + 1, true), (size, true), (size - 1, false)] {
            let pipeline = AlertPipeline(decoder: AlertDecoder(limits: AlertLimits(maxDocumentBytes: limit)), formats: formats)
            if passes {
                #expect(try pipeline.render(json, format: "list").document == document, "limit \(limit)")
            } else {
                #expect(throws: RenderLimitError.documentTooLarge(limit: limit)) { try pipeline.render(json, format: "list") }
            }
        }
        // The built-in formats are held to it too.
        let small = AlertPipeline(decoder: AlertDecoder(limits: AlertLimits(maxDocumentBytes: 100)))
        #expect(throws: RenderLimitError.documentTooLarge(limit: 100)) { try small.render(json, format: "html") }
    }

    @Test("a render past its time limit stops with timedOut", .timeLimit(.minutes(2)))
    func timeLimit() throws {
        let formats = try formats(["slow.txt.mustache": "{{#details}}{{#details}}{{#details}}{{/details}}{{/details}}{{/details}}"])
        let view = try AlertPipeline(formats: formats).view(Fixtures.emailAlert(events: 1000))
        let options = RenderOptions(maxDocumentBytes: .max / 2, timeLimit: .milliseconds(200))
        #expect(throws: RenderLimitError.timedOut(seconds: 0.2)) { try formats.emitter(named: "slow").render(view, options: options) }
    }

    @Test("the XML family escapes as XML, CSV quotes fields and defuses formulas, an unknown extension needs its escaping named")
    func escapingByExtension() throws {
        for fileExtension in ["xhtml", "svg", "xml"] {
            let formats = try formats(["doc.\(fileExtension).mustache": "<p>{{id}}</p>"])
            let view = try AlertPipeline(formats: formats).view(InjectionTests.alert(InjectionTests.templates[0], "<script>alert(1)</script>"))
            let document = try formats.emitter(named: "doc").render(view, options: RenderOptions())
            #expect(document == "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>", "\(fileExtension): \(document)")
        }
        let csv = try formats(["rows.csv.mustache": "{{id}},{{title}}"])
        for (id, field) in [("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""), ("+1", "\"'+1\""), ("-2", "\"'-2\""),
                            ("@SUM(A1)", "\"'@SUM(A1)\""), ("a,b", "\"a,b\""), ("plain", "\"plain\"")] {
            let view = try AlertPipeline(formats: csv).view(InjectionTests.alert(InjectionTests.templates[0], id))
            let document = try csv.emitter(named: "rows").render(view, options: RenderOptions())
            #expect(document.hasPrefix(field + ","), "\(id): \(document)")
        }
        let unknown = try #require(loadError(["x.yaml.mustache": "{{id}}"]))
        #expect(unknown.message.contains("knows no escaping for .yaml"), "\(unknown)")
        let named = try formats(["x.yaml.mustache": "{{! alertkit: escape=json }}\nid: \"{{id}}\""])
        #expect(try named.emitter(named: "x").format.fileExtension == "yaml")
    }

    @Test("a template, catalog or icon that is a link out of its folder is refused; a link inside the folder is not")
    func links() throws {
        let outside = try scratch.file("outside/secret.txt", "SECRET {{id}}")
        let folder = scratch.url.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("leak.txt.mustache").path,
                                                   withDestinationPath: outside)
        let leaking = try FormatRegistry.standard(templates: [folder])
        #expect(leaking.broken.map(\.format.name) == ["leak"] && leaking.problems.count == 1, "\(leaking.problems)")
        let view = try AlertPipeline().view(Fixtures.sample("email-alert"))
        #expect(throws: TemplateError.self) { try leaking.emitter(named: "leak").render(view, options: RenderOptions()) }
        let problems = TemplateChecker().check([folder])
        #expect(problems.contains { $0.message.contains("outside the templates folder") }, "\(problems)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("leak.txt.mustache"))
        try scratch.file("linked/own.txt.mustache", "{{id}}")
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("alias.txt.mustache").path,
                                                   withDestinationPath: folder.appendingPathComponent("own.txt.mustache").path)
        #expect(try FormatRegistry.standard(templates: [folder]).emitter(named: "alias").format.name == "alias")
        // A catalog and an icon linked out.
        let catalog = try scratch.file("outside/en.json", #"{"help": {"text": "x"}}"#)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("catalog"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("catalog/en.json").path, withDestinationPath: catalog)
        #expect(throws: CatalogError.self) { try ContentCatalog.load(locale: "en", folders: [folder]) }
        let icon = try scratch.file("outside/ic-email-alert.svg", "<svg></svg>")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("icons/ic-email-alert.svg").path, withDestinationPath: icon)
        #expect(throws: TemplateError.self) { try HTMLEmitter(templates: [folder]) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("icons/ic-email-alert.svg"))
        // A page template linked out, and a whole folder linked out.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("page"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("page/page.html.mustache").path, withDestinationPath: outside)
        #expect(throws: TemplateError.self) { try HTMLEmitter(templates: [folder]) }
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("formats").path,
                                                   withDestinationPath: scratch.url.appendingPathComponent("outside").path)
        let found = TemplateChecker().check([folder]).filter { $0.message.contains("outside the templates folder") }.map(\.file)
        #expect(found.contains { $0.hasSuffix("page/page.html.mustache") } && found.contains { $0.hasSuffix("/formats") }
                && found.contains { $0.hasSuffix("catalog/en.json") }, "\(found)")
    }

    @Test("an icon is a self-contained SVG: links, external images, imports and styles refused; #fragments kept",
          arguments: [
            ("<svg><a href='https://evil.example'><path d='M0 0'/></a></svg>", false),
            ("<svg><image href='https://evil.example/x.png'/></svg>", false),
            ("<svg><use xlink:href='other.svg#x'/></svg>", false),
            ("<svg><style>@import url(https://evil.example/x.css);</style></svg>", false),
            ("<svg><rect fill='url(https://evil.example/p)'/></svg>", false),
            ("<svg/onload='alert(1)'></svg>", false),
            ("<svg x='1'onload='alert(1)'></svg>", false),
            ("<svg></svg><img/src='x'/onerror='alert(1)'><svg></svg>", false),
            ("<svg><a/href='javascript&colon;alert(1)'></a></svg>", false),
            ("<svg><use/href='https://evil.example/s.svg#i'/></svg>", false),
            ("<svg><feImage href='https://evil.example/x'/></svg>", false),
            ("<svg><rect style='fill:u\\72l(https://evil.example/x)'/></svg>", false),
            ("<svg><rect fill='u\\72l(https://evil.example/x)'/></svg>", false),
            ("<svg><use href='#i'><set attributeName='href' to='https://evil.example'/></use></svg>", false),
            ("<!DOCTYPE svg [<!ENTITY x 'y'>]><svg>&x;</svg>", false),
            ("<svg><!-- <script> --></svg>", false),
            ("<svg><defs><linearGradient id='g'/></defs><rect fill='url(#g)'/><use href='#g'/></svg>", true),
            ("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 48 36\" focusable=\"false\"><circle cx=\"1\" cy=\"2\" r=\"3\" fill=\"none\" stroke=\"currentColor\"/></svg>", true),
          ])
    func icons(svg: String, accepted: Bool) throws {
        try scratch.file("icons-\(accepted)/icons/ic-email-alert.svg", svg)
        let folder = scratch.url.appendingPathComponent("icons-\(accepted)")
        if accepted {
            _ = try HTMLEmitter(templates: [folder])
        } else {
            #expect(throws: TemplateError.self) { try HTMLEmitter(templates: [folder]) }
        }
        try FileManager.default.removeItem(at: folder)
    }

    @Test("a locale is a locale tag, never a path")
    func localeTags() throws {
        for tag in ["en", "es", "pt-BR", "es-419", "zh-Hant-TW"] { #expect(ContentCatalog.isLocaleTag(tag), "\(tag)") }
        for bad in ["../x", "..", "en/../../etc", "e", "en_US", "", "x\"y", "en-", "/etc/passwd"] {
            #expect(!ContentCatalog.isLocaleTag(bad), "\(bad)")
            #expect(throws: CatalogError.self) { try ContentCatalog.load(locale: bad, folders: []) }
        }
    }

    @Test("a catalog error names the key, what was expected and what was found, with its line and column")
    func catalogErrors() throws {
        let file = try scratch.file("typed/catalog/en.json", "{\n  \"help\": {\n    \"text\": 42\n  }\n}\n")
        let error = try #require(throws: CatalogError.self) {
            try ContentCatalog.load(locale: "en", folders: [self.scratch.url.appendingPathComponent("typed")])
        }
        #expect(error.description == "catalog \(file):3:13: /help/text: expected a string, found the number 42", "\(error)")
        #expect(!error.description.contains("DecodingError") && !error.description.contains("Debug"))
        try scratch.file("syntax/catalog/en.json", "{\n  \"help\": {\"text\": }\n}\n")
        let syntax = try #require(throws: CatalogError.self) {
            try ContentCatalog.load(locale: "en", folders: [self.scratch.url.appendingPathComponent("syntax")])
        }
        #expect(syntax.line == 2 && syntax.description.contains("not JSON"), "\(syntax)")
    }
}
