import AlertPresentation

/// HTML through cmark: a standalone page (the Mustache shell in `Templates/page/`, styles inlined, icons as
/// inline SVG, popups with the `popover` attribute, no script, no external request) or, with `fragment`,
/// the alert's markup alone.
public struct HTMLEmitter: AlertEmitter {
    /// Creates the emitter.
    public init() {}

    /// `html`, `text/html`.
    public let format = OutputFormat(name: "html", aliases: ["htm"], mediaType: "text/html; charset=utf-8",
                                     fileExtension: "html", summary: "a standalone HTML page (or a fragment with --fragment)")

    /// The page, or the fragment.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        let body = CMark.html(DocumentLayout.blocks(for: view), icon: IconSet.shipped.markup)
        let article = "<article class=\"alertkit\" lang=\"\(CMark.escapeHTML(view.locale))\">\n\(body)</article>\n"
        if options.fragment { return article }
        return PageShell.shipped.render(article: article, title: view.title, lang: view.locale)
    }
}
