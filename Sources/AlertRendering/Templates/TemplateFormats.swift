import AlertPresentation
import AlertTemplates
import Foundation
import TemplateCompiler

/// Template formats from folders: every `NAME.EXT.mustache` file in a folder (or in its `formats/`) is a format
/// named `NAME` with output extension `.EXT`; a `NAME.mustache` beside them is a partial (`{{> NAME}}`) for the
/// templates of that folder. A folder inside `formats/` is an email format (`EmailFormat`) named after it.
/// Later folders win over earlier ones; files are read when loaded, so an edited template
/// changes the next load, with no rebuild.
///
/// A template's first line may set its escaping when its extension does not say it all:
/// `{{! alertkit: escape=slack }}` (one of `TemplateEscaping`'s names), with `fit=sms` fits the document into
/// an SMS of two parts by whole sentences (`sms-segments=N` sets the parts; `SMSText.fitDocument`), and with `max-bytes=N` or `max-characters=N` declares the channel's limits, which
/// `alertkit review` checks (`DeclaredLimits`).
public enum TemplateFormats {
    /// The folder of the formats that ship with AlertKit (`Templates/formats/`).
    public static var shipped: URL { AlertTemplates.directory.appendingPathComponent("formats") }

    /// Every template format of `folders`, in order; a later folder's format replaces an earlier one of its name.
    /// A folder format (`formats/email/`) is replaced part by part: a later folder's `subject.txt.mustache` alone
    /// changes the subject and keeps the other parts. A format whose files do not load (its template, or a partial
    /// it includes, does not read or parse; a partial it names is missing; its header is wrong) is a
    /// `BrokenFormat`: it breaks itself only. A folder that cannot be listed throws.
    public static func load(_ folders: [URL]) throws(TemplateError) -> [any AlertEmitter] {
        try loadWithFiles(folders).map(\.emitter)
    }

    /// The formats with the file (or folder) each comes from.
    static func loadWithFiles(_ folders: [URL]) throws(TemplateError) -> [(emitter: any AlertEmitter, file: URL)] {
        var formats: [String: (emitter: any AlertEmitter, file: URL)] = [:]
        var folderParts: [String: [String: URL]] = [:]  // folder format → its files, later folders winning
        var roots: [String: URL] = [:]  // folder format → the templates folder of its files
        for folder in folders {
            for directory in [folder, folder.appendingPathComponent("formats")] where isDirectory(directory) {
                for format in try loadDirectory(directory, root: folder) { formats[format.emitter.format.name] = format }
                // Folder formats live in a `formats/` folder; beside it are `catalog/`, `page/` and `icons/`.
                for name in try list(directory) where directory.lastPathComponent == "formats"
                    && !name.hasPrefix(".") && !name.hasSuffix(".mustache") {
                    let sub = directory.appendingPathComponent(name)
                    guard isDirectory(sub) else { continue }
                    for file in try list(sub) where file.hasSuffix(".mustache") && !file.hasPrefix(".") {
                        folderParts[name, default: [:]][String(file.dropLast(".mustache".count))] = sub.appendingPathComponent(file)
                    }
                    roots[name] = folder
                }
            }
        }
        for (name, files) in folderParts {
            let folder = files.values.first?.deletingLastPathComponent() ?? folders[0]
            do { formats[name] = (try emailFormat(name, files, folders: folders), folder) } catch {
                formats[name] = (BrokenFormat(name: name, fileExtension: "eml", error: error), folder)
            }
        }
        return formats.values.sorted { $0.emitter.format.name < $1.emitter.format.name }
    }

    private static func list(_ directory: URL) throws(TemplateError) -> [String] {
        do { return try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() } catch {
            throw TemplateError(file: directory.path, message: "cannot be listed (\(error.localizedDescription))")
        }
    }

