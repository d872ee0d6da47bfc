import AlertTemplates
import Foundation
import Mustache

/// Template formats from folders: every `NAME.EXT.mustache` file in a folder (or in its `formats/`) is a format
/// named `NAME` with output extension `.EXT`; a `NAME.mustache` beside them is a partial (`{{> NAME}}`) for the
/// templates of that folder. Later folders win over earlier ones; files are read when loaded, so an edited template
/// changes the next load, with no rebuild.
///
/// A template's first line may set its escaping when its extension does not say it all:
/// `{{! alertkit: escape=slack }}` (one of `TemplateEscaping`'s names), and with `fit=sms` fits the document into
/// one SMS (`SMSText`).
public enum TemplateFormats {
    /// The folder of the formats that ship with AlertKit (`Templates/formats/`).
    public static var shipped: URL { AlertTemplates.directory.appendingPathComponent("formats") }

    /// Every template format of `folders`, in order; a later folder's format replaces an earlier one of its name.
    public static func load(_ folders: [URL]) throws(TemplateError) -> [TemplateFormat] {
        var formats: [String: TemplateFormat] = [:]
        for folder in folders {
            for directory in [folder, folder.appendingPathComponent("formats")] where isDirectory(directory) {
                for format in try loadDirectory(directory) { formats[format.format.name] = format }
            }
        }
        return formats.values.sorted { $0.format.name < $1.format.name }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    private static func loadDirectory(_ directory: URL) throws(TemplateError) -> [TemplateFormat] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() } catch {
            throw TemplateError(file: directory.path, message: "cannot be listed (\(error.localizedDescription))")
        }
        var library = MustacheLibrary()
        var entries: [(name: String, file: URL, escaping: TemplateEscaping, sms: Bool)] = []
        for file in names where file.hasSuffix(".mustache") && !file.hasPrefix(".") {
            let url = directory.appendingPathComponent(file)
            let name = String(file.dropLast(".mustache".count))
            let text: String
            do { text = try String(contentsOf: url, encoding: .utf8) } catch {
                throw TemplateError(file: url.path, message: "cannot be read (\(error.localizedDescription))")
            }
            library.register(try parse(text, file: url.path), named: name)
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 2 else { continue }  // a partial
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw TemplateError(file: url.path, message: "a format's file is named NAME.EXT.mustache, one dot before the extension")
            }
            let firstLine = text.prefix(while: { $0 != "\n" })
            entries.append((name, url, try escaping(of: text, fileExtension: String(parts[1]), file: url),
                            firstLine.hasPrefix("{{!") && firstLine.contains("fit=sms")))
        }
        return entries.map {
            TemplateFormat(file: $0.file, library: library, templateName: $0.name, escaping: $0.escaping, fitsSMS: $0.sms)
        }
    }

    /// A template's text parsed, with Mustache's own escaping off: values arrive escaped for the output already
    /// (in partials too). A syntax error names the file, line and column.
    static func parse(_ text: String, file: String = "") throws(TemplateError) -> MustacheTemplate {
        let prefix = "{{% CONTENT_TYPE: TEXT }}"
        do { return try MustacheTemplate(string: prefix + text) } catch let error as MustacheTemplate.ParserError {
            let line = error.context.lineNumber
            let column = line == 1 ? max(1, error.context.columnNumber - prefix.count) : error.context.columnNumber
            throw TemplateError(file: file, line: line, column: column, message: "\(error.error)")
        } catch {
            throw TemplateError(file: file, message: "\(error)")
        }
    }

    /// The escaping the first line sets, else the one the extension calls for.
    private static func escaping(of text: String, fileExtension: String, file: URL) throws(TemplateError) -> TemplateEscaping {
        let firstLine = text.prefix(while: { $0 != "\n" })
        guard firstLine.hasPrefix("{{!"), let range = firstLine.range(of: "alertkit: escape=") else {
            return TemplateEscaping(fileExtension: fileExtension)
        }
        let name = firstLine[range.upperBound...].prefix(while: { $0.isLetter })
        guard let escaping = TemplateEscaping(rawValue: String(name)) else {
            throw TemplateError(file: file.path, line: 1, message: "unknown escaping \"\(name)\"; known: "
                                + TemplateEscaping.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return escaping
    }
}

extension FormatRegistry {
    /// The built-in formats, then the template formats of the shipped folder and of `folders` (later ones win). A
    /// template may replace a shipped template, never a built-in Swift format: that is an error naming both.
    public static func standard(templates folders: [URL]) throws(TemplateError) -> FormatRegistry {
        var registry = FormatRegistry.standard
        for template in try TemplateFormats.load([TemplateFormats.shipped] + folders) {
            if let builtIn = try? registry.emitter(named: template.format.name) {
                throw TemplateError(file: template.file.path, message: "a template cannot replace the built-in format "
                                    + "\(builtIn.format.name); name the file otherwise")
            }
            registry.register(template)
        }
        return registry
    }
}
