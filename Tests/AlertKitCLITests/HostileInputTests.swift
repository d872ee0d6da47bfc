import AlertTestSupport
import Foundation
import Testing

/// Issue 10's cases of messages, crashes and edge values, through the built binary.
@Suite("Hostile input at the command line")
final class HostileInputTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-hostile") }

    static func alert(id: String = "\"a\"", match: String = "IDEMAILADDR", key: String = "email", value: String = "\"x@y.z\"",
                      type: String = "1") -> String {
        #"{"id":\#(id),"type":\#(type),"events":[{"date":"2020-01-01","data":{"match":"\#(match)","\#(key)":\#(value)}}]}"#
    }

    static let escape = "\u{1B}"

    @Test("10. messages on standard error echo values and file names with their control characters made visible")
    func messages() throws {
        let hostile = #""\u001b]0;pwned\u0007\u001b[2J\nNo action needed \u202e""#
        let warning = try scratch.file("w\u{1B}[31m.json", Self.alert(id: hostile, match: "ID\\u001b[2JNEW"))
        let invalid = try scratch.file("i.ndjson", Self.alert(id: hostile, type: hostile) + "\n")
        let runs = [
            try CLI.run(["validate", warning]), try CLI.run(["render", warning, "-f", "text"]),
            try CLI.run(["validate", invalid]), try CLI.run(["batch", invalid, "--ndjson", "--errors", scratch.path("e.ndjson")]),
            try CLI.run(["batch", warning, "--ndjson"]),
        ]
        for result in runs {
            #expect(!result.standardError.contains(Self.escape) && !result.standardError.contains("\u{7}"))
            #expect(!result.standardError.contains("\u{202E}"))
            #expect(result.standardError.contains("␛"), "\(result.standardError)")
            // Every line is a message of its own: no value starts a line (`No action needed` cannot be faked).
            #expect(!result.standardError.split(separator: "\n").contains { $0.hasPrefix("No action") })
        }
        #expect(runs[1].output.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" })
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch.path("e.ndjson"))), as: UTF8.self)
            .unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test("10–12. through render: no raw control character in any format, Markdown that cmark-gfm keeps as text, every grapheme in text")
    func renderedFormats() throws {
        let site = #""\u001b[2J ( \u0361° \u035c\u0296 \u0361°) see https://evil.example/x or bob@evil.example ~~x~~ \u202e""#
        let file = try scratch.file("r.json", Self.alert(value: #""   ""#).replacingOccurrences(of: #""email":"   ""#,
                                                                                       with: #""email":"   ","site":\#(site)"#))
        for format in ["html", "markdown", "text", "json"] {
            let result = try CLI.run(["render", file, "-f", format])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(!result.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
                    "\(format)")
            if format == "text" { #expect(result.output.contains("( ͡° ͜ʖ ͡°)")) }
        }
        let markdown = try CLI.shell("\"$ALERTKIT\" render '\(file)' -f markdown | cmark-gfm --extension autolink --extension strikethrough")
        #expect(markdown.status == 0, "\(markdown.standardError)")
        for bad in ["<del", "<hr"] { #expect(!markdown.output.contains(bad), "\(bad): \(markdown.output)") }
        #expect(TrustedLinks.untrusted(inHTML: markdown.output).isEmpty, "\(markdown.output)")
        #expect(markdown.output.contains("hxxps://evil[.]example/x"))
    }

    @Test("13. standard input closed, or a directory: exit 66 with a message, no crash", arguments: [
        ("\"$ALERTKIT\" render - <&-", "standard input is closed"),
        ("\"$ALERTKIT\" render - < /tmp", "standard input is a directory"),
        ("\"$ALERTKIT\" validate - <&-", "standard input is closed"),
        ("\"$ALERTKIT\" batch - --ndjson <&-", "standard input is closed"),
    ])
    func closedInput(script: String, message: String) throws {
        let result = try CLI.shell(script)
        #expect(result.status == 66, "\(result.standardError)")
        #expect(result.standardError.contains(message) && !result.standardError.contains("Fatal error"))
    }

    @Test("13. a full standard output is exit 73 with a message, for every command that writes one", arguments: [
        "render SampleData/email-alert.json", "render SampleData/email-alert.json -f json", "validate SampleData/email-alert.json",
        "schema", "formats", "config path", "batch SampleData/email-alert.json --ndjson",
    ])
    func fullOutput(command: String) throws {
        let result = try CLI.shell("\"$ALERTKIT\" \(command) > /dev/full", in: Fixtures.packageRoot)
        #expect(result.status == 73, "\(result.standardError)")
        #expect(result.standardError.contains("No space left on device") && !result.standardError.contains("Fatal error"))
    }

    @Test("13. a FIFO, /dev/stdin and a process substitution are read like files")
    func specialInputs() throws {
        let sample = Fixtures.sampleDirectory.appendingPathComponent("email-alert.json").path
        let expected = try CLI.run(["render", sample, "-f", "text"]).output
        let fifo = scratch.path("alert.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        for script in ["cat '\(sample)' > '\(fifo)' & \"$ALERTKIT\" render '\(fifo)' -f text",
                       "\"$ALERTKIT\" render /dev/stdin -f text < '\(sample)'",
                       "cat '\(sample)' | \"$ALERTKIT\" render /dev/fd/0 -f text",
                       "cat '\(sample)' > '\(fifo)' & \"$ALERTKIT\" validate '\(fifo)'"] {
            let result = try CLI.shell(script)
            #expect(result.status == 0, "\(script): \(result.standardError)")
            #expect(script.contains("validate") ? result.output.hasSuffix(": valid\n") : result.output == expected)
        }
    }

    @Test("13. an input longer than one alert may hold is refused without being held (no more out-of-memory aborts)")
    func endlessInput() throws {
        let result = try CLI.shell("head -c 3000000 /dev/zero | \"$ALERTKIT\" render -")
        #expect(result.status == 1 && result.standardError.contains("more than 1048576 bytes, the alert size limit"))
    }

    @Test("13. --jobs beyond any machine is a usage error, not a crash", arguments: ["9223372036854775807", "1025", "-1"])
    func jobs(jobs: String) throws {
        let result = try CLI.run(["batch", "SampleData/email-alert.json", "--ndjson", "--jobs=\(jobs)"])
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains("--jobs takes 1 to 1024"))
    }

    @Test("14. a lone surrogate, a fraction that rounds to an integer, a number out of range: rejected with a clear message",
          arguments: [
              (alert(value: #""a\ud800b""#), "is half of a UTF-16 surrogate pair with no other half"),
              (alert(type: "1.0000000000000001"), "has more digits than can be kept: it would be read as the whole number 1"),
              (alert(type: "1" + String(repeating: "0", count: 400)), "is out of range"),
              (alert(type: "1e400"), "is out of range"),
          ])
    func numbersAndSurrogates(json: String, message: String) throws {
        let file = try scratch.file("n.json", json)
        let result = try CLI.run(["validate", file])
        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(!result.standardError.contains("found inf") && !result.standardError.contains("\u{FFFD}"))
    }

    @Test("14. a sensitive value is never echoed in an error message", arguments: [
        ("IDSSN", "ssn", "123456789"), ("IDCCN", "ccn", "4111111111111111"), ("IDBANK", "bankAccount", "987654321"),
        ("IDSSN", "ssn", "[\"123456789\"]"), ("IDIBAN", "iban", "{\"n\":\"DE89370400440532013000\"}"),
    ])
    func masked(match: String, key: String, value: String) throws {
        let file = try scratch.file("s.json", Self.alert(match: match, key: key, value: value))
        for result in [try CLI.run(["validate", file]), try CLI.run(["batch", file, "--ndjson", "--errors", scratch.path("e.ndjson")])] {
            #expect(result.status == 1)
            let digits = value.filter(\.isNumber)
            #expect(!result.standardError.contains(digits) && !result.output.contains(digits), "\(result.standardError)")
        }
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: scratch.path("e.ndjson"))), as: UTF8.self)
            .contains(value.filter(\.isNumber)))
    }

    @Test("14. a stored setting out of its range is refused where it is used, and config can still mend it")
    func storedThreshold() throws {
        let config = try scratch.file("config.json", #"{"threshold": -5}"#)
        let render = try CLI.run(["render", "SampleData/email-alert.json"], config: URL(fileURLWithPath: config))
        #expect(render.status == 78)  // a configuration error
        #expect(render.standardError.contains("threshold takes a number from 0 to 1, not \"-5.0\"") && render.standardError.contains(config))
        let mend = try CLI.run(["config", "set", "threshold", "0.5"], config: URL(fileURLWithPath: config))
        #expect(mend.status == 0, "\(mend.standardError)")
        #expect(try CLI.run(["render", "SampleData/email-alert.json"], config: URL(fileURLWithPath: config)).status == 0)
    }
}
