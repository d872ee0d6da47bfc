import AlertTemplates
import Foundation
import Mustache

/// The standalone page around an alert's markup: `Templates/page/page.html.mustache`, with the styles
/// rendered once from `style.css.mustache` and `theme.json`.
struct PageShell: Sendable {
    private let page: MustacheTemplate
    private let styles: String

    /// Loads the templates from a folder laid out as `Templates/page/`.
    init(directory: URL) throws(PageTemplateError) {
        let page = try Self.template(directory, "page.html.mustache")
        let style = try Self.template(directory, "style.css.mustache")
        let theme: Data
        do { theme = try Data(contentsOf: directory.appendingPathComponent("theme.json")) } catch {
            throw PageTemplateError("page/theme.json: \(error.localizedDescription)")
        }
        self.page = page
        self.styles = style.render(try PageTheme(json: theme).values)
    }

    /// The shell that ships with AlertKit. Its files are part of the build, so failing to load them is a broken
    /// installation, not a condition to recover from.
    static let shipped: PageShell = {
        do { return try PageShell(directory: AlertTemplates.directory.appendingPathComponent("page")) } catch {
            fatalError("AlertKit's page templates are broken: \(error)")
        }
    }()

    /// The page: `alert` is trusted markup; `title` and `lang` are escaped by the template.
    func render(alert: String, title: String, lang: String) -> String {
        page.render(["alert": alert, "title": title, "lang": lang, "styles": styles])
    }

    private static func template(_ directory: URL, _ name: String) throws(PageTemplateError) -> MustacheTemplate {
        do {
            let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            return try MustacheTemplate(string: text)
        } catch {
            throw PageTemplateError("page/\(name): \(error)")
        }
    }
}