    /// The text of a template of the folder `root`. A symbolic link that leaves the folder is refused: a folder's
    /// templates are its own files, and a link must not bring another file's text into documents.
    private static func read(_ url: URL, root: URL) throws(TemplateError) -> String {
        if let outside = TemplateFolder.linkLeaving(url, root: root) {
            throw TemplateError(file: url.path, message: "is a link to \(outside), outside the templates folder \(root.path); "
                                + "copy the file into the folder instead")
        }
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw TemplateError(file: url.path, message: "cannot be read (\(error.localizedDescription))")
        }
    }

    private static func emailFormat(_ name: String, _ files: [String: URL], folders: [URL]) throws(TemplateError) -> EmailFormat {
        let missing = EmailFormat.parts.filter { files[$0] == nil }
        guard missing.isEmpty else {
            let folder = files.values.first?.deletingLastPathComponent().path ?? name
            throw TemplateError(file: folder, message: "a folder format is an email made of "
                                + EmailFormat.parts.map { $0 + ".mustache" }.joined(separator: ", ")
                                + "; missing: " + missing.map { $0 + ".mustache" }.joined(separator: ", "))
        }
        var trees: [String: TemplateTree] = [:]
        var parsed: [(name: String, file: String, tree: TemplateTree, size: Int)] = []
        for (part, url) in files.sorted(by: { $0.key < $1.key }) {
            let root = folders.last { url.path.hasPrefix($0.path + "/") } ?? TemplateFormats.shipped.deletingLastPathComponent()
            let text = try read(url, root: root)
            trees[part] = try tree(text, file: url.path)
            parsed.append((part, url.path, trees[part]!, text.utf8.count))
        }
        let graph = PartialGraph(parsed)
        try graph.check()
        for part in EmailFormat.parts {
            if let problem = graph.firstProblem(of: part, failed: [:], folder: files[part]!.deletingLastPathComponent().path) {
                throw problem
            }
        }
        let libraries = EmailFormat.parts.reduce(into: [String: TemplateLibrary]()) { libraries, part in
            if let tree = trees[part] { libraries[part] = TemplateLibrary(template: tree, partials: trees) }
        }
        return try EmailFormat(name: name, files: files, libraries: libraries)
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    static func loadDirectory(_ directory: URL, root: URL) throws(TemplateError) -> [(emitter: any AlertEmitter, file: URL)] {
        var trees: [String: TemplateTree] = [:]
        var entries: [(name: String, file: URL, escaping: TemplateEscaping, sms: Bool, limits: DeclaredLimits)] = []
        var broken: [(emitter: any AlertEmitter, file: URL)] = []
        var failed: [String: TemplateError] = [:]  // a template or partial that does not read or parse, by name
        var parsed: [(name: String, file: String, tree: TemplateTree, size: Int)] = []
        for file in try list(directory) where file.hasSuffix(".mustache") && !file.hasPrefix(".") {
            let url = directory.appendingPathComponent(file)
            let name = String(file.dropLast(".mustache".count))
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            do throws(TemplateError) {
                let text = try read(url, root: root)
                trees[name] = try tree(text, file: url.path)
                parsed.append((name, url.path, trees[name]!, text.utf8.count))
                guard parts.count >= 2 else { continue }  // a partial
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                    throw TemplateError(file: url.path, message: "a format's file is named NAME.EXT.mustache, one dot before the extension")
                }
                let firstLine = text.prefix(while: { $0 != "\n" })
                let header = firstLine.hasPrefix("{{!") ? String(firstLine) : ""
                entries.append((name, url, try escaping(of: text, fileExtension: String(parts[1]), file: url),
                                header.contains("fit=sms"), try DeclaredLimits(header: header, file: url.path)))
            } catch {
                failed[name] = error
                if parts.count >= 2 {
                    let formatName = parts[0].isEmpty ? name : String(parts[0])
                    broken.append((BrokenFormat(name: formatName, fileExtension: String(parts.last ?? ""), error: error), url))
                }
            }
        }
        let graph = PartialGraph(parsed)
        return entries.map {
            if let problem = graph.firstProblem(of: $0.name, failed: failed, folder: directory.path) {
                let parts = $0.name.split(separator: ".")
                return (BrokenFormat(name: String(parts[0]), fileExtension: String(parts[1]), error: problem), $0.file)
            }
            do {
                let library = TemplateLibrary(template: trees[$0.name]!, partials: trees)  // an entry's text parsed
                return (try TemplateFormat(file: $0.file, library: library, templateName: $0.name, escaping: $0.escaping,
                                           fitsSMS: $0.sms, declaredLimits: $0.limits), $0.file)
            } catch {
                let parts = $0.name.split(separator: ".")
                return (BrokenFormat(name: String(parts[0]), fileExtension: String(parts[1]), error: error as? TemplateError ?? TemplateError(file: $0.file.path, message: "\(error)")), $0.file)
            }
        } + broken
    }

    /// A template's text parsed by the compiler's parser (`TemplateTree`): a syntax error names the file, line and
    /// column.
    static func tree(_ text: String, file: String) throws(TemplateError) -> TemplateTree {
        do { return try TemplateTree(parsing: text, file: file) } catch {
            throw TemplateError(file: file, line: error.line, column: error.column, message: error.message, isError: true)
        }
    }

    /// The escaping the first line sets, else the one the extension calls for.
    static func escaping(of text: String, fileExtension: String, file: URL) throws(TemplateError) -> TemplateEscaping {
        let firstLine = text.prefix(while: { $0 != "\n" })
        guard firstLine.hasPrefix("{{!"), let range = firstLine.range(of: "alertkit: escape=") else {
            guard let escaping = TemplateEscaping(fileExtension: fileExtension) else {
                throw TemplateError(file: file.path, line: 1, message: "AlertKit knows no escaping for .\(fileExtension) "
                                    + "output; name one on the first line, {{! alertkit: escape=NAME }}, NAME one of "
                                    + TemplateEscaping.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return escaping
        }
        let name = firstLine[range.upperBound...].prefix(while: { $0.isLetter || $0 == "+" })
        guard let escaping = TemplateEscaping(rawValue: String(name)) else {
            throw TemplateError(file: file.path, line: 1, message: "unknown escaping \"\(name)\"; known: "
                                + TemplateEscaping.allCases.map(\.rawValue).joined(separator: ", ")
                                + ", or several joined by + and applied left to right (markdown+json)")
        }
        // Markup takes its own escaping last: any other would write alert strings into it as live markup.
        if let markup = TemplateEscaping(fileExtension: fileExtension), markup.isMarkup, escaping.outermost != markup {
            throw TemplateError(file: file.path, line: 1, message: "escape=\(name) would write alert strings into "
                                + ".\(fileExtension) output as live markup; a .\(fileExtension) template takes escape="
                                + "\(markup.rawValue), or a composition that ends in it (text+\(markup.rawValue)), or no "
                                + "escape= at all")
        }
        return escaping
    }
}

extension FormatRegistry {
    /// The built-in formats (the page with the `page/` and `icons/` of `folders`), then the template formats of the
    /// shipped folder and of `folders` (later ones win). A template may replace a shipped template, never a built-in
    /// Swift format: such a template is left out and `problems` names both. A format that does not load is a
    /// `BrokenFormat` (the page's, when the folders' `page/` or `icons/` are broken), and the others render as usual;
    /// only a folder that cannot be listed throws.
    public static func standard(templates folders: [URL]) throws(TemplateError) -> FormatRegistry {
        var registry = FormatRegistry.builtIn
        if !folders.isEmpty {
            do { registry.register(try HTMLEmitter(templates: folders)) } catch {
                registry.register(BrokenFormat(replacing: HTMLEmitter().format, error: error))
            }
        }
        for (template, file) in try TemplateFormats.loadWithFiles([TemplateFormats.shipped] + folders) {
            if let builtIn = try? FormatRegistry.builtIn.emitter(named: template.format.name) {
                registry.refuse(TemplateError(file: file.path, message: "a template cannot replace the built-in format "
                                              + "\(builtIn.format.name); name the file otherwise"))
                continue
            }
            registry.register(template)
        }
        // The shipped templates are held to their context by `alertkit templates check` in CI: only the folders'
        // own files are checked here, each read once.
        let shipped = TemplateFormats.shipped.standardizedFileURL.path + "/"
        let own: [(format: String, files: [URL])] = registry.formats.compactMap { format in
            let files: [URL]
            switch try? registry.emitter(named: format.name) {
            case let template as TemplateFormat: files = [template.file]
            case let email as EmailFormat: files = email.files.values.sorted { $0.path < $1.path }
            default: return nil
            }
            let theirs = files.filter { !$0.standardizedFileURL.path.hasPrefix(shipped) }
            return theirs.isEmpty ? nil : (format.name, theirs)
        }
        guard !own.isEmpty else { return registry }
        let checker = TemplateChecker()
        for (format, files) in own {
            let problems = files.flatMap { file in
                (try? String(contentsOf: file, encoding: .utf8)).map { checker.check($0, file: file.path) } ?? []
            }
            if let error = problems.first(where: \.isError), let emitter = try? registry.emitter(named: format) {
                // A transform given a value it does not take: the format does not load, as with a syntax error.
                registry.register(BrokenFormat(replacing: emitter.format, error: error))
            } else if !problems.isEmpty {
                registry.setUnresolved(problems, for: format)
            }
        }
        return registry
    }
}
