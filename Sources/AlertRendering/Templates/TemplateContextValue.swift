import AlertJSON
import AlertPresentation
import TemplateCompiler

/// A view model as a compiled template's context (`ContextValue`): `ViewWalk`'s template walk, each object's members
/// placed at their index in `ContextType.templateContext`, strings kept as they are (the program escapes what it
/// prints, with the escaping fixed when the template compiled).
enum TemplateContextValue {
    /// The members of the context's top level that every alert with the same advice shares (`LayoutKey` holds
    /// them): a template's runs that read only these are rendered once per advice (`TemplateParts`).
    static let sharedMembers: Set<String> = ["actions", "help", "nextSteps", "risks", "sources"]

    /// The context of `view`, with `product`'s settings as `product`; with `used`, only the members of those names
    /// (what a compiled template names, `CompiledTemplate.usedNames`), the others left out.
    static func of(_ view: AlertView, product: ProductSettings, used: Set<String>? = nil) -> ContextValue {
        of(view, product: product, members: MemberSelection(used, in: .templateContext))
    }

    /// The context of `view` holding only the members `members` selects (`CompiledTemplate.usedMembers`).
    static func of(_ view: AlertView, product: ProductSettings, members: MemberSelection) -> ContextValue {
        var builder = Builder(selection: members)
        ViewWalk.walkTemplateContext(view, product: product, into: &builder)
        return builder.value
    }

    /// Builds the value from `ViewWalk`: each visit leaves its value in `value`; the types say where each member goes.
    private struct Builder: ViewVisitor {
        static var walksTemplateContext: Bool { true }
        var value: ContextValue = .boolean(false)
        /// The type of the value visited next.
        private var type: ContextType = .templateContext
        /// The objects being built, innermost last: their members' types, the values so far, where the last member
        /// was found (the walk visits members in name order, but for `alert` and `product` at the end), and the number
        /// of their first member in `selection`.
        private var objects: [(members: [ContextObject.Member], values: [ContextValue?], next: Int, first: Int)] = []
        /// Which members to build.
        private let selection: MemberSelection
        /// The number of the first member of the object visited next.
        private var first = 0

        init(selection: MemberSelection) {
            self.selection = selection
            objects.reserveCapacity(8)
        }

        @inline(__always)
        mutating func object(_ body: (inout Builder) -> Void) {
            guard case .object(let object) = type else { return value = .object([]) }
            objects.append((object.members, Array(repeating: nil, count: object.members.count), 0, first))
            body(&self)
            value = .object(objects.removeLast().values)
        }

        @inline(__always)
        mutating func key(_ name: String, _ body: (inout Builder) -> Void) {
            let top = objects.count - 1
            guard let index = Self.index(of: name, in: objects[top].members, from: objects[top].next) else { return }
            objects[top].next = index + 1
            let number = objects[top].first + index
            guard selection.selected[number] else { return }
            let (outer, outerFirst) = (type, first)
            (type, first) = (objects[top].members[index].type, selection.inner[number])
            body(&self)
            (type, first) = (outer, outerFirst)
            objects[top].values[index] = value
        }

        /// The index of the member `name`, looked for from `start` on, then from the start.
        private static func index(of name: String, in members: [ContextObject.Member], from start: Int) -> Int? {
            var index = start
            for _ in 0..<members.count {
                if index >= members.count { index = 0 }
                if members[index].name == name { return index }
                index += 1
            }
            return nil
        }

        @inline(__always)
        mutating func list<Item>(_ items: [Item], _ element: (inout Builder, Item) -> Void) {
            guard case .list(let item) = type else { return value = .list([]) }
            let outer = type
            type = item
            var values: [ContextValue] = []
            values.reserveCapacity(items.count)
            for each in items {
                element(&self, each)
                values.append(value)
            }
            type = outer
            value = .list(values)
        }

        mutating func string(_ text: String) { value = .string(text) }
        mutating func verbatim(_ text: String) { value = .verbatim(text) }
        mutating func integer(_ number: Int) { value = .integer(number) }
        mutating func number(_ number: Double) { value = .number(number) }
        mutating func boolean(_ flag: Bool) { value = .boolean(flag) }
    }

    /// An alert's id as `alert.key`: every byte but ASCII letters and digits percent-encoded (`4930982:105` →
    /// `4930982%3A105`), so that it reads the same in every output and needs no escaping (no escaping changes it):
    /// what a button's data carries to say which alert it belongs to. Percent-decoding gives the id back.
    static func key(_ id: String) -> String {
        @inline(__always) func digit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x37 + nibble }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(id.utf8.count + 6)
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(digit(byte >> 4))
                bytes.append(digit(byte & 15))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `rtl` for a locale whose language is written right to left (Arabic, Hebrew, Persian, Urdu…), else `ltr`: an
    /// email's or page's `dir`.
    static func direction(of locale: String) -> String {
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"].contains(language) ? "rtl" : "ltr"
    }
}

extension TemplateEscaping {
    /// This escaping as a compiled template writes values: `escape(_:)`'s bytes, JSON's and Slack's written straight
    /// into the document (no string made for a value that needs no escaping, or for its escaped form).
    var byteWriter: @Sendable (String, inout [UInt8]) -> Void {
        switch self {
        case .json:
            return { text, output in
                if Self.isPlainASCII(text, slack: false) { output.append(contentsOf: text.utf8) } else {
                    JSONString.append(text, to: &output, quoted: false)
                }
            }
        case .slack:
            return { text, output in
                if Self.isPlainASCII(text, slack: true) { return output.append(contentsOf: text.utf8) }
                guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E }) else {
                    return JSONString.append(text, to: &output, quoted: false)
                }
                // Slack's three entities first (`&` `<` `>`), on bytes, then JSON's escaping of the result.
                var entities: [UInt8] = []
                entities.reserveCapacity(text.utf8.count + 16)
                for byte in text.utf8 {
                    switch byte {
                    case UInt8(ascii: "&"): entities.append(contentsOf: "&amp;".utf8)
                    case UInt8(ascii: "<"): entities.append(contentsOf: "&lt;".utf8)
                    case UInt8(ascii: ">"): entities.append(contentsOf: "&gt;".utf8)
                    default: entities.append(byte)
                    }
                }
                entities.withUnsafeBufferPointer { JSONString.append(utf8: $0, to: &output, quoted: false) }
            }
        case .composed([.markdown, .json]):
            return { text, output in
                if !MarkdownBytes.appendMarkdownJSON(text, to: &output) {
                    output.append(contentsOf: TemplateEscaping.composed([.markdown, .json]).escape(text).utf8)
                }
            }
        default:
            let escaping = self
            return { text, output in output.append(contentsOf: escaping.escape(text).utf8) }
        }
    }
}

extension RenderLimitError {
    /// The error for a compiled template's `stop` under `options`' limits.
    init(_ stop: RenderGuard.Stop, options: RenderOptions) {
        switch stop {
        case .tooLarge: self = .documentTooLarge(limit: options.maxDocumentBytes)
        case .timedOut:
            let components = (options.timeLimit ?? .zero).components
            self = .timedOut(seconds: Double(components.seconds) + Double(components.attoseconds) / 1e18)
        }
    }
}

extension RenderGuard {
    /// The guard of `options`' document size and time limits, the time counted from `start`.
    init(options: RenderOptions, start: ContinuousClock.Instant = .now) {
        self.init(maxBytes: options.maxDocumentBytes, deadline: options.timeLimit.map { start + $0 })
    }
}
