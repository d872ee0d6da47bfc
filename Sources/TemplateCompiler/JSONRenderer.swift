import AlertJSON

/// Renders a `TemplateLibrary` against a JSON value with the Mustache specification's semantics: a stack of
/// contexts; a name's first component looked up from the innermost context out, the rest inside what it found;
/// `false`, `null`, a missing name and an empty list are false; a list repeats its section once per item; any other
/// value is pushed for its section. Escaped tags go through `Escaping`, chosen with the renderer's type.
public struct JSONRenderer<Escaping: ByteEscaping>: Sendable {
    /// The template and its partials.
    public let library: TemplateLibrary

    /// How deep partials may nest (a partial that includes itself counts each time).
    public static var maxPartialDepth: Int { 32 }

    /// A renderer of `library`, escaping with `escaping`.
    public init(_ library: TemplateLibrary, escaping: Escaping.Type = Escaping.self) {
        self.library = library
    }

    /// The document for `context`.
    public func render(_ context: JSONValue) throws(TemplateDiagnostic) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(max(256, library.textBytes * 2))
        try render(context, into: &output)
        return output
    }

    /// Appends the document for `context` to `output`.
    public func render(_ context: JSONValue, into output: inout [UInt8]) throws(TemplateDiagnostic) {
        var run = RenderRun<Escaping>(partials: library.partials, root: context)
        swap(&run.output.bytes, &output)
        defer { swap(&run.output.bytes, &output) }
        try run.render(library.template.nodes, file: library.template.file)
    }
}

/// One render's state: the output, the context stack, the list item's place, the partials' indentation.
struct RenderRun<Escaping: ByteEscaping> {
    let partials: [String: TemplateTree]
    var output = DocumentOutput()
    var stack: [JSONValue]
    /// The place of the list item being rendered, when the innermost context is one.
    var place: SequencePlace?
    var depth = 0

    init(partials: [String: TemplateTree], root: JSONValue) {
        self.partials = partials
        self.stack = [root]
    }

    mutating func render(_ nodes: [Node], file: String) throws(TemplateDiagnostic) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output.writeText(bytes)
            case .variable(let name, let escaped, _):
                if let value = resolve(name) { write(value, escaped: escaped) }
            case .section(let name, let inverted, let body, _):
                try section(resolve(name), inverted: inverted, body: body, file: file)
            case .partial(let name, let indentation, let position):
                guard let tree = partials[name] else { continue }
                guard depth < JSONRenderer<Escaping>.maxPartialDepth else {
                    throw TemplateDiagnostic(file: file, at: position, message: "{{> \(name)}} would nest partials "
                        + "\(depth + 1) deep, past the limit of \(JSONRenderer<Escaping>.maxPartialDepth): a partial that "
                        + "includes itself needs a section that ends it (a list that runs out, a value that turns false)")
                }
                let (outerIndentation, outerPlace) = (output.indent(by: indentation), place)
                place = nil
                depth += 1
                try render(tree.nodes, file: tree.file)
                depth -= 1
                (output.indentation, place) = (outerIndentation, outerPlace)
            }
        }
    }

    private mutating func section(_ value: JSONValue?, inverted: Bool, body: [Node], file: String) throws(TemplateDiagnostic) {
        switch value {
        case nil, .null?, .bool(false)?:
            if inverted { try render(body, file: file) }
        case .bool(true)?:
            if !inverted { try render(body, file: file) }
        case .array(let items)?:
            if inverted {
                guard items.isEmpty else { return }
                let outer = place
                place = nil
                try render(body, file: file)
                place = outer
                return
            }
            let outer = place
            for (index, item) in items.enumerated() {
                stack.append(item)
                place = SequencePlace(index: index, isLast: index == items.count - 1)
                try render(body, file: file)
                stack.removeLast()
            }
            place = outer
        case let value?:
            guard !inverted else { return }
            let outer = place
            stack.append(value)
            place = nil
            try render(body, file: file)
            stack.removeLast()
            place = outer
        }
    }

    /// The value `name` names here, its transforms applied; nil when there is none.
    func resolve(_ name: Name) -> JSONValue? {
        var transforms = name.transforms[...]
        var value: JSONValue
        if name.isSequencePlace {
            guard let place, let innermost = transforms.popLast(), let result = innermost.apply(to: place) else { return nil }
            value = result
        } else if name.anchored {
            guard let found = Self.member(name.path[...], of: stack[stack.count - 1]) else { return nil }
            value = found
        } else {
            guard let first = name.path.first,
                  let found = stack.reversed().lazy.compactMap({ $0[first] }).first,
                  let rest = Self.member(name.path.dropFirst(), of: found) else { return nil }
            value = rest
        }
        while let transform = transforms.popLast() {
            guard let result = transform.apply(to: value) else { return nil }
            value = result
        }
        return value
    }

    /// What `path` leads to inside `value`.
    private static func member(_ path: ArraySlice<String>, of value: JSONValue) -> JSONValue? {
        var value = value
        for component in path {
            guard let next = value[component] else { return nil }
            value = next
        }
        return value
    }

    /// A value as a tag prints it: a string as it is, a number as JSON writes it (`85`, `1.21`), `true` or `false`;
    /// `null`, lists and objects as nothing.
    private mutating func write(_ value: JSONValue, escaped: Bool) {
        let text: String
        switch value {
        case .string(let string): text = string
        case .number(let number): text = JSONValue.numberText(number)
        case .bool(let bool): text = bool ? "true" : "false"
        case .null, .array, .object: return
        }
        guard !text.isEmpty else { return }
        output.beforeValue()
        if escaped { Escaping.write(text, into: &output.bytes) } else { output.bytes.append(contentsOf: text.utf8) }
    }
}
