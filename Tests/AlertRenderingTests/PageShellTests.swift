@testable import AlertRendering
import AlertPresentation
import AlertTemplates
import AlertTestSupport
import Foundation
import Testing

@Suite("The page shell and its theme")
final class PageShellTests {
    let shipped = AlertTemplates.directory.appendingPathComponent("page")
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-page") }

    /// A copy of the shipped `page/` folder with `theme.json` replaced.
    func folder(theme: (inout [String: String]) -> Void) throws -> URL {
        let folder = scratch.url.appendingPathComponent("page-\(UUID())")
        try FileManager.default.copyItem(at: shipped, to: folder)
        let url = folder.appendingPathComponent("theme.json")
        var values = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        theme(&values)
        try JSONEncoder().encode(values).write(to: url)
        return folder
    }

    @Test("every theme value reaches the styles, and docs/contract.md's page values are the shipped ones")
    func themeValues() throws {
        let page = try PageShell(directory: folder { $0["red"] = "rgb(1, 2, 3)" })
            .render(alert: "<div></div>", title: "T", lang: "en")
        #expect(page.contains("--red: rgb(1, 2, 3);"))
        let styles = PageShell.shipped.render(alert: "", title: "", lang: "en")
        for value in ["rgb(208, 0, 27)", "rgb(77, 77, 77)", "rgb(118, 118, 118)", "rgb(46, 133, 55)", "rgb(9, 99, 47)",
                      "rgb(102, 102, 102)", "font-size: 14px", "--radius: 5px", "--shadow: 3px", "height: 44px",
                      "--margin: 16px", "--narrow: 8px", "prefers-color-scheme: dark", "@media print"] {
            #expect(styles.contains(value), "\(value)")
        }
        #expect(!styles.contains("{{") && !styles.contains("&quot;"))
    }

    @Test("a theme value that could end a declaration or the style element is refused", arguments: [
        "red; } body { display: none", "</style><script>", "rgb(0, 0, 0)>",
    ])
    func hostileTheme(value: String) throws {
        let folder = try folder { $0["green"] = value }
        #expect(throws: TemplateError.self) { try PageShell(directory: folder) }
    }

    @Test("a theme without one of its keys is refused")
    func incompleteTheme() throws {
        let folder = try folder { $0["buttonHeight"] = nil }
        #expect(throws: TemplateError.self) { try PageShell(directory: folder) }
    }

    @Test("the title and language are escaped by the template")
    func escaping() {
        let page = PageShell.shipped.render(alert: "", title: "</title><script>x</script>", lang: "en\" onload=\"x")
        #expect(page.contains("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>"))
        #expect(page.contains(#"<html lang="en&quot; onload=&quot;x">"#))
    }

    @Test("the shipped page is filled in from its cut pieces, and gives what rendering its template gives")
    func splitPage() throws {
        let split = try #require(PageShell.shipped.split)
        for (title, lang) in [("Your email was leaked", "en"), ("</title><script>x</script>", "en\" onload=\"x"),
                              ("a<\u{301} & 'b' \"c\"", "es"), ("", "")] {
            var builder = DocumentBuilder(capacity: 0)
            #expect(split.write(into: &builder, title: title, lang: lang) { $0.own.append(contentsOf: "<p>x</p>\n".utf8); return true })
            #expect(builder.document().bytes == Array(PageShell.shipped.render(alert: "<p>x</p>\n", title: title, lang: lang).utf8))
        }
    }

    @Test("a page template whose values are not plain tags is rendered whole, not cut")
    func unsplittablePage() throws {
        let folder = try self.folder { _ in }
        // A transform changes the value: the cut pieces could not be filled with it, so the page is rendered whole.
        try #"<html lang="{{lang}}"><title>{{uppercased(title)}}</title>{{{alert}}}"#
            .write(to: folder.appendingPathComponent("page.html.mustache"), atomically: true, encoding: .utf8)
        let page = try PageShell(directory: folder)
        #expect(page.split == nil)
        #expect(page.render(alert: "<p></p>", title: "Leak", lang: "en") == #"<html lang="en"><title>LEAK</title><p></p>"#)
    }

    @Test("a templates folder's page/theme.json changes single keys and its icons/ replace icons by name, in HTMLEmitter")
    func folderOverrides() throws {
        try scratch.file("page/theme.json", #"{"red": "rgb(1, 2, 3)"}"#)
        try scratch.file("icons/ic-email-alert.svg", #"<svg viewBox="0 0 1 1"><title>mine</title></svg>"#)
        let emitter = try HTMLEmitter(templates: [scratch.url])
        let view = try AlertPipeline().view(Fixtures.sample("email-alert"))
        let page = emitter.render(view, options: .default)
        #expect(page.contains("--red: rgb(1, 2, 3);") && page.contains("--green: rgb(46, 133, 55);"))
        #expect(page.contains("<title>mine</title>"))
        #expect(!HTMLEmitter().render(view, options: .default).contains("<title>mine</title>"))
        let registry = try FormatRegistry.standard(templates: [scratch.url])
        #expect(try registry.emitter(named: "html").render(view, options: .default) == page)
    }

    @Test("an unknown theme key, or an icon that is not a plain SVG, is an error naming its file", arguments: [
        ("page/theme.json", #"{"rde": "rgb(1, 2, 3)"}"#, "rde is not a theme key"),
        ("icons/ic-x.svg", "<img src=x onerror=alert(1)>", "one <svg> element"),
        ("icons/ic-x.svg", "<svg onload=\"alert(1)\"></svg>", "no script"),
        ("icons/ic-x.svg", "<svg><script>alert(1)</script></svg>", "no script"),
    ])
    func badOverrides(file: String, text: String, message: String) throws {
        let path = try scratch.file(file, text)
        #expect {
            _ = try HTMLEmitter(templates: [scratch.url])
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains(message)
        }
    }
}
