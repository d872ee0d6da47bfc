import AlertTemplates
import Foundation

/// The inline SVG icons under `Templates/icons/`, by name; a name without a drawing gets the generic one.
///
/// The markup is built once per icon, with attributes in single quotes: the icon files hold no `'`, and a page
/// embedded in JSON (`alertkit batch --ndjson`) then needs no escape inside its icons.
struct IconSet: Sendable {
    private var drawings: [String: String]
    private var markups: [String: String] = [:]

    /// The icons that ship with AlertKit.
    static let shipped = IconSet()

    private init() {
        drawings = [:]
        let names = (try? FileManager.default.contentsOfDirectory(
            atPath: AlertTemplates.directory.appendingPathComponent("icons").path)) ?? []
        for file in names where file.hasSuffix(".svg") {
            let name = String(file.dropLast(4))
            if let svg = AlertTemplates.text("icons/" + file) {
                drawings[name] = svg.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\"", with: "'")
            }
        }
        for name in drawings.keys { markups[name] = Self.markup(name, drawings[name] ?? "") }
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
