import AlertModel
import AlertTestSupport
import Foundation
import Testing

/// The one table of failures (`FailureKind`): README.md prints it row for row, and each kind the command can meet is
/// made to happen through the built binary, with the table's exit code.
@Suite("Outcome table: the command")
struct OutcomeTableTests {
    /// README.md's outcome rows, cells trimmed and Markdown quotes removed.
    static func readmeRows() throws -> [[String]] {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let table = try #require(readme.components(separatedBy: "| kind | exit | HTTP | metric label | when |").dropFirst().first)
        return table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("| ") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
    }

    @Test("README.md's outcome table is FailureKind's, row for row")
    func readme() throws {
        let rows = try Self.readmeRows()
        #expect(rows.count == FailureKind.allCases.count)
        for (row, kind) in zip(rows, FailureKind.allCases) {
            let exit = kind == .interrupted ? "128 + N" : kind.exitCode.map(String.init) ?? "—"
            #expect(row == [kind.rawValue, exit, kind.httpStatus.map(String.init) ?? "—", kind.metricLabel, kind.meaning], "\(kind)")
        }
    }

    /// A command line that makes `kind` happen, run in a scratch folder, and a phrase its standard error holds.
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: FailureKind
        var arguments: @Sendable (_ folder: String) -> [String]
        var says: String
        var environment: [String: String] = [:]
        var testDescription: String { kind.rawValue }
    }

    static let sample = Fixtures.packageRoot.appendingPathComponent("SampleData/email-alert.json").path

    static let cases: [Case] = [
        Case(kind: .notJSON, arguments: { ["render", "\($0)/not.json"] }, says: "not valid JSON"),
        Case(kind: .invalidAlert, arguments: { ["render", "\($0)/empty.json"] }, says: "expected"),
        Case(kind: .tooLarge, arguments: { _ in ["render", sample, "--max-alert-bytes", "10"] }, says: "the alert size limit"),
        Case(kind: .documentTooLarge, arguments: { _ in ["render", sample, "--max-document-bytes", "100"] },
             says: "over the document size limit of 100 bytes"),
        Case(kind: .overReceiverLimit, arguments: { ["render", sample, "-f", "tiny", "--templates", "\($0)/fits"] }, says: "template.bytes"),
        Case(kind: .unreadable, arguments: { ["batch", "\($0)/feeds", "--ndjson", "--no-progress"] },
             says: "rejected: 1 unreadable"),
        Case(kind: .findings, arguments: { ["templates", "check", "--templates", "\($0)/typo"] }, says: "titel"),
        Case(kind: .badParameter, arguments: { _ in ["render", sample, "--no-such-flag"] }, says: "--no-such-flag"),
        Case(kind: .unknownFormat, arguments: { _ in ["render", sample, "-f", "nope"] }, says: "nope"),
        Case(kind: .brokenFormat, arguments: { ["render", sample, "-f", "broken", "--templates", "\($0)/broken"] }, says: "broken"),
        Case(kind: .noInput, arguments: { ["render", "\($0)/no-such.json"] }, says: "no-such.json"),
        Case(kind: .missingResources, arguments: { _ in ["render", sample] }, says: "/nowhere",
             environment: ["ALERTKIT_RESOURCES": "/nowhere"]),
        Case(kind: .cannotCreate, arguments: { ["render", sample, "-o", "\($0)/no/such/folder/alert.html"] }, says: "alert.html"),
        Case(kind: .configuration, arguments: { ["render", sample, "--templates", "\($0)/catalog"] }, says: "catalog"),
    ]

    /// The kinds with an exit code that the cases above do not make happen, and the tests that do.
    static let elsewhere: [FailureKind: String] = [
        .internalError: "AlertServerTests OutcomeTests (500; the command maps an error no command names to 70 in AlertKitCommand.run)",
        .forcedStop: "test_attacks.py::test_a_shutdown_held_past_the_grace_period_is_forced_exit_75",
        .interrupted: "DataLossTests (SIGTERM mid-batch: 128 + 15), ReviewSafetyTests (128 + N)",
    ]

    @Test("every kind with an exit code is made to happen here or names the test that does")
    func coverage() {
        let here = Set(Self.cases.map(\.kind))
        for kind in FailureKind.allCases where kind.exitCode != nil {
            #expect(here.contains(kind) != (Self.elsewhere[kind] != nil), "\(kind)")
        }
    }

    @Test("each kind exits with the table's code and says what happened", arguments: cases)
    func exitCode(_ test: Case) throws {
        let scratch = try ScratchDirectory("alertkit-outcome")
        try scratch.file("not.json", "not json\n")
        try scratch.file("empty.json", "{}\n")
        try scratch.file("fits/formats/tiny.txt.mustache", "{{! alertkit: escape=text max-bytes=10 }}\n0123456789 {{title}}\n")
        try scratch.file("typo/formats/brief.txt.mustache", "{{titel}}\n")
        try scratch.file("broken/formats/broken.txt.mustache", "{{#details}}\n")
        try scratch.file("catalog/catalog/en.json", "{")
        try scratch.file("feeds/a.ndjson", String(decoding: try Fixtures.sample("email-alert"), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ") + "\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("feeds/b.ndjson"), withDestinationPath: scratch.path("gone"))
        let result = try CLI.run(test.arguments(scratch.url.path), environment: test.environment)
        #expect(result.status == test.kind.exitCode, "\(result.standardError)")
        #expect(result.standardError.contains(test.says), "\(result.standardError)")
    }

    @Test("a line of plain text is named as text, never as a literal it starts like ('expected true'), its numbers not echoed")
    func plainText() throws {
        let result = try CLI.run(["batch", "-", "--ndjson", "--no-progress"], input: Data("this is 123-45-6789\nhello\n".utf8))
        #expect(result.status == 1)
        #expect(result.standardError.contains("unexpected text starting \"this\", expected a JSON value"), "\(result.standardError)")
        #expect(result.standardError.contains("unexpected text starting \"hello\""), "\(result.standardError)")
        #expect(!result.standardError.contains("'true'") && !result.standardError.contains("6789"), "\(result.standardError)")
    }

    @Test("batch names each rejected record's kind in its error record, and its summary counts them by kind")
    func batchReasons() throws {
        let scratch = try ScratchDirectory("alertkit-outcome-batch")
        let valid = String(decoding: try Fixtures.sample("email-alert"), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        let long = #"{"id": "\#(String(repeating: "x", count: 3000))"}"#
        let feed = ["not json", "{}", valid, long, #"{"id": 1}"#].joined(separator: "\n") + "\n"
        let errors = scratch.path("errors.ndjson")
        let result = try CLI.run(["batch", "-", "--ndjson", "-f", "text", "--no-progress", "--errors", errors, "--max-alert-bytes", "2000"],
                                 input: Data(feed.utf8))
        #expect(result.status == 1)
        let kinds = try String(contentsOfFile: errors, encoding: .utf8).split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
        }
        #expect(kinds == ["not-json", "invalid-alert", "too-large", "invalid-alert"])
        #expect(result.standardError.contains("1 rendered, 4 rejected in "), "\(result.standardError)")
        #expect(result.standardError.contains("\nrejected: 2 invalid-alert, 1 not-json, 1 too-large\n"), "\(result.standardError)")
    }
}
