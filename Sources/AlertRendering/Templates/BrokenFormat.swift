import AlertPresentation

/// A template format whose files do not load (a template that does not parse, a partial it includes that is missing
/// or broken, a header that names no escaping…). It keeps its name, so that asking for it says what is wrong rather
/// than "unknown format", and every render fails with its error; the registry's other formats render as usual.
public struct BrokenFormat: AlertEmitter {
    /// The format's name and extension, as its file names them; the summary says it is broken.
    public let format: OutputFormat
    /// Why it does not load: the file, line and column, and what is wrong.
    public let error: TemplateError

    /// A broken format named `name`, whose documents would have had the extension `fileExtension`.
    public init(name: String, fileExtension: String, error: TemplateError) {
        self.format = OutputFormat(name: name, mediaType: "application/octet-stream", fileExtension: fileExtension,
                                   summary: "broken: \(error)")
        self.error = error
    }

    /// A broken format in place of a built-in one (`format`'s name and aliases kept).
    init(replacing format: OutputFormat, error: TemplateError) {
        self.format = OutputFormat(name: format.name, aliases: format.aliases, mediaType: format.mediaType,
                                   fileExtension: format.fileExtension, summary: "broken: \(error)")
        self.error = error
    }

    /// Throws the format's `error`.
    public func render(_ view: AlertView, options: RenderOptions) throws -> String { throw error }
}
