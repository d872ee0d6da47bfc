import AlertTestSupport
import Foundation
import Testing

/// One table of exit codes: what `alertkit --help` prints (from `ExitCodes.table`) and README.md's table agree.
@Suite("Exit codes")
struct ExitCodeTableTests {
    /// README.md's exit-code rows: code and meaning, Markdown quotes removed.
    static func readmeRows() throws -> [(String, String)] {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try #require(readme.components(separatedBy: "Exit codes (`alertkit --help`").dropFirst().first)
        return table.split(separator: "\n").dropFirst(3).prefix { $0.hasPrefix("| ") }.map { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (cells[0], cells[1].replacingOccurrences(of: "`", with: ""))
        }
    }

    @Test("--help and README.md list the same codes with the same meanings, the configuration error's included")
    func sameTable() throws {
        let help = try CLI.run(["--help"]).output.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let line = try #require(help.components(separatedBy: "Exit codes: ").dropFirst().first)
        let entries = line.components(separatedBy: ". ")[0].components(separatedBy: " · ")
        let rows = try Self.readmeRows()
        #expect(rows.count == entries.count && rows.count >= 8, "README: \(rows.map(\.0)), --help: \(entries)")
        for ((code, meaning), entry) in zip(rows, entries) {
            let expected = code == "128 + N" ? "128 + N: \(meaning)" : "\(code) \(meaning)"
            #expect(entry == expected, "README row \(code)")
        }
        #expect(rows.contains { $0.0 == "78" && $0.1.hasPrefix("a configuration error") })
    }
}
