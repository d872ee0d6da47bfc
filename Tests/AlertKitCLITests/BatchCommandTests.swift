import AlertBatch
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// One NDJSON output line of `alertkit batch --ndjson`.
struct BatchLine: Decodable {
    struct Failure: Decodable { var pointer: String; var message: String }
    var position: Int
    var source: String
    var line: Int
    var index: Int
    var id: String?
    var format: String
    var document: String?
    var error: Failure?
}

/// One line of the `--errors` file.
struct ErrorRecord: Decodable {
    var position: Int
    var source: String
    var line: Int
    var index: Int
    var pointer: String
    var message: String
}

@Suite("alertkit batch")
final class BatchCommandTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-batch-\(UUID())")

    init() throws { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    func file(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Records as NDJSON text.
    func ndjson(_ records: [Data]) -> String {
        records.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "\n"
    }

    /// A sample alert on one line.
    func compact(_ sample: String) throws -> String {
        let object = try JSONSerialization.jsonObject(with: try Fixtures.sample(sample))
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    func lines(_ output: Data) throws -> [BatchLine] {
        try output.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(BatchLine.self, from: Data($0)) }
    }

    @Test("gen-feed --count 20000 --invalid-rate 0.02: every record accounted for, _invalid ones rejected, outputs as render makes them")
    func feed() throws {
        let records = try Fixtures.generateFeed(["--count", "20000", "--invalid-rate", "0.02", "--seed", "11"])
        let feed = try file("feed.ndjson", ndjson(records))
        let errors = scratch.appendingPathComponent("errors.ndjson").path
        let result = try CLI.run(["batch", feed, "--ndjson", "--fragment", "--jobs", "2", "--errors", errors])
        #expect(result.status == 1)
        let output = try lines(result.standardOutput)
        let errorLines = try Data(contentsOf: URL(fileURLWithPath: errors)).split(separator: 0x0A)
            .map { try JSONDecoder().decode(ErrorRecord.self, from: Data($0)) }
        #expect(output.count == records.count)
        #expect(output.map { $0.position } == Array(0..<records.count))
        let invalid: Set<Int> = Set(records.indices.filter { index in
            let object = try? JSONSerialization.jsonObject(with: records[index]) as? [String: Any]
            return object?["_invalid"] != nil
        })
        let rejected: Set<Int> = Set(output.filter { $0.error != nil }.map { $0.position })
        #expect(rejected == invalid)
        #expect(output.filter { $0.document != nil }.count + errorLines.count == records.count)
        #expect(Set(errorLines.map { $0.line - 1 }) == invalid)
        #expect(errorLines.allSatisfy { $0.source == feed && $0.index == $0.line - 1 && !$0.message.isEmpty })
        #expect(result.standardError.contains("\(records.count - invalid.count) rendered, \(invalid.count) rejected in "))
        // Byte for byte what `render` gives: every record against the library `render` runs, a sample through the binary.
        let pipeline = AlertPipeline()
        for line in output where line.document != nil {
            let expected = try pipeline.render(records[line.position], format: "html", options: RenderOptions(fragment: true)).document
            #expect(line.document == expected, "record \(line.position)")
        }
        let rendered = output.filter { $0.document != nil }
        for line in stride(from: 0, to: rendered.count, by: 1000).map({ rendered[$0] }) {
            let rendered = try CLI.run(["render", "-", "--fragment"], input: records[line.position])
            #expect(rendered.output == line.document)
        }
    }

    @Test("every sample has an id of its own, so `alertkit batch SampleData --out-dir DIR` renders them all, one file each")
    func samplesConvert() throws {
        let ids = try Fixtures.sampleNames.map { name in
            try #require((try JSONSerialization.jsonObject(with: Fixtures.sample(name)) as? [String: Any])?["id"] as? String)
        }
        #expect(Set(ids).count == ids.count, "ids given twice: \(Dictionary(grouping: ids) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        let out = scratch.appendingPathComponent("samples")
        let result = try CLI.run(["batch", Fixtures.sampleDirectory.path, "--out-dir", out.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == ids.count)
    }

    @Test("hostile and colliding ids all land inside --out-dir under distinct names; an id given twice is rejected")
    func fileNames() throws {
        let template = String(decoding: try Fixtures.sample("email-alert"), as: UTF8.self)
        let original = "\"id\": \"" + ((try JSONSerialization.jsonObject(with: Data(template.utf8)) as? [String: Any])?["id"] as? String ?? "") + "\""
        let ids = ["../../etc/passwd", "a/b", "a\\\\b", "CON", "con.txt", "x:y", "///", "..", ".hidden", "a_b", "a:b",
                   "same", "same", "tab\\there", "\\u00e9t\\u00e9", String(repeating: "long", count: 60)]
        let feed = ids.map { template.replacingOccurrences(of: original, with: "\"id\": \"\($0)\"")
            .replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        let input = try file("ids.ndjson", feed)
        let out = scratch.appendingPathComponent("out")
        let result = try CLI.run(["batch", input, "--out-dir", out.path])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("\(input):13: /: an earlier alert of this run has the same id"))
        #expect(result.standardError.contains("15 rendered, 1 rejected"))
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(names.count == ids.count - 1)
        #expect(Set(names.map { $0.lowercased() }).count == ids.count - 1)
        for name in names {
            #expect(!name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && !name.contains(":"))
            #expect(name.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
            #expect(name.utf8.count <= 255)
            let stem = String(name.split(separator: ".").first ?? "")
            #expect(!["con", "prn", "aux", "nul"].contains(stem))
        }
        #expect(names.contains("same.html") && names.contains("_2e_2e.html") && names.contains("_43_4f_4e.html"))
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("etc").path))
        // The same input names the files the same way on a second run.
        let again = scratch.appendingPathComponent("again")
        _ = try CLI.run(["batch", input, "--out-dir", again.path])
        #expect(try FileManager.default.contentsOfDirectory(atPath: again.path).sorted() == names.sorted())
    }

    @Test("killed with SIGKILL midway, a run leaves only whole files and no temporary one; run again, it completes the set")
    func interrupted() throws {
        let records = try Fixtures.generateFeed(["--count", "30000", "--seed", "5"])
        let feed = try file("big.ndjson", ndjson(records))
        let out = scratch.appendingPathComponent("killed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["batch", feed, "--out-dir", out.path, "--format", "markdown", "--jobs", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, (try? FileManager.default.contentsOfDirectory(atPath: out.path).count) ?? 0 < 200 { usleep(2000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: out.path)
        // Into a new folder each file takes its name whole (no temporary name): nothing is left but outputs.
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "temporary files: \(left.filter { $0.hasPrefix(".") })")
        let written = left.filter { !$0.hasPrefix(".") }
        #expect(written.count >= 200 && written.count < records.count, "the run was not stopped midway")
        // Every file that exists is whole: exactly what render makes of its alert.
        let pipeline = AlertPipeline()
        var byName: [String: Data] = [:]
        var namer = OutputNamer(fileExtension: "md")  // the names batch gives, in the same order
        for record in records {
            let id = (try JSONSerialization.jsonObject(with: record) as? [String: Any])?["id"] as? String ?? ""
            byName[try namer.name(for: id)] = record
        }
        for name in written {
            let record = try #require(byName[name], "\(name) is not an alert's name")
            let expected = try pipeline.render(record, format: "markdown").document
            #expect(try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8) == expected, "\(name) is partial")
        }
        let rerun = try CLI.run(["batch", feed, "--out-dir", out.path, "--format", "markdown"])
        #expect(rerun.status == 0)
        let complete = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(complete.count == records.count, "temporary files or missing outputs: \(complete.filter { $0.hasPrefix(".") })")
    }

    @Test("arrays, directories, standard input and NDJSON mix; a line that is not JSON is one rejected record")
    func inputs() throws {
        let email = try Fixtures.sample("email-alert")
        let compact = try compact("email-alert")
        let array = try file("array.json", "[\n" + compact + ",\n" + compact + "\n]\n")
        let ndjson = try file("feed.ndjson", compact + "\n\nnot json at all\n" + compact + "\r\n")
        _ = try file("dir/one.json", String(decoding: email, as: UTF8.self))  // pretty-printed: one alert
        _ = try file("dir/sub/two.json", compact)
        _ = try file("dir/notes.txt", "not an input")
        let result = try CLI.run(["batch", array, ndjson, scratch.appendingPathComponent("dir").path, "-", "--ndjson"],
                                 input: Data((compact + "\n").utf8))
        #expect(result.status == 1)
        let output = try lines(result.standardOutput)
        #expect(output.map(\.position) == Array(0..<8))
        #expect(output.map { $0.error == nil } == [true, true, true, false, true, true, true, true])
        #expect(output.map(\.line) == [2, 3, 1, 3, 4, 1, 1, 1])
        #expect(output[3].source == ndjson && output[3].error?.pointer == "")
        #expect(output[5].source.hasSuffix("dir/one.json") && output[6].source.hasSuffix("dir/sub/two.json"))
        #expect(output[7].source == "<stdin>")
        #expect(result.standardError.contains("\(ndjson):3: /: not valid JSON"))
    }

    @Test("an alert with an unknown match type renders, with its warning on standard error as render gives it")
    func warnings() throws {
        let email = try compact("email-alert")
        let unknown = email.replacingOccurrences(of: "IDEMAILADDR", with: "IDNEWKIND")
        let feed = try file("w.ndjson", email + "\n" + unknown + "\n")
        let result = try CLI.run(["batch", feed, "--ndjson"])
        #expect(result.status == 0)
        #expect(try lines(result.standardOutput).count == 2)
        #expect(result.standardError.contains("\(feed):2: /events/0/data/match: warning: "))
        #expect(!result.standardError.contains("\(feed):1:"))
    }

    @Test("--fail-fast stops at the first rejected record, after writing everything before it")
    func failFast() throws {
        let email = try compact("email-alert")
        let feed = try file("ff.ndjson", Array(repeating: email, count: 1000).joined(separator: "\n") + "\n{}\n"
                            + Array(repeating: email, count: 1000).joined(separator: "\n"))
        let result = try CLI.run(["batch", feed, "--ndjson", "--fail-fast"])
        #expect(result.status == 1)
        let output = try lines(result.standardOutput)
        #expect(output.count == 1001 && output.last?.error != nil)
        #expect(result.standardError.contains("1000 rendered, 1 rejected in ") && result.standardError.contains("--fail-fast"))
    }

    @Test("--urgent-only renders urgent alerts alone and counts the others as skipped")
    func urgentOnly() throws {
        let samples = ["email-alert", "ssn-alert"]  // severity 0.4 and 1.0
        let feed = try file("u.ndjson", try samples.map { try compact($0) }.joined(separator: "\n"))
        let result = try CLI.run(["batch", feed, "--ndjson", "--urgent-only", "-f", "text"])
        #expect(result.status == 0)
        let output = try lines(result.standardOutput)
        #expect(output.count == 1 && output[0].position == 1 && output[0].format == "text")
        #expect(result.standardError.contains("1 rendered, 1 skipped (not urgent), 0 rejected"))
    }

    @Test("usage errors exit 64, a missing input 66", arguments: [
        (["SampleData/email-alert.json"], 64), (["SampleData/email-alert.json", "--ndjson", "--out-dir", "x"], 64),
        (["SampleData/email-alert.json", "--ndjson", "--jobs", "0"], 64), (["SampleData/email-alert.json", "--ndjson", "-f", "pdf"], 64),
        (["--ndjson"], 64), (["no-such-feed.ndjson", "--ndjson"], 66),
    ] as [([String], Int32)])
    func usage(arguments: [String], status: Int32) throws {
        let result = try CLI.run(["batch"] + arguments)
        #expect(result.status == status, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("progress is silent when standard error is not a terminal, and shown when asked for")
    func progress() throws {
        let feed = try file("p.ndjson", try compact("email-alert"))
        let quiet = try CLI.run(["batch", feed, "--ndjson"])
        #expect(quiet.status == 0)
        #expect(quiet.standardError.split(separator: "\n").count == 1)
        #expect(quiet.standardError.hasPrefix("1 rendered, 0 rejected in "))
        // Into a file or a pipe: plain lines, no terminal code (a line each record with an interval of 0).
        let scratch = try ScratchDirectory("alertkit-progress")
        let log = scratch.path("progress.log")
        let second = try file("p2.ndjson", try compact("email-alert"))
        let lines = try CLI.shell("\"$ALERTKIT\" batch '\(feed)' '\(second)' --ndjson --progress --progress-interval 0 >/dev/null 2>'\(log)'")
        #expect(lines.status == 0)
        let written = try String(contentsOfFile: log, encoding: .utf8)
        #expect(written.contains("progress: [##########..........]  50%  1 record") && !written.contains("1 records"), "\(written)")
        #expect(written.contains("progress: [####################] 100%  2 records"), "\(written)")
        #expect(!written.contains("\u{1B}") && !written.contains("\r"), "\(written)")
        // On a terminal (script(1) gives the command one): a live line, redrawn in place.
        let live = try CLI.shell("script -qec '\"$ALERTKIT\" batch \(feed) --ndjson --progress >/dev/null' /dev/null")
        #expect(live.output.contains("\u{1B}[K") && live.output.contains("1 rendered, 0 rejected in "), "\(live.output)")
    }
}
