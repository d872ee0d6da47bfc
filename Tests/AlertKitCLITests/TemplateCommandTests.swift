import AlertTestSupport
import Foundation
import Testing

/// Template formats through the binary: a file dropped in a folder is a format, with no rebuild.
@Suite("Template formats at the command line")
final class TemplateCommandTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-templates") }

    @Test("a new probe.md.mustache: formats lists it, render and batch use it, an edit changes the next render")
    func probe() throws {
        let folder = scratch.path("mine")
        try scratch.file("mine/probe.md.mustache", "# {{title}}\n\n{{#details}}- {{value}}\n{{/details}}")
        let formats = try CLI.run(["formats", "--templates", folder])
        #expect(formats.status == 0 && formats.output.contains("probe\t.md\ttemplate \(folder)/probe.md.mustache"), "\(formats.output)")
        #expect(formats.output.contains("slack\t.json") && formats.output.contains("sms\t.txt") && formats.output.contains("push\t.json"))
        let render = try CLI.run(["render", "SampleData/email-alert.json", "-f", "probe", "--templates", folder])
        #expect(render.status == 0, "\(render.standardError)")
        // The customer's own address as it is; a word joiner before `@` keeps GFM from linking it.
        #expect(render.output == "# Email Address Leaked\n\n- mateagar+1\u{2060}@gmail.com\n")
        let out = scratch.path("out")
        let batch = try CLI.run(["batch", "SampleData/email-alert.json", "SampleData/ssn-alert.json", "-f", "probe",
                                 "--templates", folder, "--out-dir", out])
        #expect(batch.status == 0, "\(batch.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted().allSatisfy { $0.hasSuffix(".md") })
        try scratch.file("mine/probe.md.mustache", "edited: {{title}}\n")
        let edited = try CLI.run(["render", "SampleData/email-alert.json", "-f", "probe", "--templates", folder])
        #expect(edited.output == "edited: Email Address Leaked\n")
        // Stored with config, the folder is used without the flag.
        let config = URL(fileURLWithPath: scratch.path("config.json"))
        #expect(try CLI.run(["config", "set", "templates", folder], config: config).status == 0)
        #expect(try CLI.run(["render", "SampleData/email-alert.json", "-f", "probe"], config: config).output == edited.output)
    }

    @Test("templates check: the shipped templates pass; a syntax error and unknown names are found, with the closest name")
    func check() throws {
        let shipped = try CLI.run(["templates", "check"])
        #expect(shipped.status == 0 && shipped.output.hasPrefix("templates: no problems"), "\(shipped.standardError)")
        try scratch.file("t/a.txt.mustache", "{{titel}}\n{{#details}}{{value}} {{#fields}}{{lable}}{{/fields}}{{/details}}\n{{risks.title}}\n{{help}} {{details}}\n")
        try scratch.file("t/b.html.mustache", "x\n{{#details}}\n")
        let result = try CLI.run(["templates", "check", "--templates", scratch.path("t")])
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(scratch.path("t"))/a.txt.mustache:1:1: titel is not in the view model; did you mean title?",
            "\(scratch.path("t"))/a.txt.mustache:2:34: lable is not in the view model; did you mean label?",
            "\(scratch.path("t"))/a.txt.mustache:4:1: help is an object: print one of its values ({{#help}}…{{/help}})",
            "\(scratch.path("t"))/a.txt.mustache:4:10: details is a list: print its items in a section ({{#details}}…{{/details}})",
            "\(scratch.path("t"))/b.html.mustache:3:1: the template ends inside the section {{#details}} opened at line 2, "
                + "column 1: close it with {{/details}}",
        ], "\(result.standardError)")
    }

    @Test("catalog overrides: one key replaced, actions merged by id, a new locale; an unknown key or empty text refused")
    func catalogs() throws {
        try scratch.file("c/catalog/en.json", #"{"help": {"text": "Call Acme, day or night."}, "actions": [{"id": "contact", "label": "Call Acme"}]}"#)
        let text = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text", "--templates", scratch.path("c")])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.output.contains("Call Acme, day or night.") && text.output.contains("[Call Acme]"))
        #expect(text.output.contains("[Remind me later]") && text.output.contains("[Mark as resolved]"))
        #expect(text.output.contains("What's at risk") || text.output.contains("What’s at risk"))
        var french = try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Templates/catalog/en.json"))) as! [String: Any]
        french["locale"] = "fr"
        var help = french["help"] as! [String: Any]
        help["text"] = "Parlez à un expert."
        french["help"] = help
        try scratch.file("c/catalog/fr.json", try JSONSerialization.data(withJSONObject: french))
        let fr = try CLI.run(["render", "SampleData/email-alert.json", "-f", "text", "--templates", scratch.path("c"), "--locale", "fr"])
        #expect(fr.status == 0 && fr.output.contains("Parlez à un expert."), "\(fr.standardError)")
        #expect(try CLI.run(["templates", "check", "--templates", scratch.path("c")]).status == 0)
        try scratch.file("bad/catalog/en.json", #"{"help": {"txt": "x"}}"#)
        let unknown = try CLI.run(["render", "SampleData/email-alert.json", "--templates", scratch.path("bad")])
        #expect(unknown.status == 78 && unknown.standardError.contains("unknown key /help/txt"), "\(unknown.standardError)")
        let check = try CLI.run(["templates", "check", "--templates", scratch.path("bad")])
        #expect(check.status == 2 && check.standardError.contains("unknown key /help/txt"))
        try scratch.file("empty/catalog/en.json", #"{"help": {"text": "  "}}"#)
        let empty = try CLI.run(["render", "SampleData/email-alert.json", "--templates", scratch.path("empty")])
        #expect(empty.status == 78, "\(empty.standardError)")
    }

    @Test("schema --view: every sample's view model in every locale conforms, by Python's jsonschema")
    func viewSchema() throws {
        let schema = try CLI.run(["schema", "--view"])
        #expect(schema.status == 0)
        let file = try scratch.file("view.schema.json", schema.standardOutput)
        var documents: [String] = []
        for sample in Fixtures.sampleNames {
            for locale in ["en", "es"] {
                let json = try CLI.run(["render", "SampleData/\(sample).json", "-f", "json", "--locale", locale, "--help-line", "+1 800 555 0100"])
                documents.append(json.output)
            }
        }
        let feed = try scratch.file("views.json", try JSONEncoder().encode(documents))
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            bad = [next(iter(validator.iter_errors(json.loads(d)))).message for d in json.load(open(sys.argv[2]))
                   if not validator.is_valid(json.loads(d))]
            print(len(bad), bad[:3])
            """
        let result = try Fixtures.run("/usr/bin/env", ["python3", "-c", script, file, feed])
        #expect(result.status == 0 && result.output.hasPrefix("0 []"), "\(result.output) \(result.standardError)")
    }

    @Test("preview: one alert in every format, template formats included, and an index.html that shows them")
    func preview() throws {
        try scratch.file("p/probe.md.mustache", "# {{title}}\n")
        let result = try CLI.run(["preview", "SampleData/email-alert.json", "--templates", scratch.path("p"), "-o", scratch.path("out")])
        #expect(result.status == 0 && result.output == scratch.path("out") + "\n", "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted()
        #expect(files == ["email.eml", "email.html", "html.html", "index.html", "json.json", "markdown.md", "probe.md", "push.json",
                          "slack.json", "sms.txt", "teams.json", "text.txt"])
        let index = try String(contentsOfFile: scratch.path("out/index.html"), encoding: .utf8)
        #expect(index.contains("<iframe sandbox src=\"html.html\"") && index.contains("<pre># Email Address Leaked\n</pre>"))
        #expect(try String(contentsOfFile: scratch.path("out/probe.md"), encoding: .utf8) == "# Email Address Leaked\n")
        let email = try String(contentsOfFile: scratch.path("out/email.eml"), encoding: .utf8)
        #expect(email.hasPrefix("From: ") && email.contains("\r\nSubject: Email Address Leaked\r\n"))
        // The email decoded: its headers in a table, its text part as text, its HTML part as a page of its own.
        #expect(index.contains("<tr><th>Subject</th><td>Email Address Leaked</td></tr>"))
        #expect(index.contains("<iframe sandbox src=\"email.html\"") && index.contains("Change your password immediately."))
        let part = try String(contentsOfFile: scratch.path("out/email.html"), encoding: .utf8)
        #expect(part.hasPrefix("<!DOCTYPE html>") && !part.contains("=3D") && part.contains("Email Address Leaked"))
        #expect(result.standardError.contains("1 alert × 1 locale × 10 formats, 11 files in \(scratch.path("out")); open "
                                              + "\(scratch.path("out"))/index.html"), "\(result.standardError)")
    }

    @Test("preview: several alerts and locales, each in a folder of its own; a Spanish subject decoded")
    func previewMany() throws {
        let result = try CLI.run(["preview", "SampleData/email-alert.json", "SampleData/ssn-alert.json", "--locales", "en,es",
                                  "-o", scratch.path("many")])
        #expect(result.status == 0, "\(result.standardError)")
        for folder in ["email-alert/en", "email-alert/es", "ssn-alert/en", "ssn-alert/es"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("many/" + folder))
            #expect(files.count == 10 && files.contains("email.html"), "\(folder): \(files.sorted())")
        }
        let index = try String(contentsOfFile: scratch.path("many/index.html"), encoding: .utf8)
        #expect(index.contains("<iframe sandbox src=\"ssn-alert/es/html.html\""))
        #expect(index.contains("<th>Subject</th><td>Urgente: "), "the encoded Spanish subject is shown decoded")
        #expect(result.standardError.contains("2 alerts × 2 locales × 9 formats, 40 files in"))
        let bad = try CLI.run(["preview", "SampleData/email-alert.json", "--locales", "en,../x", "-o", scratch.path("bad")])
        #expect(bad.status == 64 && bad.standardError.contains("--locales takes locale tags"))
    }

    @Test("render --templates restyles the page: one theme value, one icon; check refuses an unknown theme key")
    func pageOverrides() throws {
        try scratch.file("look/page/theme.json", #"{"red": "rgb(0, 90, 200)"}"#)
        try scratch.file("look/icons/ic-email-alert.svg", "<svg viewBox='0 0 1 1'><desc>acme</desc></svg>")
        let result = try CLI.run(["render", "SampleData/email-alert.json", "--templates", scratch.path("look")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("--red: rgb(0, 90, 200);") && result.output.contains("<desc>acme</desc>"))
        try scratch.file("look/page/theme.json", #"{"rde": "rgb(0, 90, 200)"}"#)
        let check = try CLI.run(["templates", "check", "--templates", scratch.path("look")])
        #expect(check.status != 0 && check.standardError.contains("rde is not a theme key"), "\(check.standardError)")
    }

    @Test("a broken template breaks its own format only: the page is the same, formats and check name it, asking for it fails")
    func isolation() throws {
        try scratch.file("iso/x.json.mustache", "{\n{{#details}}\n\"a\": 1\n")
        try scratch.file("iso/y.txt.mustache", "{{> header}} {{title}}\n")
        let plain = try CLI.run(["render", "SampleData/email-alert.json", "-f", "html"])
        let page = try CLI.run(["render", "SampleData/email-alert.json", "-f", "html", "--templates", scratch.path("iso")])
        #expect(page.status == 0 && page.standardError.isEmpty && page.output == plain.output, "\(page.standardError)")
        let slack = try CLI.run(["render", "SampleData/email-alert.json", "-f", "slack", "--templates", scratch.path("iso")])
        let shippedSlack = try CLI.run(["render", "SampleData/email-alert.json", "-f", "slack"])
        #expect(slack.status == 0 && slack.output == shippedSlack.output)
        let x = try CLI.run(["render", "SampleData/email-alert.json", "-f", "x", "--templates", scratch.path("iso")])
        #expect(x.status == 78 && x.output.isEmpty)
        #expect(x.standardError == "the format x does not load: \(scratch.path("iso"))/x.json.mustache:4:1: the template ends "
                + "inside the section {{#details}} opened at line 2, column 1: close it with {{/details}}\n", "\(x.standardError)")
        let y = try CLI.run(["batch", "SampleData/email-alert.json", "--ndjson", "-f", "y", "--templates", scratch.path("iso")])
        #expect(y.status == 78 && y.standardError.contains("y.txt.mustache:1:1: {{> header}} includes a partial that is not in the folder"),
                "\(y.standardError)")
        let formats = try CLI.run(["formats", "--templates", scratch.path("iso")])
        #expect(formats.status == 78 && formats.output.contains("x\t.json\tbroken: ") && formats.output.contains("html\t.html\t"))
        #expect(formats.standardError.split(separator: "\n").count == 2, "\(formats.standardError)")
        let check = try CLI.run(["templates", "check", "--templates", scratch.path("iso")])
        #expect(check.status == 2 && check.standardError.contains("no header.mustache in \(scratch.path("iso"))"), "\(check.standardError)")
        try scratch.file("iso/header.mustache", "Alert:")
        let fixed = try CLI.run(["render", "SampleData/email-alert.json", "-f", "y", "--templates", scratch.path("iso")])
        #expect(fixed.status == 0 && fixed.output == "Alert: Email Address Leaked\n", "\(fixed.standardError)")
    }

    @Test("a template named like a built-in format, a broken template, an unknown format: clear errors")
    func errors() throws {
        try scratch.file("shadow/json.json.mustache", "{{title}}")
        let shadow = try CLI.run(["formats", "--templates", scratch.path("shadow")])
        #expect(shadow.status == 78 && shadow.standardError.contains("cannot replace the built-in format json"))
        try scratch.file("broken/bad.txt.mustache", "one\n{{#details}}two\n")
        let broken = try CLI.run(["render", "SampleData/email-alert.json", "-f", "bad", "--templates", scratch.path("broken")])
        #expect(broken.status == 78 && broken.standardError.contains("bad.txt.mustache:"), "\(broken.standardError)")
        #expect(broken.standardError.contains("the template ends inside the section {{#details}} opened at line 2"))
        let unknown = try CLI.run(["render", "SampleData/email-alert.json", "-f", "nope"])
        #expect(unknown.status == 64 && unknown.standardError.contains("known formats: email, html, json, markdown, push, slack, sms, teams, text"))
        let missing = try CLI.run(["render", "SampleData/email-alert.json", "--templates", scratch.path("none")])
        #expect(missing.status == 66)
    }

    @Test("templates check and render refuse what a folder cannot do: unmask through a catalog, or escape markup as text")
    func hostileFolder() throws {
        try scratch.file("u/catalog/en.json", #"{"matchTypes": {"IDSSN": {"data": {"value": "ssn", "mask": "none"}}}}"#)
        let unmask = try CLI.run(["templates", "check", "--templates", scratch.path("u")])
        #expect(unmask.status == 2 && unmask.standardError.contains("\(scratch.path("u"))/catalog/en.json:1:")
                && unmask.standardError.contains("/matchTypes/IDSSN/data"), "\(unmask.standardError)")
        #expect(try CLI.run(["render", "SampleData/email-alert.json", "--templates", scratch.path("u")]).status == 78)
        try scratch.file("m/formats/card.html.mustache", "{{! alertkit: escape=text }}\n<p>{{title}}</p>\n")
        let markup = try CLI.run(["templates", "check", "--templates", scratch.path("m")])
        #expect(markup.status == 2 && markup.standardError.contains("\(scratch.path("m"))/formats/card.html.mustache:1")
                && markup.standardError.contains("as live markup"), "\(markup.standardError)")
        let card = try CLI.run(["render", "SampleData/email-alert.json", "-f", "card", "--templates", scratch.path("m")])
        #expect(card.status == 78 && card.output.isEmpty, "\(card.standardError)")
    }
}
