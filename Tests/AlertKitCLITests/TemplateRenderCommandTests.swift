import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// `alertkit templates render FILE (ALERT.json | --context CONTEXT.json)` through the binary: exactly the document's
/// bytes, a JSON context rendered as the Mustache specification says, an alert as `render -f NAME --templates DIR`.
@Suite("templates render")
final class TemplateRenderCommandTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-template-render") }

    /// The result of rendering the template `name` (written from `template`) against the JSON `context`, read from
    /// standard input.
    private func render(_ name: String, _ template: String, context: String) throws -> Fixtures.ProcessResult {
        let file = try scratch.file("t/" + name, template)
        return try CLI.run(["templates", "render", file, "--context", "-"], input: Data(context.utf8))
    }

    /// Standard output when the render succeeds; the status and standard error otherwise.
    private func output(_ name: String, _ template: String, context: String) throws -> String {
        let result = try render(name, template, context: context)
        return result.status == 0 ? result.output : "exit \(result.status): \(result.standardError)"
    }

    @Test("the specification's sections, inverted sections, dotted names, comments and delimiters, bytes exactly")
    func specification() throws {
        let context = #"{"list": [{"n": "a"}, {"n": "b"}], "none": [], "no": false, "a": {"b": {"c": "deep"}}, "x": 1.5}"#
        #expect(try output("s.mustache", "{{#list}}{{n}},{{/list}}", context: context) == "a,b,")
        #expect(try output("s.mustache", "{{^none}}empty{{/none}}{{^no}} and false{{/no}}{{^list}}never{{/list}}", context: context)
                == "empty and false")
        #expect(try output("s.mustache", "{{a.b.c}}|{{#a}}{{b.c}}{{/a}}|{{a.missing.c}}|{{#a.b}}{{c}}{{/a.b}}", context: context)
                == "deep|deep||deep")
        // Standalone lines go, the last line's newline stays, and nothing is added after it.
        #expect(try output("s.mustache", "{{! a comment }}\n{{#list}}\n- {{n}}\n{{/list}}\n{{=<% %>=}}\n<% x %>", context: context)
                == "- a\n- b\n1.5")
        #expect(try output("s.mustache", "{{.}}", context: #""just a string""#) == "just a string")
    }

    @Test("a partial beside the file, indented on a standalone line; a NAME.EXT.mustache is no partial")
    func partials() throws {
        try scratch.file("t/item.mustache", "<{{n}}>\n")
        try scratch.file("t/other.txt.mustache", "format")
        let context = #"{"list": [{"n": "a"}, {"n": "b"}]}"#
        #expect(try output("p.mustache", "[\n  {{#list}}\n  {{> item}}\n  {{/list}}\n]{{> other.txt}}", context: context)
                == "[\n  <a>\n  <b>\n]")
    }

    @Test("escaping: the specification's HTML for a plain file, AlertKit's for .html, .json and a header's name")
    func escaping() throws {
        let value = "<b>\"Tom\" & 'Jerry'</b>\n"
        let context = #"{"v": "<b>\"Tom\" & 'Jerry'</b>\n"}"#
        #expect(try output("plain.mustache", "{{v}}|{{{v}}}", context: context)
                == "&lt;b&gt;&quot;Tom&quot; &amp; 'Jerry'&lt;/b&gt;\n|" + value)
        #expect(try output("page.html.mustache", "<p>{{v}}</p>", context: context)
                == "<p>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt; </p>")  // a line break folded into a space
        #expect(try output("card.json.mustache", "{\"v\": \"{{v}}\"}\n", context: context)
                == #"{"v": "<b>\"Tom\" & 'Jerry'</b>\n"}"# + "\n")
        #expect(try output("card.json.mustache", "{{! alertkit: escape=slack }}\n\"{{v}}\"", context: context)
                == #""&lt;b&gt;\"Tom\" &amp; 'Jerry'&lt;/b&gt;\n""#)
        for name in ["markdown+json", "mrkdwn+json", "text+html", "csv", "jira", "xml"] {
            let expected = try #require(TemplateEscaping(rawValue: name)).escape(value)
            #expect(try output("n.mustache", "{{! alertkit: escape=\(name) }}\n{{v}}", context: context) == expected, "\(name)")
        }
    }

    @Test("a header the file's extension refuses, or no escaping known: exit 78 at line 1")
    func escapingRefused() throws {
        let markup = try render("m.html.mustache", "{{! alertkit: escape=text }}\n{{v}}", context: "{}")
        #expect(markup.status == 78)
        #expect(markup.standardError.hasPrefix(scratch.path("t/m.html.mustache") + ":1: escape=text would write alert strings "
                                               + "into .html output as live markup"), "\(markup.standardError)")
        let unknown = try render("m.yaml.mustache", "{{v}}", context: "{}")
        #expect(unknown.status == 78 && unknown.standardError.contains(":1: AlertKit knows no escaping for .yaml output"),
                "\(unknown.standardError)")
    }

    @Test("with an alert, byte for byte what render -f NAME --templates DIR gives", arguments: ["slack", "sms"])
    func alert(format: String) throws {
        let name = format == "slack" ? "slack.json.mustache" : "sms.txt.mustache"
        let shipped = Fixtures.packageRoot.appendingPathComponent("Templates/formats/" + name)
        let file = try scratch.file("f/" + name, try Data(contentsOf: shipped))
        let samples = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sampleDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(samples.count >= 20)
        for (index, sample) in samples.enumerated() {
            let alert = "SampleData/" + sample
            let locale = index.isMultiple(of: 3) ? ["--locale", "es"] : []
            let bench = try CLI.run(["templates", "render", file, alert] + locale)
            let render = try CLI.run(["render", alert, "-f", format, "--templates", scratch.path("f")] + locale)
            #expect(bench.status == 0 && render.status == 0, "\(sample): \(bench.standardError)")
            #expect(!bench.standardOutput.isEmpty && bench.standardOutput == render.standardOutput, "\(sample)")
        }
    }

    @Test("with an alert, partials beside the file and presentation flags as render takes them")
    func alertPartials() throws {
        try scratch.file("g/footer.mustache", "-- {{product.name}}")
        let file = try scratch.file("g/probe.txt.mustache", "{{title}}: {{#details}}{{value}} {{/details}}\n{{> footer}}")
        for flags in [[], ["--reveal"], ["--locale", "es"]] {
            let bench = try CLI.run(["templates", "render", file, "SampleData/ssn-alert.json"] + flags)
            let render = try CLI.run(["render", "SampleData/ssn-alert.json", "-f", "probe", "--templates", scratch.path("g")] + flags)
            #expect(bench.status == 0 && bench.standardOutput == render.standardOutput, "\(flags): \(bench.standardError)")
        }
        let stdin = try CLI.run(["templates", "render", file, "-"],
                                input: try Data(contentsOf: Fixtures.sampleDirectory.appendingPathComponent("ssn-alert.json")))
        #expect(stdin.status == 0 && stdin.output.hasSuffix("-- Identity Protection"), "\(stdin.standardError)")
    }

    @Test("a template that does not parse: exit 78 with FILE:LINE:COLUMN, in both modes and from a partial it includes")
    func syntaxErrors() throws {
        let file = try scratch.file("e/bad.txt.mustache", "a\n{{#x}}\n")
        let message = "\(file):3:1: the template ends inside the section {{#x}} opened at line 2, column 1: close it with {{/x}}"
        for mode in [["--context", "SampleData/ssn-alert.json"], ["SampleData/ssn-alert.json"]] {
            let result = try CLI.run(["templates", "render", file] + mode)
            #expect(result.status == 78 && result.standardError == message + "\n", "\(mode): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        try scratch.file("e/broken.mustache", "{{oops")
        let includes = try CLI.run(["templates", "render", try scratch.file("e/uses.mustache", "{{> broken}}"), "--context", "SampleData/ssn-alert.json"])
        #expect(includes.status == 78 && includes.standardError.hasPrefix(scratch.path("e/broken.mustache") + ":1:1: "),
                "\(includes.standardError)")
        // A broken partial that the template does not include does not stop it.
        let apart = try CLI.run(["templates", "render", try scratch.file("e/fine.mustache", "fine"), "--context", "SampleData/ssn-alert.json"])
        #expect(apart.status == 0 && apart.output == "fine", "\(apart.standardError)")
    }

    @Test("exit codes: a missing file 66, a context or alert that is not valid 1, usage 64")
    func exitCodes() throws {
        let file = try scratch.file("x/ok.txt.mustache", "{{title}}")
        let cases: [(arguments: [String], status: Int32, error: String)] = [
            ([scratch.path("x/none.mustache"), "--context", "SampleData/ssn-alert.json"], 66, "none.mustache: no such file"),
            ([scratch.path("x/none.txt.mustache"), "SampleData/ssn-alert.json"], 66, "none.txt.mustache: no such file"),
            ([file, "--context", scratch.path("x/none.json")], 66, "none.json: no such file"),
            ([file, scratch.path("x/none.json")], 66, "none.json: no such file"),
            ([file, "--context", try scratch.file("x/bad.json", "{\"a\": 1,\n}")], 1,
             "bad.json: not valid JSON at line 2, column 1: "),
            ([file, try scratch.file("x/alert.json", "{}")], 1, "alert.json: "),
            ([file], 64, "give an alert file, or --context CONTEXT.json"),
            ([file, "SampleData/ssn-alert.json", "--context", "SampleData/ssn-alert.json"], 64, "not both"),
            ([try scratch.file("x/plain.mustache", "{{title}}"), "SampleData/ssn-alert.json"], 64, "render a NAME.mustache file with --context"),
        ]
        for (arguments, status, error) in cases {
            let result = try CLI.run(["templates", "render"] + arguments)
            #expect(result.status == status && result.standardError.contains(error), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
    }

    @Test("help has an example; no file is left behind, in the template's folder or the temporary one")
    func helpAndNoLeftovers() throws {
        let help = try CLI.run(["templates", "render", "--help"])
        #expect(help.status == 0 && help.output.contains("alertkit templates render mine/formats/sms.txt.mustache alert.json"))
        #expect(try CLI.run(["templates", "--help"]).output.contains("render"))
        let temporary = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let file = try scratch.file("l/sms.txt.mustache", try String(contentsOf: Fixtures.packageRoot
            .appendingPathComponent("Templates/formats/sms.txt.mustache"), encoding: .utf8))
        for mode in [["SampleData/ssn-alert.json"], ["--context", "SampleData/ssn-alert.json"]] {
            let result = try CLI.run(["templates", "render", file] + mode, environment: ["TMPDIR": temporary])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("l")) == ["sms.txt.mustache"])
    }
}
