import AlertBatch
import AlertTestSupport
import Foundation
import Testing

/// Issue 15's files and processes, through the built binary: links in `--out-dir`, special inputs to `batch`.
/// (A kill with SIGKILL is `BatchCommandTests.interrupted`; a full disk, `DataLossTests.fullFolder`; an output
/// that is an input, `DataLossTests`' section 1.)
@Suite("Files and processes: --out-dir links, FIFOs and /dev/stdin")
final class OutputDirectoryTests {
    let scratch: ScratchDirectory
    let alerts: [String]

    init() throws {
        scratch = try ScratchDirectory("alertkit-files")
        alerts = try Fixtures.generateFeed(["--count", "60", "--seed", "15"]).map { String(decoding: $0, as: UTF8.self) }
    }

    func documents(_ result: Fixtures.ProcessResult) throws -> [String?] {
        try result.standardOutput.split(separator: 0x0A).map { try JSONDecoder().decode(BatchLine.self, from: Data($0)).document }
    }

    @Test("an output's name taken by a symbolic link (to a file or folder outside --out-dir, or to nothing) is never written through")
    func symbolicLinks() throws {
        let feed = try scratch.file("feed.ndjson", alerts.joined(separator: "\n"))
        let out = scratch.path("out"), outside = scratch.path("outside")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try scratch.file("outside/victim.html", "keep")
        var namer = OutputNamer(fileExtension: "html")
        let names = try alerts.prefix(3).map { alert in
            try namer.name(for: (JSONSerialization.jsonObject(with: Data(alert.utf8)) as? [String: Any])?["id"] as? String ?? "")
        }
        let targets = [outside + "/victim.html", outside, outside + "/none.html"]
        for (name, target) in zip(names, targets) {
            try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: target)
        }
        let result = try CLI.run(["batch", feed, "--out-dir", out])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.components(separatedBy: "a symbolic link of that name is there; not replaced").count == 4,
                "\(result.standardError)")
        #expect(result.standardError.contains("57 rendered, 3 rejected"), "\(result.standardError)")
        // The links are as they were, and nothing outside changed.
        for (name, target) in zip(names, targets) {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/" + name) == target)
        }
        #expect(try String(contentsOfFile: outside + "/victim.html", encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["victim.html"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == alerts.count)
    }

    @Test("batch reads a FIFO (fed in pieces), /dev/stdin, /dev/fd/0 and standard input like a file")
    func specialInputs() throws {
        let feed = try scratch.file("feed.ndjson", alerts.joined(separator: "\n") + "\n")
        let expected = try documents(try CLI.run(["batch", feed, "--ndjson"]))
        #expect(expected.count == alerts.count && expected.allSatisfy { $0 != nil })
        let fifo = scratch.path("feed.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let scripts = [
            // The writer stops half way through a line for a moment: the reader waits, it does not cut the record.
            "(head -c 5000 '\(feed)'; sleep 0.3; tail -c +5001 '\(feed)') > '\(fifo)' & \"$ALERTKIT\" batch '\(fifo)' --ndjson",
            "\"$ALERTKIT\" batch /dev/stdin --ndjson < '\(feed)'",
            "cat '\(feed)' | \"$ALERTKIT\" batch /dev/stdin --ndjson",
            "cat '\(feed)' | \"$ALERTKIT\" batch /dev/fd/0 --ndjson",
            "cat '\(feed)' | \"$ALERTKIT\" batch - --ndjson",
        ]
        for script in scripts {
            let result = try CLI.shell(script)
            #expect(result.status == 0, "\(script): \(result.standardError)")
            #expect(try documents(result) == expected, "\(script)")
        }
    }
}
