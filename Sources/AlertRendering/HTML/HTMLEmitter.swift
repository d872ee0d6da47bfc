import AlertPresentation
import Foundation

/// HTML through cmark: a standalone page (the Mustache shell in `Templates/page/`, styles inlined, icons as
/// inline SVG, popups with the `popover` attribute, no script, no external request) or, with `fragment`,
/// the alert's markup alone, as an `<article>` whose middle is a `<div>` rather than the page's `<main>`.
public struct HTMLEmitter: AlertEmitter {
    private let shell: PageShell
    let icons: IconSet

    /// Creates the emitter with the shipped page, theme and icons.
    public init() {
        shell = .shipped
        icons = .shipped
    }

    /// Creates the emitter with the page, theme and icons of `templates` folders over the shipped ones, later folders
    /// winning: `page/page.html.mustache` and `page/style.css.mustache` whole, `page/theme.json` key by key, and
    /// `icons/NAME.svg` icon by icon. Throws `TemplateError` naming the file that is missing, does not parse, has a
    /// theme key the page does not know, or holds an icon that is not a plain `<svg>`.
    public init(templates folders: [URL]) throws(TemplateError) {
        shell = folders.isEmpty ? .shipped : try PageShell(folders: folders)
        icons = folders.isEmpty ? .shipped : try IconSet(folders: folders)
    }

    /// `html`, `text/html`.
    public let format = OutputFormat(name: "html", aliases: ["htm"], mediaType: "text/html; charset=utf-8",
                                     fileExtension: "html", summary: "a standalone HTML page (or a fragment with --fragment)")

    /// The page, or the fragment.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        String(decoding: renderDocument(view, options: options).bytes, as: UTF8.self)
    }

    /// The page, or the fragment, as UTF-8.
    public func renderUTF8(_ view: AlertView, options: RenderOptions) -> [UInt8] {
        renderDocument(view, options: options).bytes
    }

    /// The page, or the fragment, with the markup it shares with other alerts held as shared runs.
    public func renderDocument(_ view: AlertView, options: RenderOptions) -> RenderedDocument {
        guard options.fragment else { return page(view) }
        // The opening tag written straight into the document: as a string it cost two allocations an alert.
        var builder = DocumentBuilder(capacity: 640)
        builder.own.append(contentsOf: #"<article class="alertkit" lang=""#.utf8)
        builder.own.append(contentsOf: CMark.escapeHTML(view.locale).utf8)
        builder.own.append(contentsOf: "\">\n".utf8)
        return document(view, standalone: false, builder: builder, suffix: "</article>\n")
    }

    /// The standalone page: the shell cut where its values go (`SplitPage`) filled with the view's, or the shell's
    /// template rendered around the alert's markup. Both give the same bytes.
    private func page(_ view: AlertView) -> RenderedDocument {
        if let split = shell.split {
            var builder = DocumentBuilder(capacity: 1024)
            let written = split.write(into: &builder, title: view.title, lang: view.locale) { builder in
                builder.own.append(contentsOf: "<div class=\"alertkit\">\n".utf8)
                guard MarkupShape.write(ShapeWalk(view: view, standalone: true), icons: icons, into: &builder) else { return false }
                builder.own.append(contentsOf: "</div>\n".utf8)
                return true
            }
            if written { return builder.document() }
        }
        let body = referenceHTML(DocumentLayout.blocks(for: view, standalone: true), prefix: "".utf8, suffix: "")
        let alert = "<div class=\"alertkit\">\n" + String(decoding: body, as: UTF8.self) + "</div>\n"
        return RenderedDocument(bytes: Array(shell.render(alert: alert, title: view.title, lang: view.locale).utf8))
    }

    /// The view's HTML between `prefix` and `suffix`: its layout's shape filled in with its texts (`MarkupShape`), or,
    /// where the shape declines, the layout rendered through cmark whole. Both give the same bytes.
    func document(_ view: AlertView, standalone: Bool, prefix: String.UTF8View, suffix: StaticString) -> RenderedDocument {
        var builder = DocumentBuilder(capacity: prefix.count + 512)
        builder.own.append(contentsOf: prefix)
        return document(view, standalone: standalone, builder: builder, suffix: suffix)
    }

    /// `document(_:standalone:prefix:suffix:)` with the prefix already in `builder`, which holds nothing else.
    private func document(_ view: AlertView, standalone: Bool, builder: DocumentBuilder, suffix: StaticString) -> RenderedDocument {
        var builder = builder
        let prefix = builder.own.count
        guard MarkupShape.write(ShapeWalk(view: view, standalone: standalone), icons: icons, into: &builder) else {
            return RenderedDocument(bytes: referenceHTML(DocumentLayout.blocks(for: view, standalone: standalone),
                                                         prefix: builder.own[..<prefix], suffix: suffix))
        }
        builder.own.append(contentsOf: UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
        return builder.document()
    }

    /// The blocks' HTML rendered through cmark whole, between `prefix` and `suffix`: what `document` must equal.
    func referenceHTML(_ blocks: [LayoutBlock], prefix: some Collection<UInt8>, suffix: StaticString) -> [UInt8] {
        var bytes = Array(prefix)
        CMark.html(blocks, icons: icons) { body in
            bytes.reserveCapacity(bytes.count + body.count + suffix.utf8CodeUnitCount)
            bytes.append(contentsOf: body)
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount))
        return bytes
    }
}
