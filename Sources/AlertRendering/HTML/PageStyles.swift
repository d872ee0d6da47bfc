import Foundation

/// The page's stylesheet, for a host that embeds `--fragment` output (an `<article class="alertkit">`) in a page of
/// its own: `alertkit page-css` prints it, and the release archive holds it as `alertkit-page.css`.
public enum PageStyles {
    /// The stylesheet the standalone page holds in its `<style>`, with the `page/` of each of `folders` over the
    /// shipped one (as `render --templates` makes pages): its `:root`, `html`, `body` and `*` rules style a page of
    /// AlertKit's own.
    public static func pageCSS(templates folders: [URL] = []) throws(TemplateError) -> String {
        folders.isEmpty ? PageShell.shipped.styles : try PageShell(folders: folders).styles
    }

    /// The same stylesheet for a fragment inside someone else's page: its page-wide rules (`:root`'s variables,
    /// `body`'s type and colours, `*`'s box sizing) scoped to `.alertkit`, and `html, body`'s dropped, so that it
    /// styles the fragment and nothing around it. A folder's own `style.css.mustache` that does not have the shipped
    /// rules' shape is given as it is.
    public static func fragmentCSS(templates folders: [URL] = []) throws(TemplateError) -> String {
        var css = try pageCSS(templates: folders)
        for (page, fragment) in [(":root {", ".alertkit {"), ("\n* { box-sizing: border-box; }", "\n.alertkit, .alertkit * { box-sizing: border-box; }"),
                                 ("\nhtml, body { height: 100%; margin: 0; }", ""), ("\nbody {", "\n.alertkit {")] {
            css = css.replacingOccurrences(of: page, with: fragment)
        }
        return css
    }
}
