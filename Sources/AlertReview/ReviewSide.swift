import AlertPresentation
import AlertRendering
import Foundation

/// One side of a review: the templates and catalogs a document is rendered with, before or after a change.
public struct ReviewSide: Sendable {
    /// What the side is, as a review names it (`shipped`, a folder's path).
    public let name: String
    /// The templates folders, later ones winning; none for what AlertKit ships.
    public let folders: [URL]

    /// What AlertKit ships: its templates and catalogs, nothing of a team's.
    public static let shipped = ReviewSide(name: "shipped", folders: [])

    /// A templates folder (`formats/`, `catalog/`, `page/`, `icons/`) over what AlertKit ships.
    public init(folder: URL) {
        self.init(name: folder.path, folders: [folder])
    }

    init(name: String, folders: [URL]) {
        self.name = name
        self.folders = folders
    }

    /// The formats this side renders: the built-in ones and the side's templates.
    func formats() throws -> FormatRegistry {
        try FormatRegistry.standard(templates: folders)
    }

    /// The locales this side has a catalog for: the shipped ones, and every `catalog/LOCALE.json` of its folders.
    var locales: Set<String> {
        var locales = Set(ContentCatalog.shippedLocales)
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("catalog").path)) ?? []
            for name in names where name.hasSuffix(".json") {
                let locale = String(name.dropLast(5))
                if ContentCatalog.isLocaleTag(locale) { locales.insert(locale) }
            }
        }
        return locales
    }

    /// The presentation context of `locale` on this side, with `options`.
    func context(locale: String, options: PresentationOptions) throws -> PresentationContext {
        PresentationContext(catalog: try ContentCatalog.load(locale: locale, folders: folders), options: options)
    }
}
