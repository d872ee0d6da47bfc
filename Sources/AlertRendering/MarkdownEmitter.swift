import AlertPresentation

/// CommonMark through cmark's own renderer, from the same layout as the HTML page: the same content in the
/// same order, every alert value escaped so that no renderer turns it into markup.
public struct MarkdownEmitter: AlertEmitter {
    /// Creates the emitter.
    public init() {}

    /// `markdown`, `text/markdown`.
    public let format = OutputFormat(name: "markdown", aliases: ["md", "commonmark"],
                                     mediaType: "text/markdown; charset=utf-8", fileExtension: "md",
                                     summary: "CommonMark")

    /// The Markdown document.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        CMark.commonMark(DocumentLayout.blocks(for: view))
    }
}
