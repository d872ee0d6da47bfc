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

    /// The Markdown, the shared blocks' CommonMark (rendered once per kind of advice) held as shared runs.
    ///
    /// A shared block met for the first time beside known ones costs no rendering of its own: the document is
    /// rendered whole (the reference), and the block's run is the part of it that stands where the block's line
    /// stands in the document with its shared lines (`CMark.commonMarkWithSharedLines`), so that this document
    /// spliced is the whole one by construction. When several blocks are new at once, each is rendered alone and
    /// the document so made is compared with the whole. A block whose run cannot be so found is rendered in place
    /// for every alert.
    public func renderDocument(_ view: AlertView, options: RenderOptions) -> RenderedDocument {
        let blocks = DocumentLayout.blocks(for: view, medium: .document)
        var keys: [LayoutKey] = []
        for case .shared(let key) in blocks.flatMap(Self.sharedBlocks) { keys.append(key) }
        let known = keys.map { shared.value(for: $0) }
        let whole = { RenderedDocument(bytes: Array(CMark.commonMark(blocks).utf8)) }
        // A block whose rendering alone did not fit in place is rendered in place: nothing to splice.
        guard !known.contains(where: { $0 != nil && $0! == nil }) else { return whole() }
        let fresh = known.indices.filter { known[$0] == nil }
        if fresh.isEmpty {
            return Self.spliced(CMark.commonMarkWithSharedLines(blocks), known.map { $0! }) ?? whole()
        }
        let withLines = CMark.commonMarkWithSharedLines(blocks)
        let reference = whole()
        if fresh.count == 1, let run = Self.run(at: fresh[0], of: reference.bytes, in: withLines, known: known.map { $0 ?? nil }) {
            shared.set(run, for: keys[fresh[0]])
            return reference
        }
        let runs = keys.map { key in
            shared.value(for: key) { SharedRun(bytes: Array(CMark.commonMark(key.blocks()).utf8)) }
        }
        if runs.contains(where: { $0 == nil }) || Self.spliced(withLines, runs)?.bytes != reference.bytes {
            for key in keys { shared.set(nil, for: key) }
        }
        return reference
    }

    /// The run of shared block number `index`: what `whole` holds where `rendering` (the document with its shared
    /// lines) has that block's line, the other lines' `known` runs put in place; `nil` when `whole` does not begin
    /// and end as `rendering` does around that line, or the run would not end a line.
    private static func run(at index: Int, of whole: [UInt8], in rendering: [UInt8], known: [SharedRun?]) -> SharedRun? {
        var runs = known
        runs[index] = SharedRun(bytes: Array((CMark.sharedLine + "\n").utf8))  // the line stays: its place is found below
        guard let document = spliced(rendering, runs)?.bytes else { return nil }
        let line = Array((CMark.sharedLine + "\n").utf8)
        var starts: [Int] = []
        var offset = 0
        while offset + line.count <= document.count {
            if document[offset] == line[0], document[offset...].starts(with: line) { starts.append(offset) }
            offset += 1
        }
        guard starts.count == 1, let start = starts.first else { return nil }  // a run that holds the line is ambiguous
        let before = document[..<start], after = document[(start + line.count)...]
        guard whole.count >= before.count + after.count, whole.starts(with: before),
              whole[(whole.count - after.count)...].elementsEqual(after) else { return nil }
        let run = Array(whole[before.count..<(whole.count - after.count)])
        guard run.last == 0x0A else { return nil }
        return SharedRun(bytes: run)
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
