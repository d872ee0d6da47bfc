import AlertModel
import AlertPresentation
import Foundation

/// Why `AlertPipeline(templates:locale:)` could not be made: the templates folder's formats or its catalog.
public enum AlertPipelineError: Error, Sendable, CustomStringConvertible {
    /// A template of the folder does not load.
    case templates(TemplateError)
    /// The locale's catalog, the shipped one with the folder's over it, does not load.
    case catalog(CatalogError)

    /// What is wrong, naming the file.
    public var description: String {
        switch self {
        case .templates(let error): error.description
        case .catalog(let error): error.description
        }
    }
}

extension AlertPipeline {
    /// The pipeline `alertkit render --templates FOLDER --locale LOCALE` uses, in one call: the folder's formats after
    /// the shipped ones, the locale's catalog with the folder's `catalog/LOCALE.json` over the shipped one (so the
    /// match types it defines are known and its words are used), `extensions`' presenters and emitters, and
    /// `options`. Without a folder, the shipped formats and catalog.
    ///
    /// ```swift
    /// let pipeline = try AlertPipeline(templates: URL(fileURLWithPath: "my-templates"), locale: "es")
    /// let page = try pipeline.render(json, format: "html").document
    /// ```
    public init(templates folder: URL?, locale: String = "en", options: PresentationOptions = .default,
                limits: AlertLimits = .default, extensions: AlertExtensions = AlertExtensions()) throws(AlertPipelineError) {
        let folders = folder.map { [$0] } ?? []
        let formats: FormatRegistry
        do { formats = try extensions.formats(templates: folders) } catch { throw .templates(error) }
        let catalog: ContentCatalog
        do { catalog = try ContentCatalog.load(locale: locale, folders: folders) } catch { throw .catalog(error) }
        self.init(decoder: AlertDecoder(limits: limits), presenters: extensions.presenters,
                  context: PresentationContext(catalog: catalog, options: options), formats: formats)
    }
}
