import AlertModel
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Where each role starts: `templates init` for a product writer, `page-css` for a page that embeds fragments,
/// `AlertPipeline(templates:locale:)` for a Swift developer.
@Suite("Starting points")
struct StartingPointTests {
    static let sample = Fixtures.packageRoot.appendingPathComponent("SampleData/email-alert.json").path

    @Test("templates init makes a folder that changes nothing, checks clean, renders its example, and refuses a folder in use")
    func templatesInit() throws {
        let scratch = try ScratchDirectory("alertkit-init")
        let folder = scratch.path("mine")
        let made = try CLI.run(["templates", "init", folder])
        #expect(made.status == 0, "\(made.standardError)")
        for file in ["README.md", "catalog/en.json", "catalog/es.json", "formats/brief.txt.mustache", "samples/email-alert.json"] {
            #expect(FileManager.default.fileExists(atPath: scratch.path("mine/" + file)), "\(file)")
        }
        #expect(made.output.contains("alertkit render \(folder)/samples/email-alert.json -f brief --templates \(folder)"))
        // Nothing changes: every shipped format renders the same bytes with and without the folder, in both locales.
        for format in ["html", "markdown", "text", "json", "slack", "teams", "sms", "push"] {
            for locale in ["en", "es"] {
                let shipped = try CLI.run(["render", Self.sample, "-f", format, "--locale", locale])
                let mine = try CLI.run(["render", Self.sample, "-f", format, "--locale", locale, "--templates", folder])
                #expect(mine.status == 0 && mine.output == shipped.output, "\(format) \(locale): \(mine.standardError)")
            }
        }
        let check = try CLI.run(["templates", "check", "--templates", folder, "--sample", scratch.path("mine/samples")])
        #expect(check.status == 0, "\(check.standardError)")
        let brief = try CLI.run(["render", Self.sample, "-f", "brief", "--templates", folder])
        #expect(brief.status == 0 && brief.standardError.isEmpty, "\(brief.standardError)")
        #expect(brief.output.contains("\n- "), "\(brief.output)")
        let again = try CLI.run(["templates", "init", folder])
        #expect(again.status == 64 && again.standardError.contains("not an empty folder"), "\(again.standardError)")
        try scratch.file("file", "x")
        #expect(try CLI.run(["templates", "init", scratch.path("file")]).status == 64)
    }

    @Test("page-css gives the page's own stylesheet, and one scoped to the fragment that styles nothing around it")
    func pageCSS() throws {
        let whole = try CLI.run(["page-css", "--whole-page"])
        #expect(whole.status == 0)
        let page = try CLI.run(["render", Self.sample])
        #expect(page.output.contains(whole.output), "the page's <style> holds exactly what --whole-page prints")
        let fragment = try CLI.run(["page-css"])
        #expect(fragment.status == 0 && fragment.output.contains(".alertkit {"))
        // Every rule's selector is the fragment's or inside it, in @media blocks too: none reaches the host page.
        let text = fragment.output.replacingOccurrences(of: #"/\*[^*]*\*+(?:[^/*][^*]*\*+)*/"#, with: "", options: .regularExpression)
        var count = 0
        for chunk in text.components(separatedBy: "{").dropLast() {  // what comes before each "{": its rule's head
            let head = (chunk.split(omittingEmptySubsequences: false) { $0 == "}" || $0 == ";" }.last.map(String.init) ?? chunk)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if head.hasPrefix("@") { continue }
            for selector in head.split(separator: ",") {
                count += 1
                #expect(selector.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(".alertkit"), "\(head)")
            }
        }
        #expect(count > 40, "\(count) selectors")
        #expect(fragment.output.contains("@media"), "the media blocks are kept")
    }

    @Test("validate sees the templates folder's catalog as render does: by --templates or the stored setting, no warning for its match type")
    func validateSeesTheTemplates() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Examples/LoyaltyCard").path
        let alert = folder + "/loyalty-alert.json"
        let bare = try CLI.run(["validate", alert])
        #expect(bare.status == 0 && bare.standardError.contains("warning:"), "without the folder the match type is unknown")
        let flagged = try CLI.run(["validate", alert, "--templates", folder])
        #expect(flagged.status == 0 && flagged.standardError.isEmpty, "\(flagged.standardError)")
        let scratch = try ScratchDirectory("alertkit-validate-settings")
        let config = scratch.url.appendingPathComponent("config.json")
        #expect(try CLI.run(["config", "set", "templates", folder], config: config).status == 0)
        let stored = try CLI.run(["validate", alert], config: config)
        #expect(stored.status == 0 && stored.standardError.isEmpty, "\(stored.standardError)")
        let render = try CLI.run(["render", alert, "-f", "text"], config: config)
        #expect(render.status == 0 && render.standardError.isEmpty)
    }

    @Test("AlertPipeline(templates:locale:) in one call renders what render --templates --locale does, the folder's match type known")
    func pipelineInOneCall() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Examples/LoyaltyCard")
        let alert = folder.appendingPathComponent("loyalty-alert.json")
        for locale in ["en", "es"] {
            let pipeline = try AlertPipeline(templates: folder, locale: locale)
            let output = try pipeline.render(Array(try Data(contentsOf: alert)), format: "text")
            #expect(output.warnings.isEmpty, "\(output.warnings)")
            let command = try CLI.run(["render", alert.path, "-f", "text", "--templates", folder.path, "--locale", locale])
            #expect(output.document == command.output, "\(locale)")
        }
        // A folder whose catalog does not load is an error naming the file, not a pipeline of generic words.
        let broken = try ScratchDirectory("alertkit-pipeline")
        try broken.file("catalog/en.json", "{")
        #expect(throws: AlertPipelineError.self) { try AlertPipeline(templates: broken.url, locale: "en") }
    }
}
