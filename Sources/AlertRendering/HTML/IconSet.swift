import AlertPresentation
import AlertModel
import AlertTemplates
import Foundation

/// The inline SVG icons by name: the shipped `Templates/icons/`, then each templates folder's `icons/NAME.svg`
/// (later ones win); a name without a drawing gets `ic-generic`.
///
/// The markup is built once per icon, with attributes in single quotes: the page embedded in JSON
/// (`alertkit batch --ndjson`) then needs no escape inside its icons.
struct IconSet: Sendable {
    private var drawings: [String: String] = [:]
    private var markups: [String: String] = [:]
    /// The markup of shared blocks drawn with these icons: 1,024 of them (the 1-million feed has between 512 and 1,024
    /// kinds of advice in use; with 512 it rendered them again and again).
    let sharedMarkup = BoundedCache<LayoutKey, SharedRun>(limit: 1024)
    /// The shapes of layouts drawn with these icons; `nil` for a shape that only cmark renders exactly.
    let shapes = BoundedCache<ShapeKey, MarkupShape?>(limit: 1024)

    /// The icons that ship with AlertKit.
    static let shipped: IconSet = {
        do { return try IconSet(folders: []) } catch { fatalError("AlertKit's icons are broken: \(error)") }
    }()

    /// The shipped icons with those of `folders`' `icons/` over them. A drawing that is not an `<svg>` element, or
    /// that holds a script, an event handler or a `javascript:` URL, is an error naming its file.
    init(folders: [URL]) throws(TemplateError) {
        for folder in [AlertTemplates.directory] + folders {
            let directory = folder.appendingPathComponent("icons")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for file in names.sorted() where file.hasSuffix(".svg") && !file.hasPrefix(".") {
                let url = directory.appendingPathComponent(file)
                if let outside = TemplateFolder.linkLeaving(url, root: folder) {
                    throw TemplateError(file: url.path, message: "is a link to \(outside), outside the templates folder "
                                        + "\(folder.path); copy the file into the folder instead")
                }
                guard let svg = try? String(contentsOf: url, encoding: .utf8) else {
                    throw TemplateError(file: url.path, message: "cannot be read as UTF-8 text")
                }
                // The shipped icons are part of the build and checked by the tests (`IconCheckTests`), not at each start.
                drawings[String(file.dropLast(4))] = folder == AlertTemplates.directory
                    ? Self.normalized(svg) : try Self.checked(svg, file: url.path)
            }
        }
        for (name, drawing) in drawings { markups[name] = Self.markup(name, drawing) }
    }

    /// A drawing as the markup holds it: trimmed, its attributes in single quotes.
    static func normalized(_ svg: String) -> String {
        svg.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\"", with: "'")
    }

    static func checked(_ svg: String, file: String) throws(TemplateError) -> String {
        let drawing = normalized(svg)
        let lower = drawing.lowercased()
        guard lower.hasPrefix("<svg"), lower.hasSuffix("</svg>") else {
            throw TemplateError(file: file, message: "an icon is one <svg> element")
        }
        if lower.contains("<script") || lower.contains("javascript:") || lower.contains("<foreignobject")
            || lower.range(of: #"\son[a-z]+\s*="#, options: .regularExpression) != nil {
            throw TemplateError(file: file, message: "an icon holds no script, event handler, foreignObject or javascript: URL")
        }
        if let problem = IconCheck.problem(svg.trimmingCharacters(in: .whitespacesAndNewlines)) {
            throw TemplateError(file: file, message: "an icon is a self-contained SVG of shapes and paths, referring only "
                                + "to its own #ids; this one has \(problem)")
        }
        return drawing
    }

    /// The markup of an icon: a decorative span holding the SVG, named by `data-icon`.
    func markup(_ name: String) -> String {
        markups[name] ?? Self.markup(name, drawings["ic-generic"] ?? "")
    }

    private static func markup(_ name: String, _ svg: String) -> String {
        "<span class='icon' data-icon='\(CMark.escapeHTML(name))' aria-hidden='true'>\(svg)</span>"
    }

    /// Whether an icon has its own drawing.
    func has(_ name: String) -> Bool { drawings[name] != nil }
}
