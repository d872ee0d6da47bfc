import AlertPresentation
import AlertRendering

/// A format of its own: one CSV row per alert (`id,severity,urgent,title,first step`), quoted as RFC 4180 asks,
/// with a leading `'` before `= + - @` so that no alert text becomes a spreadsheet formula.
struct CSVEmitter: AlertEmitter {
    let format = OutputFormat(name: "csv", mediaType: "text/csv; charset=utf-8", fileExtension: "csv",
                              summary: "one CSV row per alert")

    func render(_ view: AlertView, options: RenderOptions) throws -> String {
        let fields = [view.id, String(view.severity), view.urgent ? "urgent" : "", view.title,
                      view.nextSteps.items.first?.text ?? ""]
        return fields.map(Self.quoted).joined(separator: ",") + "\r\n"
    }

    static func quoted(_ field: String) -> String {
        var text = field
        if let first = text.first, "=+-@".contains(first) { text = "'" + text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
