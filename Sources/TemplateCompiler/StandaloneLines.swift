/// The specification's standalone rule: a line that holds one section, inverted section, close, partial, comment or
/// delimiter tag and nothing else but white space is taken out whole, its line break too; the tag stays. A
/// partial's white space before it becomes its indentation, which each line of the partial gets.
enum StandaloneLines {
    /// `tokens` (each line break ends a text token, as the lexer writes them) with standalone lines taken out.
    static func apply(to tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var lineStart = 0
        for index in tokens.indices {
            let endsLine: Bool
            switch tokens[index].kind {
            case .text(let bytes): endsLine = bytes.last == ASCII.newline
            case .end: endsLine = true
            default: endsLine = false
            }
            guard endsLine else { continue }
            let line = tokens[lineStart..<(tokens[index].kind == .end ? index : index + 1)]
            if let tag = standalone(line) {
                result.append(tag)
            } else {
                result += line
            }
            lineStart = index + 1
        }
        result.append(tokens[tokens.count - 1])  // .end
        return result
    }

    /// The line's one tag, when the line is standalone (a partial's with its indentation); nil otherwise.
    private static func standalone(_ line: ArraySlice<Token>) -> Token? {
        var tag: Token?
        var indentation: [UInt8] = []
        for token in line {
            if case .text(let bytes) = token.kind {
                guard isBlank(bytes) else { return nil }
                if tag == nil { indentation += bytes }
            } else {
                guard tag == nil, token.canStandAlone else { return nil }
                tag = token
            }
        }
        guard var tag else { return nil }
        if case .partial(let name, _) = tag.kind { tag.kind = .partial(name, indentation: indentation) }
        return tag
    }

    /// Spaces and tabs, then at most a line break (`\n` or `\r\n`).
    private static func isBlank(_ bytes: [UInt8]) -> Bool {
        var body = bytes[...]
        if body.last == ASCII.newline {
            body = body.dropLast()
            if body.last == ASCII.carriageReturn { body = body.dropLast() }
        }
        return body.allSatisfy { $0 == ASCII.space || $0 == ASCII.tab }
    }
}
