import AlertJSON
import AlertPresentation
import AlertTemplates
import Foundation
import TemplateCompiler

/// The standalone page around an alert's markup: `Templates/page/page.html.mustache`, with the styles
/// rendered once from `style.css.mustache` and `theme.json`.
struct PageShell: Sendable {
    private let page: CompiledTemplate
    let styles: String
    /// The page cut where its values go, if filling it is the same as rendering it.
    let split: SplitPage?

    /// Loads the templates from a folder laid out as `Templates/page/`.
    init(directory: URL) throws(TemplateError) {
        let theme: Data
        do { theme = try Data(contentsOf: directory.appendingPathComponent("theme.json")) } catch {
            throw TemplateError(file: "page/theme.json", message: error.localizedDescription)
        }
        try self.init(page: try Self.template(directory, "page.html.mustache"),
                      style: try Self.template(directory, "style.css.mustache"), theme: try PageTheme(json: theme))
    }

    /// The page's context: the alert's markup and the styles (trusted, printed with `{{{ }}}`), its title and
    /// language (escaped as HTML by `{{ }}`).
    static let context = ContextType.object(ContextObject(["alert", "lang", "styles", "title"].map { .init(name: $0, type: .string) }))

    private init(page: TemplateTree, style: TemplateTree, theme: PageTheme) throws(TemplateError) {
        // The styles are CSS inside <style>, where HTML's entities mean nothing: values go in as they are (a theme's
        // values hold no ; { } < >, checked when it loads).
        let values = theme.values.sorted { $0.key < $1.key }
        let styleContext = ContextType.object(ContextObject(values.map { .init(name: $0.key, type: .string) }))
        do {
            let style = try CompiledTemplate(TemplateLibrary(template: style), context: styleContext, escape: NoEscaping.write)
            styles = String(decoding: try style.render(.object(values.map { .string($0.value) })), as: UTF8.self)
            self.page = try CompiledTemplate(TemplateLibrary(template: page), context: Self.context, escape: SplitPage.appendEscaped)
        } catch let error as TemplateDiagnostic {
            throw TemplateError(file: error.file, line: error.line, column: error.column, message: error.message, isError: true)
        } catch {
            throw TemplateError(file: "page/style.css.mustache", message: "the styles are over the document size limit")
        }
        let (page, styles) = (self.page, styles)
        split = SplitPage { alert, title, lang in Self.render(page, alert: alert, title: title, lang: lang, styles: styles) }
    }

    /// The shipped shell with the `page/` of each of `folders` over it, later ones winning: `page.html.mustache` and
    /// `style.css.mustache` replace the shipped ones whole, `theme.json` replaces single keys.
    init(folders: [URL]) throws(TemplateError) {
        var directories = [AlertTemplates.directory.appendingPathComponent("page")]
        directories += folders.map { $0.appendingPathComponent("page") }
        for folder in folders {
            for name in ["page.html.mustache", "style.css.mustache", "theme.json"] {
                let url = folder.appendingPathComponent("page").appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: url.path), let outside = TemplateFolder.linkLeaving(url, root: folder) {
                    throw TemplateError(file: url.path, message: "is a link to \(outside), outside the templates folder "
                                        + "\(folder.path); copy the file into the folder instead")
                }
            }
        }
        func last(_ name: String) -> URL {
            directories.last { FileManager.default.fileExists(atPath: $0.appendingPathComponent(name).path) } ?? directories[0]
        }
        var theme: [String: Any] = [:]
        for directory in directories {
            let url = directory.appendingPathComponent("theme.json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            guard let data = try? Data(contentsOf: url) else { throw TemplateError(file: url.path, message: "cannot be read") }
            do { _ = try JSONParser().parse(Array(data)) } catch {  // as strictly as an alert, with the place
                throw TemplateError(file: url.path, line: error.line, column: error.column, message: "not JSON: \(error.message)")
            }
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw TemplateError(file: url.path, message: "not a JSON object: a theme is {\"KEY\": \"VALUE\", …}")
            }
            if let key = object.keys.sorted().first(where: { !(object[$0] is String) }) {
                throw TemplateError(file: url.path, message: "\(key) takes a string, such as \"#d0021b\" or \"16px\"")
            }
            if !theme.isEmpty, let unknown = object.keys.sorted().first(where: { theme[$0] == nil }) {
                throw TemplateError(file: url.path, message: "\(unknown) is not a theme key; known: "
                                    + theme.keys.sorted().joined(separator: ", "))
            }
            theme.merge(object) { $1 }
        }
        let data: Data
        do { data = try JSONSerialization.data(withJSONObject: theme) } catch {
            throw TemplateError(file: "page/theme.json", message: "\(error)")
        }
        try self.init(page: try Self.template(last("page.html.mustache"), "page.html.mustache"),
                      style: try Self.template(last("style.css.mustache"), "style.css.mustache"),
                      theme: try PageTheme(json: data))
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
        Self.render(page, alert: alert, title: title, lang: lang, styles: styles)
    }

    private static func render(_ page: CompiledTemplate, alert: String, title: String, lang: String, styles: String) -> String {
        // The context's members in name order: alert, lang, styles, title. No limit: the page is text around the markup.
        let bytes = (try? page.render(.object([.string(alert), .string(lang), .string(styles), .string(title)]))) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func template(_ directory: URL, _ name: String) throws(TemplateError) -> TemplateTree {
        let url = directory.appendingPathComponent(name)
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw TemplateError(file: url.path, message: "cannot be read as UTF-8 text")
        }
        return try TemplateFormats.tree(text, file: url.path)
    }
}
