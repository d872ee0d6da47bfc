import AlertTemplates
import Foundation

/// The inline SVG icons under `Templates/icons/`, by name; a name without a drawing gets the generic one.
struct IconSet: Sendable {
    private var drawings: [String: String]

    /// The icons that ship with AlertKit.
    static let shipped = IconSet()

    private init() {
        drawings = [:]
        let names = (try? FileManager.default.contentsOfDirectory(
            atPath: AlertTemplates.directory.appendingPathComponent("icons").path)) ?? []
        for file in names where file.hasSuffix(".svg") {
            let name = String(file.dropLast(4))
            if let svg = AlertTemplates.text("icons/" + file) {
                drawings[name] = svg.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
    }

    /// The markup of an icon: a decorative span holding the SVG, named by `data-icon`.
    func markup(_ name: String) -> String {
        let svg = drawings[name] ?? drawings["ic-generic"] ?? ""
        return "<span class=\"icon\" data-icon=\"\(CMark.escapeHTML(name))\" aria-hidden=\"true\">\(svg)</span>"
    }

    /// Whether an icon has its own drawing.
    func has(_ name: String) -> Bool { drawings[name] != nil }
}
