import AlertPresentation
import AlertRendering
import Foundation

/// One side of a review: the templates and catalogs a document is rendered with, before or after a change.
public struct ReviewSide: Sendable {
    /// What the side is, as a review names it (`shipped`, a folder's path).
    public let name: String
    /// The templates folders, later ones winning; none for what AlertKit ships.
    public let folders: [URL]
    /// The presenters and emitters a host registered in Swift, the same on both sides (`AlertKitCommand.start(with:)`
    /// sets them); AlertKit's alone by default.
    public var extensions = AlertExtensions()

    /// What AlertKit ships: its templates and catalogs, nothing of a team's.
    public static let shipped = ReviewSide(name: "shipped", folders: [])

    /// A templates folder (`formats/`, `catalog/`, `page/`, `icons/`) over what AlertKit ships.
    public init(folder: URL) {
        self.init(name: folder.path, folders: [folder])
    }

    /// A side named `name` with the templates folders `folders` (later ones winning).
    public init(name: String, folders: [URL]) {
        self.name = name
        self.folders = folders
    }

    /// The side `REF:PATH` of the git repository at `repository`: the templates folder `PATH` as commit `REF` has
    /// it, read with `git archive` into `scratch` (a folder the caller removes), with no checkout. A ref or path git
    /// does not know is an error with git's own words.
    public static func git(_ spec: String, repository: URL, scratch: URL) throws -> ReviewSide {
        guard let colon = spec.firstIndex(of: ":") else { throw ReviewSideError("\(spec): a git side is REF:PATH") }
        let ref = String(spec[..<colon])
        var path = String(spec[spec.index(after: colon)...])
        while path.hasPrefix("./") { path.removeFirst(2) }
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard !ref.isEmpty, !ref.hasPrefix("-"), !path.hasPrefix("-"), !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
            throw ReviewSideError("\(spec): a git side is REF:PATH, PATH inside the repository")
        }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let archive = scratch.appendingPathComponent("side.tar")
        try runGit(["-C", repository.path, "archive", "--format=tar", "-o", archive.path, "\(ref):\(path.isEmpty ? "." : path)"], spec: spec)
        let extracted = scratch.appendingPathComponent("side")
        try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
        try run("/usr/bin/env", ["tar", "-xf", archive.path, "-C", extracted.path], spec: spec)
        try? FileManager.default.removeItem(at: archive)
        return ReviewSide(name: spec, folders: [extracted])
    }

    private static func runGit(_ arguments: [String], spec: String) throws {
        try run("/usr/bin/env", ["git"] + arguments, spec: spec)
    }

    private static func run(_ executable: String, _ arguments: [String], spec: String) throws {
        let result = ExternalTool.run(executable, arguments)
        guard result.status == 0 else {
            let text = result.errors.trimmingCharacters(in: .whitespacesAndNewlines)
            throw ReviewSideError("\(spec): \(arguments[0]) failed: \(text.isEmpty ? "exit \(result.status)" : text)")
        }
    }

    /// The side's `samples/` folders: the alerts a team keeps with its templates. Their files are read through
    /// `sampleFiles()`, which refuses a link out of the side.
    public var sampleFolders: [URL] {
        folders.map { $0.appendingPathComponent("samples") }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// The alert files (`.json`, `.ndjson`, `.jsonl`) of the side's `samples/` folders, searched recursively, each
    /// folder's in path order. A side's samples are its own files, as its templates and catalogs are: a symbolic link
    /// (or `samples/` itself) may lead to another file or folder of the side's templates folder, never out of it, and
    /// one that does is an error naming it, found before anything it leads to is read. A folder reached twice is read
    /// once; what is neither a regular file nor a folder is left out.
    public func sampleFiles() throws -> [URL] {
        var files: [URL] = []
        for folder in folders {
            let samples = folder.appendingPathComponent("samples")
            var status = stat()
            guard lstat(samples.path, &status) == 0 else { continue }
            var found: [(key: String, url: URL)] = []
            var visited: Set<String> = []
            try walkSamples(samples, key: "samples", root: folder, visited: &visited, into: &found)
            files += found.sorted { $0.key < $1.key }.map(\.url)
        }
        return files
    }

    private func walkSamples(_ url: URL, key: String, root: URL, visited: inout Set<String>, into found: inout [(key: String, url: URL)]) throws {
        var link = stat()
        guard lstat(url.path, &link) == 0 else { return }
        if link.st_mode & S_IFMT == S_IFLNK, let outside = TemplateFolder.linkLeaving(url, root: root) {
            throw ReviewSideError("\(name): \(key) is a link to \(outside), outside the templates folder; copy the alerts into the folder instead")
        }
        var status = stat()
        guard stat(url.path, &status) == 0 else { return }  // a link to nothing: no alerts
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            guard visited.insert("\(status.st_dev):\(status.st_ino)").inserted else { return }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() {
                try walkSamples(url.appendingPathComponent(name), key: key + "/" + name, root: root, visited: &visited, into: &found)
            }
        case S_IFREG:
            if key != "samples", ["json", "ndjson", "jsonl"].contains(url.pathExtension.lowercased()) { found.append((key, url)) }
        default:
            break
        }
    }

    /// Whether `other` renders a view as this side does: the same files in every folder but `catalog/` and
    /// `samples/`. Then two equal views make the same document on both sides, and a review renders it once.
    func rendersLike(_ other: ReviewSide) -> Bool {
        guard let mine = renderingFiles(), let theirs = other.renderingFiles() else { return false }
        return mine == theirs
    }

    /// Whether `format` renders a view on `other` as on this side: a template format whose own files and the
    /// folders' partials are the same text, or a built-in format (the page, Markdown, text, JSON) where the files
    /// beside the templates (`page/`, `icons/`) are the same. Then both sides can share one emitter, and its caches.
    func rendersLike(_ other: ReviewSide, format: String, emitter: any AlertEmitter) -> Bool {
        guard let mine = renderingFiles(), let theirs = other.renderingFiles() else { return false }
        if emitter is TemplateFormat || emitter is EmailFormat {
            func partials(_ files: [String: Data]) -> [String: Data] {
                files.filter { $0.key.hasSuffix(".mustache") && $0.key.split(separator: "/").last?.split(separator: ".").count == 2 }
            }
            return ChangeSources.files(self, format: format) == ChangeSources.files(other, format: format)
                && partials(mine) == partials(theirs)
        }
        func besideTemplates(_ files: [String: Data]) -> [String: Data] {
            files.filter { !$0.key.hasPrefix("formats/") && !(!$0.key.contains("/") && $0.key.hasSuffix(".mustache")) }
        }
        return besideTemplates(mine) == besideTemplates(theirs)
    }

    /// The files that decide how a view renders (templates, page, icons), by path within their folder, later folders
    /// winning; nil when a folder cannot be read.
    private func renderingFiles() -> [String: Data]? {
        var files: [String: Data] = [:]
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return nil }
            for case let url as URL in walker {
                // A link out of the folder is not read (nor walked: it may lead to /); a template, catalog, icon or
                // page file that is one is refused when the side loads it.
                if TemplateFolder.linkLeaving(url, root: folder) != nil {
                    walker.skipDescendants()
                    continue
                }
                let relative = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
                guard !relative.hasPrefix("catalog/"), !relative.hasPrefix("samples/"), relative != "catalog", relative != "samples",
                      (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                guard let data = try? Data(contentsOf: url) else { return nil }
                files[relative] = data
            }
        }
        return files
    }

    /// The formats this side renders: the built-in ones and the side's templates.
    func formats() throws -> FormatRegistry {
        try extensions.formats(templates: folders)
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

/// A side that cannot be read: a git REF:PATH git does not know, a folder that is not there.
public struct ReviewSideError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the side.
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Runs another program (git, tar, a browser) and waits for it.
package enum ExternalTool {
    /// Runs `executable` with `arguments`, its output discarded; its exit status (-1 when it cannot start) and what
    /// it wrote to standard error.
    package static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, "cannot start \(executable)") }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
