import AlertPresentation

/// HTML through cmark: a standalone page (the Mustache shell in `Templates/page/`, styles inlined, icons as
/// inline SVG, popups with the `popover` attribute, no script, no external request) or, with `fragment`,
/// the alert's markup alone, as an `<article>` whose middle is a `<div>` rather than the page's `<main>`.
public struct HTMLEmitter: AlertEmitter {
    /// Creates the emitter.
    public init() {}

    /// `html`, `text/html`.
    public let format = OutputFormat(name: "html", aliases: ["htm"], mediaType: "text/html; charset=utf-8",
                                     fileExtension: "html", summary: "a standalone HTML page (or a fragment with --fragment)")

    /// The page, or the fragment.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        let body = CMark.html(DocumentLayout.blocks(for: view, standalone: !options.fragment), icon: IconSet.shipped.markup)
        let lang = CMark.escapeHTML(view.locale)
        if options.fragment { return "<article class=\"alertkit\" lang=\"\(lang)\">\n\(body)</article>\n" }
        let alert = "<div class=\"alertkit\">\n\(body)</div>\n"
        return PageShell.shipped.render(alert: alert, title: view.title, lang: view.locale)
    }
}
