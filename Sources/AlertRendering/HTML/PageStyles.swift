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

    /// The same stylesheet for a fragment inside someone else's page: every rule's selectors scoped to `.alertkit`
    /// (in `@media` blocks too): `:root`, `html` and `body` become the fragment's article itself, `*` the article and
    /// what it holds, and any other selector is looked for inside the article, so that it styles the fragment and
    /// nothing around it.
    public static func fragmentCSS(templates folders: [URL] = []) throws(TemplateError) -> String {
        scoped(try pageCSS(templates: folders))
    }

    /// `css` with every selector scoped to `.alertkit`.
    static func scoped(_ css: String) -> String {
        var out = "", prelude = ""
        var blocks: [Bool] = []  // for each open block: whether it holds rules (an at-rule's) rather than declarations
        for character in css {
            switch character {
            case "{":
                let comment = prelude.range(of: "*/", options: .backwards).map { String(prelude[..<$0.upperBound]) } ?? ""
                let head = String(prelude.dropFirst(comment.count))
                if blocks.allSatisfy({ $0 }), !head.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@") {
                    out += comment + scope(head) + "{"
                    blocks.append(false)
                } else {
                    out += prelude + "{"
                    blocks.append(head.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@"))
                }
                prelude = ""
            case "}":
                out += prelude + "}"
                prelude = ""
                _ = blocks.popLast()
            default:
                prelude.append(character)
            }
        }
        return out + prelude
    }

    /// One rule's selector list scoped to `.alertkit`, its white space kept around it.
    private static func scope(_ head: String) -> String {
        let lead = head.prefix { $0.isWhitespace }
        let selectors = head.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !selectors.isEmpty else { return head }
        var scoped: [String] = []
        for part in selectors.split(separator: ",") {
            let selector = part.trimmingCharacters(in: .whitespacesAndNewlines)
            switch selector {
            case ":root", "html", "body": scoped.append(".alertkit")
            case "*": scoped.append(".alertkit, .alertkit *")
            default: scoped.append(selector.hasPrefix(".alertkit") ? selector : ".alertkit " + selector)
            }
        }
        var unique: [String] = []
        for selector in scoped where !unique.contains(selector) { unique.append(selector) }
        return lead + unique.joined(separator: ", ") + " "
    }
}
