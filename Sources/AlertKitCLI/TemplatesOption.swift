import AlertRendering
import ArgumentParser
import Foundation

/// `--templates DIR`, shared by every command that uses formats: the user's templates folder, else the stored one.
struct TemplatesOption: ParsableArguments {
    @Option(help: ArgumentHelp("A folder of your own templates (NAME.EXT.mustache, catalog/LOCALE.json), used after the "
                               + "shipped ones (default: the stored setting, then none).", valueName: "dir"))
    var templates: String?

    /// The folder to use: the flag, else `alertkit config set templates` (in `settings`), else none.
    func folder(_ settings: Settings) -> String? {
        templates ?? settings.templates
    }

    /// The folder as a list of URLs, for the library's calls.
    func folders(_ settings: Settings) -> [URL] {
        folder(settings).map { [URL(fileURLWithPath: $0)] } ?? []
    }

    /// The built-in formats, the templates of the shipped folder and the user's, and the emitters the host registered
    /// (`AlertKitCommand.start(with:)`). A missing folder exits 66; a
    /// folder that cannot be listed exits 78 (a configuration error). A template that does not load breaks its own
    /// format only (`BrokenFormat`): asking for that format exits 78 with the file, line and column.
    func formats(_ settings: Settings) throws -> FormatRegistry {
        try checkFolder(settings)
        do { return try AlertKitCommand.extensions.formats(templates: folders(settings)) } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
    }

    /// Exits 66 when the folder to use (`folder(_:)`) is not a folder.
    func checkFolder(_ settings: Settings) throws {
        guard let folder = folder(settings) else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Diagnostics.fail("\(folder): no such templates folder", code: ExitCodes.noInput)
        }
    }
}
