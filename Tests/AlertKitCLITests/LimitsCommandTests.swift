import AlertTestSupport
import Foundation
import Testing

/// The limits through the command line: flags, stored settings, `render`, `validate` and `batch`, at, below and
/// above each; and hostile sizes (a 200 MB line, a 100 MB string, a million events) bounded in memory, each refused
/// by its size before it is parsed (speed lives in BENCHMARKS.md, not here).
@Suite("Limits at the command line")
struct LimitsCommandTests {
    /// An SSNTrace alert line with `events` events and a name of `nameBytes`.
    static func alert(events: Int = 1, nameBytes: Int = 4) -> String {
        let event = #"{"date":"2020-01-01","data":{"name":"\#(String(repeating: "n", count: nameBytes))"}}"#
        return #"{"id":"cli-limits","type":2,"events":[\#(Array(repeating: event, count: events).joined(separator: ","))]}"#
    }

    @Test("render and validate: each limit flag at the limit passes, above it exits 1 naming the limit")
    func flags() throws {
        let cases: [(flag: String, ok: String, over: String, message: String)] = [
            ("--max-events=3", Self.alert(events: 3), Self.alert(events: 4), "/events: expected at most 3 events (the events limit)"),
            ("--max-string-bytes=50", Self.alert(nameBytes: 50), Self.alert(nameBytes: 51), "a string of 51 bytes, over the string limit of 50 bytes"),
            ("--max-alert-bytes=\(Self.alert().utf8.count)", Self.alert(), Self.alert(nameBytes: 5), "the alert size limit"),
            ("--max-depth=4", Self.alert(), #"{"id":"d","type":2,"events":[{"date":"2020-01-01","data":{"name":"x","y":[]}}]}"#,
             "nesting deeper than the depth limit of 4 levels"),
        ]
        for (flag, ok, over, message) in cases {
            for command in [["render", "-", "-f", "text"], ["validate", "-"]] {
                let passing = try CLI.run(command + [flag], input: Data(ok.utf8))
                #expect(passing.status == 0, "\(command[0]) \(flag): \(passing.standardError)")
                let failing = try CLI.run(command + [flag], input: Data(over.utf8))
                #expect(failing.status == 1, "\(command[0]) \(flag)")
                #expect(failing.standardError.contains(message), "\(command[0]) \(flag): \(failing.standardError)")
            }
        }
        #expect(try CLI.run(["render", "-", "--max-events", "0"], input: Data(Self.alert().utf8)).status == 64)
    }

    @Test("batch: a record over a limit is one rejected record, the rest go on; a stored limit applies")
    func batch() throws {
        let folder = try ScratchDirectory("alertkit-limits")
        let config = folder.url.appendingPathComponent("config.json")
        #expect(try CLI.run(["config", "set", "max-events", "2"], config: config).status == 0)
        let feed = [Self.alert(events: 2), Self.alert(events: 3), Self.alert(nameBytes: 2000), Self.alert()].joined(separator: "\n") + "\n"
        let result = try CLI.run(["batch", "-", "--ndjson", "-f", "text", "--max-alert-bytes", "1000"],
                                 input: Data(feed.utf8), config: config)
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[0].contains("\"document\"") && lines[3].contains("\"document\""))
        #expect(lines[1].contains("the events limit"))
        #expect(lines[2].contains("over the alert size limit of 1000 bytes"))
        #expect(try CLI.run(["config", "get", "max-events"], config: config).output == "2\n")
    }

    @Test("hostile sizes: a 200 MB line, a 100 MB string, a million events are refused by size in little memory",
          .timeLimit(.minutes(5)))
    func hostileSizes() throws {
        let sample = try String(contentsOf: Fixtures.sampleDirectory.appendingPathComponent("email-alert.json"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let folder = try ScratchDirectory("alertkit-hostile-sizes")
        let line = try folder.file("sample.ndjson", sample + "\n")
        // Each input streams from a generator: nothing the size of the input is ever held by the test. Under a
        // sanitizer (which checks memory safety, not these sizes, at many times the cost a byte) each is a tenth as
        // big, still many times the alert size limit of 1 MB.
        let scale = Fixtures.sanitizer == nil ? 1 : 10
        let inputs = [
            #"printf '{"id":"big","type":1,"events":[],"pad":"'; head -c \#(200_000_000 / scale) /dev/zero | tr '\0' a; printf '"}\n'"#,
            #"printf '{"id":"str","type":2,"events":[{"date":"2020-01-01","data":{"name":"'; head -c \#(100_000_000 / scale) /dev/zero | tr '\0' n; printf '"}}]}\n'"#,
            #"printf '{"id":"many","type":2,"events":['; yes '{"date":"2020-01-01","data":{"name":"n"}},' | head -n \#(1_000_000 / scale - 1) | tr -d '\n'; printf '{"date":"2020-01-01","data":{"name":"n"}}]}\n'"#,
        ]
        try withExtendedLifetime(folder) { try check(inputs, line: line) }
        // render stops reading at the limit.
        let render = try CLI.shell("( \(inputs[0]) ) | \"$ALERTKIT\" render - -f text")
        #expect(render.status == 1 && render.standardError.contains("the alert size limit"))
    }

    /// Runs each hostile input and then a valid line through `batch`, within the memory and time bounds.
    func check(_ inputs: [String], line: String) throws {
        for input in inputs {
            let script = "( \(input); cat '\(line)' ) | /usr/bin/time -f 'rss=%M' \"$ALERTKIT\" batch - --ndjson -f text"
            let result = try CLI.shell(script)
            #expect(result.status == 1, "\(result.standardError)")
            let lines = result.output.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].contains("alert size limit") && lines[1].contains("\"document\""),
                    "\(input.prefix(40)): \(result.output.prefix(300)) \(result.standardError.suffix(300))")
            let figures = result.standardError.split(separator: "\n").last { $0.hasPrefix("rss=") } ?? ""
            let rss = Int(figures.split(separator: " ")[0].dropFirst(4)) ?? .max
            guard Fixtures.sanitizer == nil else { continue }  // its shadow memory and checks are not AlertKit's
            #expect(rss < 100_000, "peak RSS \(rss) KB for \(input.prefix(40))")
        }
    }
}
