import AlertPresentation
import Foundation

/// HTML through cmark: a standalone page (the Mustache shell in `Templates/page/`, styles inlined, icons as
/// inline SVG, popups with the `popover` attribute, no script, no external request) or, with `fragment`,
/// the alert's markup alone, as an `<article>` whose middle is a `<div>` rather than the page's `<main>`.
public struct HTMLEmitter: AlertEmitter {
    private let shell: PageShell
    private let icons: IconSet

    /// Creates the emitter with the shipped page, theme and icons.
    public init() {
        shell = .shipped
        icons = .shipped
    }

    /// Creates the emitter with the page, theme and icons of `templates` folders over the shipped ones, later folders
    /// winning: `page/page.html.mustache` and `page/style.css.mustache` whole, `page/theme.json` key by key, and
    /// `icons/NAME.svg` icon by icon. Throws `TemplateError` naming the file that is missing, does not parse, has a
    /// theme key the page does not know, or holds an icon that is not a plain `<svg>`.
    public init(templates folders: [URL]) throws(TemplateError) {
        shell = folders.isEmpty ? .shipped : try PageShell(folders: folders)
        icons = folders.isEmpty ? .shipped : try IconSet(folders: folders)
    }

    /// `html`, `text/html`.
    public let format = OutputFormat(name: "html", aliases: ["htm"], mediaType: "text/html; charset=utf-8",
                                     fileExtension: "html", summary: "a standalone HTML page (or a fragment with --fragment)")

    /// The page, or the fragment.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        guard options.fragment else {
            let body = CMark.html(DocumentLayout.blocks(for: view, standalone: true), icons: icons)
            return shell.render(alert: "<div class=\"alertkit\">\n\(body)</div>\n", title: view.title, lang: view.locale)
        }
        return String(decoding: renderUTF8(view, options: options), as: UTF8.self)
    }

    /// The page, or the fragment, as UTF-8: a fragment is assembled from cmark's bytes without a `String` between.
    public func renderUTF8(_ view: AlertView, options: RenderOptions) -> [UInt8] {
        guard options.fragment else { return Array(render(view, options: options).utf8) }
        let lang = CMark.escapeHTML(view.locale)
        var bytes: [UInt8] = []
        CMark.html(DocumentLayout.blocks(for: view, standalone: false), icons: icons) { body in
            bytes.reserveCapacity(body.count + lang.utf8.count + 48)
            bytes.append(contentsOf: #"<article class="alertkit" lang=""#.utf8)
            bytes.append(contentsOf: lang.utf8)
            bytes.append(contentsOf: "\">\n".utf8)
            bytes.append(contentsOf: body)
            bytes.append(contentsOf: "</article>\n".utf8)
        }
        return bytes
    }
}
