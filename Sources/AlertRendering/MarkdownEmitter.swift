import AlertModel
import AlertPresentation

/// CommonMark through cmark's own renderer, from the same layout as the HTML page: the same content in the
/// same order, every alert value escaped so that no renderer turns it into markup.
public struct MarkdownEmitter: AlertEmitter {
    /// The CommonMark of shared blocks (the advice, the buttons and popups) by key; `nil` for blocks whose rendering
    /// alone, put in place, did not give the whole document's.
    private let shared = BoundedCache<LayoutKey, SharedRun?>(limit: 1024)

    /// Creates the emitter.
    public init() {}

    /// `markdown`, `text/markdown`.
    public let format = OutputFormat(name: "markdown", aliases: ["md", "commonmark"],
                                     mediaType: "text/markdown; charset=utf-8", fileExtension: "md",
                                     summary: "CommonMark")

    /// The Markdown document.
    public func render(_ view: AlertView, options: RenderOptions) -> String {
        String(decoding: renderDocument(view, options: options).bytes, as: UTF8.self)
    }

    /// The Markdown, the shared blocks' CommonMark (rendered once per kind of advice) held as shared runs. The first
    /// time a shared block is met, the document so made is compared with cmark's rendering of the whole; if they
    /// differ, that block is rendered in place for every alert.
    public func renderDocument(_ view: AlertView, options: RenderOptions) -> RenderedDocument {
        let blocks = DocumentLayout.blocks(for: view)
        var keys: [(LayoutKey, @Sendable () -> [LayoutBlock])] = []
        for case .shared(let key, let make) in blocks.flatMap(Self.sharedBlocks) { keys.append((key, make)) }
        var fresh = false
        let runs = keys.map { key, make in
            shared.value(for: key) {
                fresh = true
                return SharedRun(bytes: Array(CMark.commonMark(make()).utf8))
            }
        }
        let whole = { RenderedDocument(bytes: Array(CMark.commonMark(blocks).utf8)) }
        // A block whose rendering alone did not fit in place is rendered in place: nothing to splice.
        guard !runs.contains(where: { $0 == nil }),
              let document = Self.spliced(CMark.commonMarkWithSharedLines(blocks), runs) else { return whole() }
        if fresh {
            let reference = whole()
            if document.bytes != reference.bytes {
                for (key, _) in keys { shared.set(nil, for: key) }
                return reference
            }
        }
        return document
    }

    /// The shared blocks among `block` and its children.
    private static func sharedBlocks(_ block: LayoutBlock) -> [LayoutBlock] {
        switch block {
        case .shared: [block]
        case .container(_, let children), .quote(let children): children.flatMap(sharedBlocks)
        default: []
        }
    }

    /// `rendering` with each shared line replaced by its run; `nil` if a run is missing, the lines do not match the
    /// runs, or a run does not end a line as the shared line does.
    private static func spliced(_ rendering: [UInt8], _ runs: [SharedRun?]) -> RenderedDocument? {
        let line = Array((CMark.sharedLine + "\n").utf8)
        var builder = DocumentBuilder(capacity: rendering.count)
        var index = 0, start = 0, next = 0
        while index < rendering.count {
            guard rendering[index] == line[0], rendering[index...].starts(with: line) else { index += 1; continue }
            guard next < runs.count, let run = runs[next], run.bytes.last == 0x0A else { return nil }
            builder.own.append(contentsOf: rendering[start..<index])
            builder.insert(run)
            next += 1
            index += line.count
            start = index
        }
        builder.own.append(contentsOf: rendering[start...])
        guard next == runs.count else { return nil }
        return builder.document()
    }
}
