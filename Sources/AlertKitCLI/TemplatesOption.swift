import AlertRendering
import ArgumentParser
import Foundation

/// `--templates DIR`, shared by every command that uses formats: the user's templates folder, else the stored one.
struct TemplatesOption: ParsableArguments {
    @Option(help: ArgumentHelp("A folder of your own templates (NAME.EXT.mustache, catalog/LOCALE.json), used after the "
                               + "shipped ones (default: the stored setting, then none).", valueName: "dir"))
    var templates: String?

    /// The folder to use: the flag, else `alertkit config set templates`, else none.
    func folder() throws -> String? {
        try templates ?? SettingsStore.default.load().templates
    }

    /// The folder as a list of URLs, for the library's calls.
    func folders() throws -> [URL] {
        try folder().map { [URL(fileURLWithPath: $0)] } ?? []
    }

    /// The built-in formats and the templates of the shipped folder and the user's. A missing folder exits 66; a
    /// broken template exits 78 (a configuration error) with its file, line and the Mustache error.
    func formats() throws -> FormatRegistry {
        if let folder = try folder() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Diagnostics.fail("\(folder): no such templates folder", code: ExitCodes.noInput)
            }
        }
        do { return try FormatRegistry.standard(templates: folders()) } catch let error as TemplateError {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
    }
}
