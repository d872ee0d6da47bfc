import AlertTestSupport
import Foundation
import Testing

/// Configuration errors through the binary (issue 25, findings 5, 6, 8 and 10): a broken setup exits 78, never 1,
/// so a job feeding `batch` cannot take it for a feed whose every record was rejected.
@Suite("Configuration errors at the command line")
final class ConfigurationErrorTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-configuration") }

    @Test("a broken template, partials that include themselves, a bad catalog: batch, render and serve --strict exit 78 naming the file")
    func exit78() throws {
        try scratch.file("broken/formats/bad.txt.mustache", "{{#details}}")
        try scratch.file("cycle/formats/loop.txt.mustache", "{{> b}}")
        try scratch.file("cycle/formats/b.mustache", "{{> c}}")
        try scratch.file("cycle/formats/c.mustache", "{{#details}}{{> b}}{{/details}}")
        try scratch.file("catalog/catalog/en.json", #"{"help": {"text": ["not", "text"]}}"#)
        for (folder, format, mention) in [("broken", "bad", "bad.txt.mustache:"), ("cycle", "loop", "b.mustache → "),
                                          ("catalog", "text", "/help/text: expected a string, found a list")] {
            let batch = try CLI.run(["batch", "SampleData/email-alert.json", "-f", format, "--ndjson", "--templates", scratch.path(folder)])
            #expect(batch.status == 78 && batch.standardError.contains(mention), "\(folder): \(batch.status) \(batch.standardError)")
            #expect(batch.output.isEmpty)
            let render = try CLI.run(["render", "SampleData/email-alert.json", "-f", format, "--templates", scratch.path(folder)])
            #expect(render.status == 78, "\(folder): \(render.standardError)")
        }
        let check = try CLI.run(["templates", "check", "--templates", scratch.path("cycle")])
        #expect(check.status == 2 && check.standardError.contains("partials include themselves"), "\(check.standardError)")
        // Without --strict, the server starts with the loop format broken (Tests/Server/test_attacks.py); with it, not.
        let serve = try CLI.run(["serve", "--port", "0", "--strict", "--templates", scratch.path("cycle")])
        #expect(serve.status == 78 && serve.standardError.contains("partials include themselves"), "\(serve.standardError)")
        let help = try CLI.run(["--help"])
        #expect(help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("78 a configuration error"))
    }

    @Test("--locale is a locale tag: a path is a usage error and loads nothing")
    func localePath() throws {
        try scratch.file("t/catalog/en.json", "{}")
        try scratch.file("t/x.json", #"{"help": {"text": "LOADED FROM OUTSIDE catalog/"}}"#)
        for locale in ["../x", "../catalog/en", "/etc/passwd", "en/../../x"] {
            let render = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text", "--templates", scratch.path("t"),
                                      "--locale", locale])
            #expect(render.status == 64 && render.standardError.contains("not a locale tag"), "\(locale): \(render.standardError)")
            #expect(!render.output.contains("LOADED FROM OUTSIDE"))
        }
    }

    @Test("a template that multiplies a list: render fails with the limit's name, batch writes an error record and goes on")
    func amplification() throws {
        try scratch.file("amp/formats/amp.txt.mustache", "{{#details}}{{#details}}{{#details}}{{value}} {{/details}}{{/details}}{{/details}}")
        let big = try scratch.file("big.json", Data(try Fixtures.emailAlert(events: 1000)))
        let render = try CLI.run(["render", big, "-f", "amp", "--templates", scratch.path("amp"), "--max-document-bytes", "1000000"])
        #expect(render.status == 1 && render.standardError.contains("document size limit of 1000000 bytes"), "\(render.standardError)")
        let small = try CLI.run(["render", "SampleData/email-alert.json", "-f", "amp", "--templates", scratch.path("amp")])
        #expect(small.status == 0, "\(small.standardError)")
        let feed = try scratch.file("feed.ndjson", String(decoding: try Data(contentsOf: URL(fileURLWithPath: big)), as: UTF8.self)
                                    + "\n" + String(decoding: try JSONSerialization.data(withJSONObject:
                                        try JSONSerialization.jsonObject(with: Fixtures.sample("email-alert"))), as: UTF8.self) + "\n")
        let batch = try CLI.run(["batch", feed, "-f", "amp", "--ndjson", "--templates", scratch.path("amp"), "--max-document-bytes", "1000000"])
        #expect(batch.status == 1, "\(batch.standardError)")
        let lines = batch.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("document size limit") && lines[1].contains("\"document\""), "\(batch.output.prefix(500))")
    }

    @Test("through the binary: XML and CSV escaping, an unknown extension, a pragma, a link out, a catalog's place, an icon")
    func smallerHoles() throws {
        let id = "=HYPERLINK(\"https://evil.example\")<script>x</script>"
        let alert = try scratch.file("alert.json", #"{"id":"ID","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDEMAILADDR","email":"a@b.c","site":"s"}}]}"#
            .replacingOccurrences(of: "\"ID\"", with: String(decoding: try JSONEncoder().encode(id), as: UTF8.self)))
        try scratch.file("esc/formats/page.xhtml.mustache", "<p>{{id}}</p>")
        try scratch.file("esc/formats/rows.csv.mustache", "{{id}},{{title}}")
        let xhtml = try CLI.run(["render", alert, "-f", "page", "--templates", scratch.path("esc")])
        #expect(xhtml.status == 0 && !xhtml.output.contains("<script>") && xhtml.output.contains("&lt;script&gt;"), "\(xhtml.output)")
        let csv = try CLI.run(["render", alert, "-f", "rows", "--templates", scratch.path("esc")])
        #expect(csv.output.hasPrefix("\"'=HYPERLINK(\"\"https"), "\(csv.output)")
        try scratch.file("yaml/formats/x.yaml.mustache", "id: {{id}}")
        let yaml = try CLI.run(["render", alert, "-f", "x", "--templates", scratch.path("yaml")])
        #expect(yaml.status == 78 && yaml.standardError.contains("no escaping for .yaml"), "\(yaml.standardError)")
        try scratch.file("pragma/formats/p.html.mustache", "{{% CONTENT_TYPE: HTML }}{{id}}")
        let pragma = try CLI.run(["render", alert, "-f", "p", "--templates", scratch.path("pragma")])
        #expect(pragma.status == 78 && pragma.standardError.contains("would escape them again"), "\(pragma.standardError)")
        let secret = try scratch.file("secret.txt", "SECRET")
        try FileManager.default.createDirectory(atPath: scratch.path("link/formats"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link/formats/leak.txt.mustache"), withDestinationPath: secret)
        let link = try CLI.run(["render", alert, "-f", "leak", "--templates", scratch.path("link")])
        #expect(link.status == 78 && !link.output.contains("SECRET") && link.standardError.contains("outside the templates folder"))
        let linkCheck = try CLI.run(["templates", "check", "--templates", scratch.path("link")])
        #expect(linkCheck.status == 2 && linkCheck.standardError.contains("outside the templates folder"), "\(linkCheck.standardError)")
        let catalog = try scratch.file("cat/catalog/en.json", "{\n  \"help\": {\n    \"text\": true\n  }\n}\n")
        let typed = try CLI.run(["render", alert, "--templates", scratch.path("cat")])
        #expect(typed.status == 78 && typed.standardError.contains("\(catalog):3:13: /help/text: expected a string, found true"),
                "\(typed.standardError)")
        #expect(!typed.standardError.contains("DecodingError") && !typed.standardError.contains("Debug description"))
        try scratch.file("icon/icons/ic-email-alert.svg", "<svg><a href='https://evil.example'><path d='M0 0'/></a></svg>")
        let icon = try CLI.run(["render", alert, "--templates", scratch.path("icon")])
        #expect(icon.status == 78 && icon.standardError.contains("self-contained SVG"), "\(icon.standardError)")
        try scratch.file("amp/formats/amp.txt.mustache", "{{#details}}{{#details}}{{value}}{{/details}}{{/details}}")
        let warn = try CLI.run(["templates", "check", "--templates", scratch.path("amp")])
        #expect(warn.standardError.contains("amp.txt.mustache:1:13: warning: {{#details}} is a section over details inside a section over details"),
                "\(warn.standardError)")
    }
}
