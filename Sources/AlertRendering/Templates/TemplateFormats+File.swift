import Foundation

extension TemplateFormats {
    /// The format of one template file, `NAME.EXT.mustache`, loaded as `load(_:)` loads it from its folder (the
    /// `NAME.mustache` files beside it are its partials), so that it renders the same bytes as
    /// `alertkit render ALERT -f NAME --templates FOLDER`: what `alertkit templates render FILE ALERT` uses. A file that
    /// does not load (it does not read or parse, a partial it names is missing, its header is wrong) throws why, with
    /// the file, line and column.
    public static func load(file: URL) throws(TemplateError) -> TemplateFormat {
        let file = file.standardizedFileURL
        let parts = file.lastPathComponent.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "mustache", !parts[0].isEmpty, !parts[1].isEmpty else {
            throw TemplateError(file: file.path, message: "a format's file is named NAME.EXT.mustache, one dot before the extension")
        }
        let folder = file.deletingLastPathComponent()
        for (emitter, url) in try loadDirectory(folder, root: folder) where url.standardizedFileURL.path == file.path {
            if let broken = emitter as? BrokenFormat { throw broken.error }
            if let format = emitter as? TemplateFormat { return format }
        }
        throw TemplateError(file: file.path, message: "no such template file")
    }

    /// How a template file's values are escaped, as `load(_:)` decides it: the escaping its first line names
    /// (`{{! alertkit: escape=NAME }}`), else the one its output extension (`NAME.EXT.mustache`) calls for; a markup
    /// extension refuses any other escaping last. Nil for a `NAME.mustache` file (a partial's name) whose first line
    /// names none. Throws, at line 1, for an unknown name, a markup extension given another escaping, or an extension
    /// AlertKit knows no escaping for.
    public static func escaping(ofTemplate text: String, file: URL) throws(TemplateError) -> TemplateEscaping? {
        let parts = file.lastPathComponent.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 3, parts.last == "mustache" else {
            throw TemplateError(file: file.path, message: "a format's file is named NAME.EXT.mustache, one dot before the extension")
        }
        if parts.count < 3 {
            let firstLine = text.prefix(while: { $0 != "\n" })
            guard firstLine.hasPrefix("{{!"), firstLine.contains("alertkit: escape=") else { return nil }
        }
        return try escaping(of: text, fileExtension: parts.count == 3 ? String(parts[1]) : "", file: file)
    }
}
