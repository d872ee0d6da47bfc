import Foundation
import Mustache

/// swift-mustache's parse errors as sentences a template's author can act on: what was expected and, for a section,
/// where it was opened (`TemplateStructure` gives the places). No parser enum name reaches the user.
enum TemplateSyntax {
    /// `text` parsed by swift-mustache after `prefix` (a pragma the loader adds); a syntax error is a `TemplateError`
    /// naming the file, the line and column in `text`, and what was expected.
    static func parse(_ text: String, file: String, prefix: String = "") throws(TemplateError) -> MustacheTemplate {
        do { return try MustacheTemplate(string: prefix + withoutHeader(text, for: prefix)) } catch let error as MustacheTemplate.ParserError {
            let line = error.context.lineNumber
            let column = line == 1 ? max(1, error.context.columnNumber - prefix.count) : error.context.columnNumber
            // Past the end of the text, the reader's own error: a tag left open, as an unfinished name is.
            let reason = error.error as? MustacheTemplate.Error ?? .unfinishedName
            let explained = explain(reason, text: text, line: line, column: column)
            throw TemplateError(file: file, line: explained.line, column: explained.column, message: explained.message)
        } catch {
            throw TemplateError(file: file, message: "the template does not parse")
        }
    }

    /// `text` without its first line when that line is one comment alone (the header `{{! alertkit: escape=… }}`)
    /// and a `prefix` takes its place: the prefix then stands alone on line 1 as the comment did, and the line goes
    /// with it. Put before the comment on one line, both would stay and the document would start with a blank line.
    /// Lines keep their numbers.
    static func withoutHeader(_ text: String, for prefix: String) -> Substring {
        guard !prefix.isEmpty, let newline = text.firstIndex(of: "\n") else { return text[...] }
        let first = text[..<newline].trimmingCharacters(in: .whitespacesAndNewlines)
        guard first.hasPrefix("{{!"), first.hasSuffix("}}"), !first.dropLast(2).contains("}}") else { return text[...] }
        return text[newline...]
    }

    /// The place and sentence for `error`, which the parser raised at `line` and `column` of `text` (the template's
    /// own text, without the pragma `TemplateFormats.parse` puts before it).
    static func explain(_ error: MustacheTemplate.Error, text: String, line: Int, column: Int) -> (line: Int, column: Int, message: String) {
        let structure = TemplateStructure(text)
        switch error {
        case .expectedSectionEnd:
            guard let open = openSections(structure.tags).unclosed.last else { break }
            return (line, column, "the template ends inside the section \(tag(open)) opened at line \(open.line), column "
                    + "\(open.column): close it with {{/\(open.name)}}")
        case .sectionCloseNameIncorrect:
            guard let mismatch = openSections(structure.tags).mismatch else { break }
            guard let open = mismatch.open else {
                return (mismatch.close.line, mismatch.close.column, "{{/\(mismatch.close.name)}} closes a section that is not "
                        + "open; open it with {{#\(mismatch.close.name)}} before, or remove this tag")
            }
            return (mismatch.close.line, mismatch.close.column, "{{/\(mismatch.close.name)}} does not close the section open "
                    + "here, \(tag(open)) from line \(open.line), column \(open.column): close that one first with "
                    + "{{/\(open.name)}} (sections close in the order opposite to the one they open in)")
        case .unfinishedName:
            let offset = self.offset(of: line, column, in: text)
            let bytes = Array(text.utf8)
            guard let start = lastOpen(before: offset, in: bytes) else { break }
            let place = self.place(of: start, in: bytes)
            guard let end = firstClose(after: start + 2, in: bytes) else {
                return (place.line, place.column, "the tag opened here with {{ is never closed with }}")
            }
            let shown = String(decoding: bytes[start..<min(end + 2, start + 60)], as: UTF8.self)
            return (place.line, place.column, "\(shown) is not a tag AlertKit can read: a tag holds one name (letters, "
                    + "digits and _ - . : like details or nextSteps.items) or a transform of one (uppercase(title)), in "
                    + "{{ }}, {{# }}, {{^ }}, {{/ }} or {{> }}, and nothing else")
        case .invalidSetDelimiter:
            return (line, column, "a delimiter tag is written {{=<% %>=}}: two new delimiters with a space between them and "
                    + "= at both ends")
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return (line, column, "a parent or block ({{< NAME}}, {{$ NAME}}): AlertKit allows neither; include partials "
                    + "with {{> NAME}} instead")
        case .invalidConfigVariableSyntax, .unrecognisedConfigVariable:
            return (line, column, "a pragma ({{% NAME: VALUE }}): AlertKit templates take none; the format escapes every "
                    + "value for its output already, and a template's first line names its escaping ({{! alertkit: escape=NAME }})")
        }
        return (line, column, "the template does not parse here")
    }

    /// The sections open at the end (`unclosed`, outermost first) and the first close tag that does not match the
    /// innermost open section.
    private static func openSections(_ tags: [TemplateStructure.Tag])
        -> (unclosed: [TemplateStructure.Tag], mismatch: (close: TemplateStructure.Tag, open: TemplateStructure.Tag?)?) {
        var stack: [TemplateStructure.Tag] = []
        for tag in tags {
            switch tag.sigil {
            case "#", "^", "$", "<": stack.append(tag)
            case "/":
                guard let open = stack.last, open.name == tag.name else { return (stack, (tag, stack.last)) }
                stack.removeLast()
            default: break
            }
        }
        return (stack, nil)
    }

    private static func tag(_ tag: TemplateStructure.Tag) -> String {
        "{{" + (tag.sigil.map(String.init) ?? "") + tag.name + "}}"
    }

    /// The byte offset of a line and column (both from 1).
    private static func offset(of line: Int, _ column: Int, in text: String) -> Int {
        var current = 1, offset = 0
        for byte in text.utf8 where current < line {
            offset += 1
            if byte == UInt8(ascii: "\n") { current += 1 }
        }
        return min(text.utf8.count, offset + max(0, column - 1))
    }

    private static func place(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private static func lastOpen(before offset: Int, in bytes: [UInt8]) -> Int? {
        var index = min(offset, bytes.count - 1) - 1
        while index >= 0 {
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") {
                return index > 0 && bytes[index - 1] == UInt8(ascii: "{") ? index - 1 : index
            }
            index -= 1
        }
        return nil
    }

    private static func firstClose(after start: Int, in bytes: [UInt8]) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") { return index }
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{") { return nil }
            index += 1
        }
        return nil
    }
}
