import TemplateCompiler
import Testing

@Suite struct LexerTests {
    private func kinds(_ text: String, raw: Bool = false) throws -> [Token.Kind] {
        let lexer = Lexer(text, file: "t")
        return try (raw ? lexer.rawTokens() : lexer.tokens()).map(\.kind)
    }

    private func text(_ string: String) -> Token.Kind { .text(Array(string.utf8)) }

    @Test func tagsOfEveryKind() throws {
        #expect(try kinds("a{{b}}{{{c}}}{{& d }}{{#e}}{{^f}}{{/g}}{{> h}}{{! i }}z") == [
            text("a"), .variable("b", escaped: true), .variable("c", escaped: false), .variable("d", escaped: false),
            .sectionOpen("e", inverted: false), .sectionOpen("f", inverted: true), .sectionClose("g"),
            .partial("h", indentation: []), .comment, text("z"), .end,
        ])
    }

    @Test func namesStayAsWrittenTrimmed() throws {
        #expect(try kinds("{{  first(nextSteps.items)  }}{{#uppercased(title)}}") == [
            .variable("first(nextSteps.items)", escaped: true), .sectionOpen("uppercased(title)", inverted: false), .end,
        ])
    }

    @Test func positionsAreLinesColumnsAndOffsets() throws {
        // "é" is two bytes and one column.
        let tokens = try Lexer("é{{a}}\n  {{#b}}\n{{/b}}", file: "t").rawTokens()
        #expect(tokens.map(\.position) == [
            SourcePosition(line: 1, column: 1, offset: 0), SourcePosition(line: 1, column: 2, offset: 2),
            SourcePosition(line: 1, column: 7, offset: 7), SourcePosition(line: 2, column: 1, offset: 8),
            SourcePosition(line: 2, column: 3, offset: 10), SourcePosition(line: 2, column: 9, offset: 16),
            SourcePosition(line: 3, column: 1, offset: 17), SourcePosition(line: 3, column: 7, offset: 23),
        ])
        #expect(tokens[1].range == 2..<7)
    }

    @Test func eachLineBreakEndsAText() throws {
        #expect(try kinds("a\nb\r\nc", raw: true) == [text("a\n"), text("b\r\n"), text("c"), .end])
    }

    @Test func standaloneLinesGoWhole() throws {
        #expect(try kinds("a\n  {{#s}}  \nb\n\t{{/s}}\r\nc") == [
            text("a\n"), .sectionOpen("s", inverted: false), text("b\n"), .sectionClose("s"), text("c"), .end,
        ])
        // A comment over several lines, and a tag on the last line without a line break.
        #expect(try kinds("a\n{{!\n x \n}}\nb\n {{/s}} ") == [text("a\n"), .comment, text("b\n"), .sectionClose("s"), .end])
    }

    @Test func notStandaloneWhenTheLineHasMore() throws {
        #expect(try kinds(" {{#s}}x\n") == [text(" "), .sectionOpen("s", inverted: false), text("x\n"), .end])
        #expect(try kinds("{{#s}}{{/s}}\n") == [.sectionOpen("s", inverted: false), .sectionClose("s"), text("\n"), .end])
        #expect(try kinds("  {{v}}\n") == [text("  "), .variable("v", escaped: true), text("\n"), .end])
    }

    @Test func aStandalonePartialKeepsItsIndentation() throws {
        #expect(try kinds("a\n \t{{> p}}\nb") == [text("a\n"), .partial("p", indentation: Array(" \t".utf8)), text("b"), .end])
        #expect(try kinds("x {{> p}}\n") == [text("x "), .partial("p", indentation: []), text("\n"), .end])
    }

    @Test func delimitersChangeForTheRest() throws {
        #expect(try kinds("{{=<% %>=}}<%a%>{{b}}<%={{ }}=%>{{c}}") == [
            .delimiters(open: Array("<%".utf8), close: Array("%>".utf8)), .variable("a", escaped: true), text("{{b}}"),
            .delimiters(open: Array("{{".utf8), close: Array("}}".utf8)), .variable("c", escaped: true), .end,
        ])
        // A triple tag is `{` after the opening delimiter and `}` before the closing one.
        #expect(try kinds("{{=| |=}}|{a}|") == [.delimiters(open: [124], close: [124]), .variable("a", escaped: false), .end])
    }

    @Test func lexingErrorsSayWhereAndWhat() throws {
        #expect(throws: TemplateDiagnostic(file: "t", at: SourcePosition(line: 2, column: 1, offset: 10),
                                           message: "the tag opened here with {{ is never closed with }}")) {
            try Lexer("{{title}}\n{{header.subtitle\n", file: "t").tokens()
        }
        #expect(throws: TemplateDiagnostic(file: "t", at: .start, message: "the tag opened here with {{ is never closed with }}")) {
            try Lexer("{{a {{b}}", file: "t").tokens()
        }
        let delimiter = "a delimiter tag is written {{=<% %>=}}: two new delimiters with a space between them and = at both ends"
        #expect(throws: TemplateDiagnostic(file: "t", at: .start, message: delimiter)) { try Lexer("{{=<%=}}", file: "t").tokens() }
        #expect(throws: TemplateDiagnostic(file: "t", at: .start, message: delimiter)) { try Lexer("{{=a b c=}}", file: "t").tokens() }
        #expect((try? Lexer("{{< parent}}{{/parent}}", file: "t").tokens()) == nil)
        #expect((try? Lexer("{{% CONTENT_TYPE: HTML }}", file: "t").tokens()) == nil)
        #expect((try? Lexer("{{% ANCHORED-CSS }}", file: "t").tokens()) == nil)
        // `CONTENT_TYPE: TEXT` changes nothing in AlertKit (each format escapes for itself): a comment, however spaced.
        let kinds = try Lexer("{{% CONTENT_TYPE: TEXT }}a{{%CONTENT_TYPE:  TEXT}}", file: "t").tokens().map(\.kind)
        #expect(kinds == [.comment, .text(Array("a".utf8)), .comment, .end])
    }
}
