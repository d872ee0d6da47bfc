import Ccmark
import Foundation

/// Reads Markdown back the way any CommonMark renderer would, for tests that check what a reader sees.
enum CommonMarkReader {
    /// The HTML that cmark makes of `markdown`, raw HTML allowed (so nothing is hidden by safe mode).
    static func html(_ markdown: String) -> String {
        guard let output = cmark_markdown_to_html(markdown, markdown.utf8.count, CMARK_OPT_UNSAFE) else { return "" }
        defer { free(output) }
        return String(cString: output)
    }
}
