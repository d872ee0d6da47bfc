import AlertTestSupport
import Foundation
import Testing

/// docs/extending.md's table of broken templates and catalogs: each row's file, written into a folder `mine`, gives the
/// row's message from `alertkit templates check`, and no message speaks Swift (a type name, `DecodingError`, a parser
/// enum name).
@Suite("docs/extending.md's messages")
struct ExtendingDocTests {
    struct Row: Sendable, CustomStringConvertible {
        var title: String, file: String, content: String, message: String
        var description: String { title }
    }

    static let rows: [Row] = {
        guard let text = try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/extending.md"), encoding: .utf8),
              let table = text.components(separatedBy: "## When something is wrong").last else { return [] }
        return table.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("| `mine/") }.map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            func code(_ cell: String) -> String { String(cell.dropFirst().dropLast()) }
            return Row(title: cells[0], file: String(code(cells[1]).dropFirst("mine/".count)),
                       content: code(cells[2]).replacingOccurrences(of: "\\n", with: "\n"), message: code(cells[3]))
        }
    }()

    @Test("the table has at least ten rows, templates and catalogs both")
    func table() {
        #expect(Self.rows.count >= 10)
        #expect(Self.rows.contains { $0.file.hasPrefix("catalog/") } && Self.rows.contains { $0.file.hasPrefix("formats/") })
    }

    @Test("each broken file gives the table's message, and no message speaks Swift", arguments: rows)
    func message(row: Row) throws {
        let scratch = try ScratchDirectory("alertkit-extending")
        try scratch.file("mine/" + row.file, row.content)
        let result = try CLI.run(["templates", "check", "--templates", scratch.path("mine")])
        #expect(result.status == 2)
        let lines = result.standardError.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("note:") }
            .map { $0.replacingOccurrences(of: scratch.url.path + "/", with: "") }
        #expect(lines.first == row.message, "\(row.title): \(lines)")
        for word in ["DecodingError", "keyNotFound", "typeMismatch", "Swift.", "expectedSectionEnd", "unfinishedName",
                     "sectionCloseNameIncorrect", "invalidSetDelimiter", "Debug description", "The data couldn"] {
            #expect(!result.standardError.contains(word), "\(row.title): \(word)")
        }
    }
}
