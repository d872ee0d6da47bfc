import AlertTestSupport
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

    /// What a reader sees of `markdown`: the text of its HTML, without the invisible word joiners that keep
    /// GFM renderers from linking e-mail addresses.
    static func visibleText(_ markdown: String) -> String {
        Fixtures.visibleText(ofHTML: html(markdown)).replacingOccurrences(of: "\u{2060}", with: "")
    }
}
