import AlertJSON
import AlertModel
import AlertPresentation
import CMarkArena
import Ccmark
import Foundation

/// The one place that talks to cmark: builds a node tree from a layout and renders it as HTML (safe mode)
/// or CommonMark. Every value from an alert goes into a text node, which cmark escapes.
enum CMark {
    /// Renders blocks as HTML. Containers, buttons and icons become trusted custom nodes; `icons` gives the markup
    /// for an icon name, and caches the markup of shared blocks drawn with it.
    static func html(_ blocks: [LayoutBlock], icons: IconSet) -> String {
        var html = ""
        self.html(blocks, icons: icons) { html = String(decoding: $0, as: UTF8.self) }
        return html
    }

    /// Renders blocks as HTML and hands cmark's UTF-8 to `body`, without making a `String` of it.
    static func html(_ blocks: [LayoutBlock], icons: IconSet, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        render(blocks, builder: TreeBuilder(flavor: .html, icons: icons), { cmark_render_html($0, CMARK_OPT_DEFAULT) }, body)
    }

    /// The HTML of the blocks' shape (`MarkupShape`): each text a `ShapeMarker.text` byte, each link's address
    /// `ShapeMarker.href`, each shared block a custom block of `ShapeMarker.shared` alone, and each child of a repeated
    /// container one of `ShapeMarker.nested`.
    static func shapeHTML(_ blocks: [LayoutBlock], icons: IconSet) -> [UInt8] {
        var bytes: [UInt8] = []
        render(blocks, builder: TreeBuilder(flavor: .html, icons: icons, markers: true),
               { cmark_render_html($0, CMARK_OPT_DEFAULT) }) { bytes = Array($0) }
        return bytes
    }

    /// Renders blocks as CommonMark. The only custom nodes are fixed backslash escapes (`appendEscaped`), so nothing
    /// from an alert passes through unescaped.
    static func commonMark(_ blocks: [LayoutBlock], width: Int = 0) -> String {
        var markdown = ""
        render(blocks, builder: TreeBuilder(flavor: .commonMark, icons: nil),
               { cmark_render_commonmark($0, CMARK_OPT_DEFAULT, Int32(width)) }) { markdown = String(decoding: $0, as: UTF8.self) }
        return markdown
    }

    /// The CommonMark of the blocks with each shared block a paragraph of `sharedLine` alone, as UTF-8.
    static func commonMarkWithSharedLines(_ blocks: [LayoutBlock], width: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        render(blocks, builder: TreeBuilder(flavor: .commonMark, icons: nil, markers: true),
               { cmark_render_commonmark($0, CMARK_OPT_DEFAULT, Int32(width)) }) { bytes = Array($0) }
        return bytes
    }

