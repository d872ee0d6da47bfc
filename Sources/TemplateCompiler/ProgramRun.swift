/// One run of a compiled template: the output, the context stack, the list item's place, the partials' indentation.
struct ProgramRun {
    var output = DocumentOutput()
    var stack: [ContextValue]
    let escape: @Sendable (String, inout [UInt8]) -> Void
    let limits: RenderGuard
    var place: SequencePlace?
    /// List items rendered since the clock was last read.
    var items = 0
    /// The byte counts of the shared parts, when they are given (not rendered).
    let sharedParts: [Int]?
    /// The shared parts rendered, when they are not given.
    var parts: [[UInt8]]?
    /// Where each shared part goes in `output`.
    var insertions: [(offset: Int, part: Int)] = []
    /// The bytes of the document that are not in `output`: the shared parts put in place, and while one is rendered,
    /// the document's own bytes so far.
    var outside = 0

    init(root: ContextValue, escape: @escaping @Sendable (String, inout [UInt8]) -> Void, limits: RenderGuard,
         sharedParts: [Int]? = nil) {
        self.sharedParts = sharedParts
        stack = [root]
        stack.reserveCapacity(16)
        self.escape = escape
        self.limits = limits
    }

    mutating func run(_ ops: [Op]) throws(RenderGuard.Stop) {
        for op in ops {
            switch op {
            case .text(let bytes):
                output.writeText(bytes)
            case .write(let access, let escaped):
                if let value = value(access) { write(value, escaped: escaped) }
            case .section(let access, let kind, let body):
                guard let value = value(access) else { continue }
                try section(value, kind: kind, body: body)
            case .inverted(let access, let body):
                let found = value(access)
                if Self.isFalse(found) {
                    let outer = place
                    if case .list? = found { place = nil }
                    try run(body)
                    place = outer
                }
            case .indented(let indentation, let body):
                let (outerIndentation, outerPlace) = (output.indent(by: indentation), place)
                place = nil
                try run(body)
                (output.indentation, place) = (outerIndentation, outerPlace)
            case .shared(let part, let body):
                try shared(part, body: body)
            }
            guard output.bytes.count + outside <= limits.maxBytes else { throw .tooLarge }
        }
    }

    private mutating func section(_ value: ContextValue, kind: SectionKind, body: [Op]) throws(RenderGuard.Stop) {
        switch (kind, value) {
        case (_, .list(let items)) where kind == .list || kind == .dynamic:
            let outer = place
            defer { place = outer }
            for (index, item) in items.enumerated() {
                stack.append(item)
                place = SequencePlace(index: index, isLast: index == items.count - 1)
                try run(body)
                stack.removeLast()
                try tick()
            }
        case (.boolean, .boolean(let flag)):
            if flag { try run(body) }
        case (.dynamic, .boolean(let flag)):
            guard flag else { return }
            try pushed(value, body: body)
        case (.list, _), (.boolean, _):
            return  // a value of another type than the compiler resolved: never, for a context of its type
        default:
            try pushed(value, body: body)
        }
    }

    /// A shared part: put in place when given; else rendered apart (with no indentation: the compiler makes parts
    /// only where there is none) and kept in `parts`.
    private mutating func shared(_ part: Int, body: [Op]) throws(RenderGuard.Stop) {
        insertions.append((output.bytes.count, part))
        if let sharedParts { return outside += sharedParts[part] }
        var apart = DocumentOutput()
        swap(&apart, &output)
        outside += apart.bytes.count
        try run(body)
        swap(&apart, &output)
        outside += apart.bytes.count - output.bytes.count
        parts?[part] = apart.bytes
    }

    private mutating func pushed(_ value: ContextValue, body: [Op]) throws(RenderGuard.Stop) {
        let outer = place
        stack.append(value)
        place = nil
        try run(body)
        stack.removeLast()
        place = outer
    }

    /// Reads the clock every 1,024 list items.
    private mutating func tick() throws(RenderGuard.Stop) {
        items += 1
        if items & 1023 == 0, let deadline = limits.deadline, ContinuousClock.now > deadline { throw .timedOut }
    }

    /// Whether an inverted section renders for `value`.
    static func isFalse(_ value: ContextValue?) -> Bool {
        switch value {
        case nil, .boolean(false)?: true
        case .list(let items)?: items.isEmpty
        default: false
        }
    }

    /// The value `access` leads to here, its transforms applied; nil when there is none.
    func value(_ access: Access) -> ContextValue? {
        var value: ContextValue
        if let transform = access.place {
            guard let place, let result = transform.applyToPlace(place) else { return nil }
            value = result
        } else {
            var found: ContextValue?
            for start in access.starts {
                let frame = stack[start.frame]
                guard let first = start.first else {
                    found = start.rest.flatMap { Self.member($0[...], of: frame) }
                    break
                }
                guard case .object(let members) = frame, let member = members[first] else { continue }
                found = start.rest.flatMap { Self.member($0[...], of: member) }
                break
            }
            guard let found else { return nil }
            value = found
        }
        for (transform, names) in access.transforms {
            guard let result = transform.apply(to: value, names: names) else { return nil }
            value = result
        }
        return value
    }

    private static func member(_ path: ArraySlice<Int>, of value: ContextValue) -> ContextValue? {
        var value = value
        for index in path {
            guard case .object(let members) = value, let next = members[index] else { return nil }
            value = next
        }
        return value
    }

    private mutating func write(_ value: ContextValue, escaped: Bool) {
        guard let (text, escapes) = value.text, !text.isEmpty else { return }
        output.beforeValue()
        if escaped && escapes { escape(text, &output.bytes) } else { output.bytes.append(contentsOf: text.utf8) }
    }
}
