import AlertModel
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

@Suite("The alertkit command")
final class CLITests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-cli-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    func write(_ text: String, _ name: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("--version prints the library's version, which is CHANGELOG.md's newest release, and the kind of build")
    func version() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        // A test build is no release: `scripts/dist.sh` builds name their commit instead (DistTests).
        #expect(result.output == AlertKitVersion.current + " (development build: a release build from scripts/dist.sh names its commit here)\n")
        let changelog = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.components(separatedBy: "\n## ").dropFirst().first { !$0.hasPrefix("Unreleased") }
        #expect(newest?.hasPrefix(AlertKitVersion.current) == true)
    }

    @Test("README's first command: render the sample to a standalone page")
    func renderToFile() throws {
        let out = scratch.appendingPathComponent("alert.html").path
        let result = try CLI.run(["render", "SampleData/email-alert.json", "--format", "html", "-o", out])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(Fixtures.visibleText(ofHTML: page).contains("Email Address Leaked Identity Risk Your email has been leaked mateagar+1@gmail.com From: Test Data Date of leak: 09-06-2016"))
    }

    @Test("--help and render --help list every format; config --help lists every key")
    func helpLists() throws {
        let names = FormatRegistry.standard.formats.map(\.name)
        #expect(names.count == 9)
        for arguments in [["--help"], ["render", "--help"], ["batch", "--help"]] {
            let help = try CLI.run(arguments).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for name in names { #expect(help.contains(name), "\(arguments) lacks \(name)") }
        }
        let config = try CLI.run(["config", "--help"]).output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for key in ["threshold", "urgency", "locale", "help-line", "templates", "product-name", "app-link", "sms-opt-out",
                    "sender-name", "sender-address", "max-alert-bytes", "max-document-bytes"] {
            #expect(config.contains("The key: ") && config.contains(key), "config --help lacks \(key)")
        }
    }

    @Test("render writes every format to standard output, reading standard input for -", arguments: [
        ("markdown", "# Email Address Leaked"), ("text", "Email Address Leaked\n===================="),
        ("json", "\"title\" : \"Email Address Leaked\""), ("md", "## Identity Risk"),
    ])
    func renderFormats(format: String, expected: String) throws {
        let result = try CLI.run(["render", "-", "--format", format], input: try Fixtures.sample("email-alert"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains(expected))
    }

    @Test("--fragment gives the markup alone")
    func fragment() throws {
        let result = try CLI.run(["render", "SampleData/email-alert.json", "--fragment"])
        #expect(result.output.hasPrefix("<article class=\"alertkit\""))
        #expect(!result.output.contains("<html"))
    }

    @Test("a file that is not JSON is a clear error and exit 1")
    func notJSON() throws {
        let path = try write("email: mateagar@gmail.com\n", "notjson.json")
        let result = try CLI.run(["render", path])
        #expect(result.status == 1)
        #expect(result.standardError == "\(path): not valid JSON at line 1, column 1: unexpected text starting \"email\", expected a JSON value (an alert is a JSON object, {…})\n")
        #expect(result.output.isEmpty)
    }

    @Test("JSON that is not an alert lists every problem as file: /pointer: message, exit 1")
    func notAnAlert() throws {
        let path = try write(#"{"id": 5, "type": 1, "events": [{"date": "2016-09-12", "data": {"match": "IDSSN"}}]}"#, "bad.json")
        let result = try CLI.run(["render", path, "--format", "text"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines == [
            "\(path): /id: expected a non-empty string that identifies the alert, e.g. 4930982:105, found 5",
            "\(path): /events/0/data/ssn: expected a non-empty string, found nothing",
        ])
    }

    @Test("an unknown match type renders, with a warning on standard error")
    func warning() throws {
        let path = try write(#"{"id":"x","type":1,"events":[{"date":"2016-09-12","data":{"match":"IDPETNAME","site":"x.example"}}]}"#, "w.json")
        let result = try CLI.run(["render", path, "--format", "text"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("Personal Information Leaked"))
        #expect(result.standardError == "\(path): /events/0/data/match: warning: expected a match type of the contract or of "
                + "the catalog (this event is shown with the words for personal information, and its value is not shown), "
                + "found \"IDPETNAME\"\n", "\(result.standardError)")
        // In batch, the same warning once: not `warning: warning:`.
        let batch = try CLI.run(["batch", path, "--ndjson", "--format", "text"])
        #expect(batch.status == 0 && batch.standardError.contains(":1: /events/0/data/match: warning: expected a match type of")
                && !batch.standardError.contains("warning: warning"), "\(batch.standardError)")
    }

    @Test("usage errors exit 64", arguments: [
        ["render", "SampleData/email-alert.json", "--format", "pdf"], ["render"], ["validate"], ["nonsense"],
    ])
    func usage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(!result.standardError.isEmpty)
    }

    @Test("an unreadable input exits 66")
    func missingFile() throws {
        let result = try CLI.run(["render", "no/such/alert.json"])
        #expect(result.status == 66)
        #expect(result.standardError == "no/such/alert.json: no such file\n")
    }

    @Test("validate reports each file, exit 1 if any is invalid")
    func validate() throws {
        let bad = try write(#"{"id":"x","type":4,"events":[]}"#, "bad.json")
        let good = try CLI.run(["validate", "SampleData/email-alert.json", "SampleData/mixed-alert.json"])
        #expect(good.status == 0)
        #expect(good.output == "SampleData/email-alert.json: valid\nSampleData/mixed-alert.json: valid\n")
        let mixed = try CLI.run(["validate", "SampleData/email-alert.json", bad])
        #expect(mixed.status == 1)
        #expect(mixed.standardError.contains("\(bad): /type: expected an alert type"))
        #expect(mixed.standardError.contains("\(bad): /events: expected a non-empty array of events, found an empty array"))
    }

    @Test("schema prints the JSON Schema the decoder uses")
    func schema() throws {
        let result = try CLI.run(["schema"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test("formats lists the four built-in formats and the shipped templates (email, push, slack, sms, teams)")
    func formats() throws {
        let result = try CLI.run(["formats"])
        #expect(result.output.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["email", "html", "json", "markdown", "push", "slack", "sms", "teams", "text"])
    }
}
