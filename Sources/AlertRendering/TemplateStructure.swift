/// The tags of one Mustache template with where they are, set-delimiter tags (`{{=<% %>=}}`) followed: the places
/// that `alertkit templates check` and the loader's errors name. What a template does is read off the parser's own
/// result (`TemplateTokens`), never off this reading, which a crafted text could make differ from the parser's.
struct TemplateStructure: Sendable {
    /// One tag: its sigil (`#`, `^`, `/`, `>`, `<`, `$`, `!`, `%`, `=`, `&`, `{`, or nothing for a variable), its
    /// name, and where it is (byte offsets into the text; line and column from 1).
    struct Tag: Sendable {
        var sigil: Character?
        var name: String
        var start: Int, end: Int
        var line: Int, column: Int
    }

    let tags: [Tag]

    /// The structure of `text`. A template that does not parse has what could be read of it (the parser's own
    /// error is reported separately).
    init(_ text: String) {
        let bytes = Array(text.utf8)
        var tags: [Tag] = []
        var open: [UInt8] = Array("{{".utf8), close: [UInt8] = Array("}}".utf8)
        var index = 0, line = 1, lineStart = 0
        func advanceLines(to end: Int) {
            while index < end {
                if bytes[index] == UInt8(ascii: "\n") { line += 1; lineStart = index + 1 }
                index += 1
            }
        }
        while let start = Self.find(open, in: bytes, from: index) {
            advanceLines(to: start)
            let tagLine = line, tagColumn = start - lineStart + 1
            var bodyStart = start + open.count
            var closing = close
            let triple = open == Array("{{".utf8) && bodyStart < bytes.count && bytes[bodyStart] == UInt8(ascii: "{")
            if triple {
                bodyStart += 1
                closing = [UInt8(ascii: "}")] + close
            }
            guard let end = Self.find(closing, in: bytes, from: bodyStart) else { break }
            var body = String(decoding: bytes[bodyStart..<end], as: UTF8.self).trimmingSpaces()
            var sigil: Character? = triple ? "{" : nil
            if !triple, let first = body.first, "#^/><$!%=&".contains(first) {
                sigil = first
                body = String(body.dropFirst()).trimmingSpaces()
            }
            if sigil == "=" {
                let parts = body.hasSuffix("=") ? body.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" }) : []
                if parts.count == 2 {
                    open = Array(parts[0].utf8)
                    close = Array(parts[1].utf8)
                }
            }
            tags.append(Tag(sigil: sigil, name: body, start: start, end: end + closing.count, line: tagLine, column: tagColumn))
            advanceLines(to: end + closing.count)
        }
        self.tags = tags
    }

    /// Pragmas (`{{% CONTENT_TYPE: HTML }}`), for the place of an error about one.
    var pragmas: [Tag] { tags.filter { $0.sigil == "%" } }

    /// The name a section iterates, its transform taken off: `reversed(details)` → `details`, `nextSteps.items` →
    /// `items`.
    static func listName(_ name: String) -> String {
        var inner = Substring(name)
        if let open = inner.firstIndex(of: "("), inner.hasSuffix(")") {
            inner = inner[inner.index(after: open)..<inner.index(before: inner.endIndex)]
        }
        return String(inner.split(separator: ".").last ?? inner)
    }

    /// Whether a section named `name` may repeat its body: over one of `lists`, through a transform, or over `.`.
    static func mayRepeat(_ name: String, transforms: [String] = [], lists: Set<String>) -> Bool {
        !transforms.isEmpty || name.contains("(") || name == "." || lists.contains(listName(name))
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
