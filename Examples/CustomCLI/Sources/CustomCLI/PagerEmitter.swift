import AlertPresentation
import AlertRendering

/// Acme's own format, `pager`: one line for the on-call pager and the audit log, `URGENT 4930982:900 Loyalty Card
/// Number Leaked (0.6)`. Control characters and line breaks in the alert's text become spaces, so a line stays one.
struct PagerEmitter: AlertEmitter {
    let format = OutputFormat(name: "pager", mediaType: "text/plain; charset=utf-8", fileExtension: "txt",
                              summary: "one line for a pager or a log (Acme's own format)")

    func render(_ view: AlertView, options: RenderOptions) throws -> String {
        let line = "\(view.urgent ? "URGENT" : "notice") \(view.id) \(view.title) (\(view.severity))"
        return String(line.map { $0.isNewline || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true ? " " : $0 }) + "\n"
    }
}
