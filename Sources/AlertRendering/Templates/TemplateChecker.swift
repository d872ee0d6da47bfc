import AlertJSON
import AlertModel
import AlertPresentation
import Foundation
import TemplateCompiler

/// Checks template folders the way `alertkit templates check` reports them: every template that does not parse
/// (file, line, column and what the parser expected), and every variable or section name that is not in the view model,
/// with the closest name that is.
public struct TemplateChecker: Sendable {
    /// One problem in one file: a `TemplateError` (file, line, column and message), the rendering layer's one
    /// problem type.
    public typealias Problem = TemplateError

    /// The names a template may use: the type of its context (`ContextType.templateContext`).
    let names = NameCheck(root: .templateContext)

    /// A checker for the view model of this version of AlertKit.
    public init() {}

    /// Every problem of the templates in `folders` (and their `formats/`), in file order.
    public func check(_ folders: [URL]) -> [Problem] {
        var problems: [Problem] = []
        for folder in folders { problems += Self.linksOut(folder) }
        for folder in folders {
            for top in [folder, folder.appendingPathComponent("formats")] {
                guard let entries = try? FileManager.default.contentsOfDirectory(atPath: top.path).sorted() else { continue }
                // The folder's templates, then those of the folder formats in a `formats/` (`formats/email/`).
                let directories = [top] + entries.filter { top.lastPathComponent == "formats" && !$0.hasPrefix(".") && !$0.hasSuffix(".mustache") }
                    .map { top.appendingPathComponent($0) }.filter { $0.hasDirectoryPath || Self.isDirectory($0) }
                for directory in directories {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() else { continue }
                var parsed: [(name: String, file: String, tree: TemplateTree, size: Int)] = []
                for name in names where name.hasSuffix(".mustache") && !name.hasPrefix(".") {
                    let url = directory.appendingPathComponent(name)
                    if TemplateFolder.linkLeaving(url, root: folder) != nil { continue }  // reported by linksOut
                    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                        problems.append(Problem(file: url.path, line: 1, column: 1, message: "cannot be read as UTF-8 text"))
                        continue
                    }
                    problems += check(text, file: url.path)
                    if let tree = try? TemplateTree(parsing: text, file: url.path) {
                        parsed.append((String(name.dropLast(".mustache".count)), url.path, tree, text.utf8.count))
                    }
                    let parts = name.dropLast(".mustache".count).split(separator: ".")
                    let firstLine = text.prefix(while: { $0 != "\n" })
                    if directory.deletingLastPathComponent().lastPathComponent != "formats", parts.count == 2,
                       TemplateEscaping(fileExtension: String(parts[1])) == nil, !firstLine.contains("alertkit: escape=") {
                        problems.append(Problem(file: url.path, line: 1, column: 1, message:
                            "AlertKit knows no escaping for .\(parts[1]) output; name one on the first line, "
                            + "{{! alertkit: escape=NAME }}, NAME one of "
                            + TemplateEscaping.allCases.map(\.rawValue).joined(separator: ", ")))
                    }
                }
                problems += PartialGraph(parsed).problems
                }
            }
        }
        return problems
    }

    /// Every symbolic link in `folder` (at any depth) that leads out of it: templates, catalogs, icons and page files
    /// are the folder's own, and AlertKit refuses to read through such a link.
    static func linksOut(_ folder: URL) -> [Problem] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isSymbolicLinkKey]) else { return [] }
        var problems: [Problem] = []
        for case let url as URL in walk {
            guard (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true,
                  let outside = TemplateFolder.linkLeaving(url, root: folder) else { continue }
            problems.append(Problem(file: url.path, line: 1, column: 1, message:
                "is a link to \(outside), outside the templates folder \(folder.path); AlertKit does not read through it: "
                + "copy the file into the folder instead"))
        }
        return problems.sorted { $0.file < $1.file }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    /// The problems of one template's text: a syntax error, or what `NameCheck` finds (each partial it includes is
    /// checked as a file of its own, in the view's context). A problem that is an error (a transform given a value it
    /// does not take) has `isError`.
    public func check(_ text: String, file: String) -> [Problem] {
        let tree: TemplateTree
        do { tree = try TemplateFormats.tree(text, file: file) } catch { return [error] }
        return names.check(tree).map { finding in
            Problem(file: finding.diagnostic.file, line: finding.diagnostic.line, column: finding.diagnostic.column,
                    message: (finding.kind == .nestedRepetition ? "warning: " : "") + finding.diagnostic.message,
                    isError: finding.severity == .error)
        }
    }
}