    /// `text` without white space and line breaks at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives (space separators, U+0009–U+000D, U+0085, line and
    /// paragraph separators, scalar by scalar), without bridging to `NSString`.
    static func trimmingWhiteSpace(_ text: String) -> String {
        func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09...0x0D, 0x20, 0x85: return true
            case 0x00...0x7F: return false
            default:
                switch scalar.properties.generalCategory {
                case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
                default: return false
                }
            }
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhiteSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isWhiteSpace($0) })!
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return text }
        return String(scalars[first...last])
    }

    /// What stands for shared blocks in `commonMarkWithSharedLines`: bytes no escaped text holds (control characters
    /// are made visible first).
    static let sharedLine = "\u{1}shared\u{1}"

    /// Escapes text for HTML content or an attribute value in either kind of quotes: `"`, `&`, `<`, `>` as cmark
    /// escapes text nodes, and `'` too (which cmark leaves alone), for the single-quoted attributes of icons.
    static func escapeHTML(_ text: String) -> String {
        func special(_ byte: UInt8) -> Bool { byte == 0x22 || byte == 0x26 || byte == 0x27 || byte == 0x3C || byte == 0x3E }
        guard text.utf8.withContiguousStorageIfAvailable({ $0.contains(where: special) }) ?? text.utf8.contains(where: special) else {
            return text
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x22: out.append(contentsOf: "&quot;".utf8)
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x27: out.append(contentsOf: "&#39;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Builds the tree, renders it with `renderer` and hands the output's bytes to `body` (empty if cmark fails).
    /// The tree, its strings and the output come from the thread's arena (`CMarkArena`), given back at once when
    /// the rendering ends: a node and its text are no longer an allocation each.
    private static func render(_ blocks: [LayoutBlock], builder: TreeBuilder,
                               _ renderer: (OpaquePointer) -> UnsafeMutablePointer<CChar>?,
                               _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let memory = alertkit_arena_enter().assumingMemoryBound(to: cmark_mem.self)
        defer { alertkit_arena_leave() }
        guard let document = cmark_node_new_with_mem(CMARK_NODE_DOCUMENT, memory) else {
            return body(UnsafeBufferPointer(start: nil, count: 0))
        }
        defer { cmark_node_free(document) }
        var builder = builder
        builder.memory = memory
        builder.append(blocks, to: document)
        guard let output = renderer(document) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { if !alertkit_arena_owns(output) { free(output) } }  // cmark may render into the C library's memory
        output.withMemoryRebound(to: UInt8.self, capacity: 1) { body(UnsafeBufferPointer(start: $0, count: strlen(output))) }
    }
}

private struct TreeBuilder {
    enum Flavor { case html, commonMark }

    let flavor: Flavor
    let icons: IconSet?
    /// HTML: lay out the shape, markers in place of texts, addresses and shared blocks (`CMark.shapeHTML`); CommonMark:
    /// a marker line in place of each shared block (`CMark.commonMarkWithSharedLines`).
    var markers = false
    /// Where the nodes come from: the document's allocator (`CMark.render` sets it to the thread's arena).
    var memory: UnsafeMutablePointer<cmark_mem>?

    init(flavor: Flavor, icons: IconSet?, markers: Bool = false) {
        self.flavor = flavor
        self.icons = icons
        self.markers = markers
    }

    /// A new node of `type` from `memory`.
    private func newNode(_ type: cmark_node_type) -> OpaquePointer {
        (memory.map { cmark_node_new_with_mem(type, $0) } ?? cmark_node_new(type))!
    }

    func append(_ blocks: [LayoutBlock], to parent: OpaquePointer) {
        for block in blocks { append(block, to: parent) }
    }

    private func append(_ block: LayoutBlock, to parent: OpaquePointer) {
        switch block {
        case .container(let container, let children):
            switch flavor {
            case .html:
                let node = custom(CMARK_NODE_CUSTOM_BLOCK, enter: openTag(container), exit: "</\(container.tag)>")
                if markers && container.repeated {
                    for _ in children {
                        attach(custom(CMARK_NODE_CUSTOM_BLOCK, enter: String(UnicodeScalar(ShapeMarker.nested)), exit: ""), to: node)
                    }
                } else {
                    append(children, to: node)
                }
                attach(node, to: parent)
            case .commonMark where container.quoted:
                let quote = newNode(CMARK_NODE_BLOCK_QUOTE)
                append(children, to: quote)
                attach(quote, to: parent)
            case .commonMark:
                append(children, to: parent)
            }
        case .heading(let level, let inlines):
            let heading = newNode(CMARK_NODE_HEADING)
            cmark_node_set_heading_level(heading, Int32(level))
            append(inlines, to: heading)
            attach(heading, to: parent)
        case .paragraph(let inlines, let role):
            if flavor == .commonMark, inlines.allSatisfy({ if case .icon = $0 { true } else { false } }) { return }
            let paragraph = newNode(CMARK_NODE_PARAGRAPH)
            append(inlines, to: paragraph)
            if flavor == .html, let role {
                let wrapper = custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<div class=\"\(role)\">", exit: "</div>")
                attach(paragraph, to: wrapper)
                attach(wrapper, to: parent)
            } else {
                attach(paragraph, to: parent)
            }
        case .quote(let children):
            let quote = newNode(CMARK_NODE_BLOCK_QUOTE)
            append(children, to: quote)
            attach(quote, to: parent)
        case .shared(let key):
            if flavor == .commonMark && markers {
                // A paragraph of the marker alone: its line is where the blocks' own rendering goes.
                let paragraph = newNode(CMARK_NODE_PARAGRAPH)
                attach(custom(CMARK_NODE_CUSTOM_INLINE, enter: CMark.sharedLine, exit: ""), to: paragraph)
                return attach(paragraph, to: parent)
            }
            guard flavor == .html else { return append(key.blocks(), to: parent) }
            // Rendered alone, the blocks give the same markup as in place: each starts and ends a line.
            guard let icons else { return append(key.blocks(), to: parent) }
            if markers {
                return attach(custom(CMARK_NODE_CUSTOM_BLOCK, enter: String(UnicodeScalar(ShapeMarker.shared)), exit: ""), to: parent)
            }
            let run = icons.sharedMarkup.value(for: key) { SharedRun(CMark.html(key.blocks(), icons: icons)) }
            attach(custom(CMARK_NODE_CUSTOM_BLOCK, enter: run.markup, exit: ""), to: parent)
        case .list(let items):
            let list = newNode(CMARK_NODE_LIST)
            cmark_node_set_list_type(list, CMARK_BULLET_LIST)
            cmark_node_set_list_tight(list, 1)
            for item in items {
                let node = newNode(CMARK_NODE_ITEM)
                append(item, to: node)
                attach(node, to: list)
            }
            attach(list, to: parent)
        }
    }

    private func append(_ inlines: [LayoutInline], to parent: OpaquePointer) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                // Control characters become visible (a NUL would also end the C string early).
                let visible = ControlCharacters.visible(text)
                switch flavor {
                case .html where markers: attach(textNode(String(UnicodeScalar(ShapeMarker.text))), to: parent)
                case .html: attach(textNode(visible), to: parent)
                case .commonMark: appendEscaped(visible, to: parent)
                }
            case .strong(let children):
                // `** **` is a thematic break and `** x **` no emphasis at all: Markdown's strong text holds the
                // words alone, with the white space around them outside it.
                if flavor == .commonMark, case .text(let text)? = children.first, children.count == 1 {
                    let trimmed = CMark.trimmingWhiteSpace(text)
                    if trimmed.isEmpty { continue }
                    if trimmed != text { append([.strong([.text(trimmed)])], to: parent); continue }
                }
                let node = newNode(CMARK_NODE_STRONG)
                append(children, to: node)
                attach(node, to: parent)
            case .link(let url, let children):
                let node = newNode(CMARK_NODE_LINK)
                (markers && flavor == .html ? ShapeMarker.href : url).withCString { _ = cmark_node_set_url(node, $0) }
                append(children, to: node)
                attach(node, to: parent)
            case .icon(let name):
                guard flavor == .html else { continue }
                attach(custom(CMARK_NODE_CUSTOM_INLINE, enter: icons?.markup(name) ?? "", exit: ""), to: parent)
            case .button(let button):
                switch flavor {
                case .html:
                    let action = button.closes ? "hide" : "show"
                    let enter = "<button type=\"button\" class=\"\(button.role)\" popovertarget=\"\(button.popup)\""
                        + " popovertargetaction=\"\(action)\">"
                    let node = custom(CMARK_NODE_CUSTOM_INLINE, enter: enter, exit: "</button>")
                    append([.text(button.label)], to: node)
                    attach(node, to: parent)
                case .commonMark:
                    append([.strong([.text(button.label)])], to: parent)
                }
            case .call(let label, let line, let role):
                switch flavor {
                case .html:
                    // `line.uri` is `tel:` and digits only (HelpLine builds it), so it needs no escaping.
                    let node = custom(CMARK_NODE_CUSTOM_INLINE, enter: "<a class=\"\(role) call\" href=\"\(line.uri)\">", exit: "</a>")
                    append([.text(label)], to: node)
                    attach(node, to: parent)
                case .commonMark:
                    // A document is read, not only clicked: the number shows beside the label.
                    append([.link(url: line.uri, [.strong([.text(label)]), .text(" " + line.display)])], to: parent)
                }
            }
        }
    }

    private func textNode(_ literal: String) -> OpaquePointer {
        let node = newNode(CMARK_NODE_TEXT)
        literal.withCString { _ = cmark_node_set_literal(node, $0) }
        return node
    }

    /// Appends Markdown text that no CommonMark or GFM renderer turns into anything but text. cmark escapes
    /// what CommonMark gives a meaning to; on top of that a backslash goes before each character that lets a
    /// GFM renderer or a linkifier see a construct: `@` (e-mail autolinks), `:` before `/` (URLs), `.` between
    /// letters or digits (`www.` and bare domains), `~` (strikethrough) and `|` (tables). cmark-gfm finds e-mail
    /// addresses after escapes are resolved, so an invisible WORD JOINER (U+2060) also goes before each `@`. The
    /// escapes are fixed strings in custom nodes; the text itself stays in text nodes.
    /// Spaces and tabs that start a block are dropped (a reader sees none): cmark writes them as they are, and a
    /// renderer would read them as indentation, making ` 1. x` a list or four spaces a code block.
    private func appendEscaped(_ original: String, to parent: OpaquePointer) {
        var text = original
        if cmark_node_first_child(parent) == nil, text.utf8.first == 0x20 || text.utf8.first == 0x09 {
            text = String(text.drop { $0 == " " || $0 == "\t" })
        }
        let original = text
        text.withUTF8 { utf8 in
            let count = utf8.count
            var runStart = 0
            for index in 0..<count {
                let byte = utf8[index]
                // Only these five bytes can call for an escape; everything else is passed over at once.
                guard byte == 0x2E || byte == 0x3A || byte == 0x40 || byte == 0x7C || byte == 0x7E else { continue }
                let escaped: Bool
                switch byte {
                case UInt8(ascii: ":"): escaped = index + 1 < count && utf8[index + 1] == UInt8(ascii: "/")
                case UInt8(ascii: "."):
                    escaped = index > 0 && index + 1 < count && Self.isWordByte(utf8[index - 1]) && Self.isWordByte(utf8[index + 1])
                default: escaped = true  // @ ~ |
                }
                guard escaped else { continue }
                if runStart < index {
                    attach(textNode(String(decoding: UnsafeBufferPointer(rebasing: utf8[runStart..<index]), as: UTF8.self)), to: parent)
                }
                let escape = (byte == UInt8(ascii: "@") ? "\u{2060}\\" : "\\") + String(UnicodeScalar(byte))
                attach(custom(CMARK_NODE_CUSTOM_INLINE, enter: escape, exit: ""), to: parent)
                runStart = index + 1
            }
            if runStart == 0 {
                attach(textNode(original), to: parent)
            } else if runStart < utf8.count {
                attach(textNode(String(decoding: UnsafeBufferPointer(rebasing: utf8[runStart...]), as: UTF8.self)), to: parent)
            }
        }
    }

    /// A letter, a digit, or part of a non-ASCII character.
    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    private func openTag(_ container: LayoutContainer) -> String {
        var tag = "<\(container.tag) class=\"\(container.role)\""
        for (name, value) in container.attributes {
            tag += " \(name)=\"\(CMark.escapeHTML(value))\""
        }
        return tag + ">"
    }

    private func custom(_ type: cmark_node_type, enter: String, exit: String) -> OpaquePointer {
        // `withCString`, not the implicit conversion: that copies a short string into an array on the heap.
        let node = newNode(type)
        enter.withCString { _ = cmark_node_set_on_enter(node, $0) }
        exit.withCString { _ = cmark_node_set_on_exit(node, $0) }
        return node
    }

    private func attach(_ child: OpaquePointer, to parent: OpaquePointer) {
        if cmark_node_append_child(parent, child) == 0 {
            // cmark refused the child (a nesting it does not allow): free it rather than leak it.
            assertionFailure("cmark refused a child node")
            cmark_node_free(child)
        }
    }
}
