import AlertTestSupport
import Foundation
import Testing

/// `alertkit batch --ndjson` with several formats and locales in one pass (`-f A -f B --locales en,es`): the lines
/// are those of one run per format and locale, record by record.
@Suite("alertkit batch: several formats and locales in one pass")
final class BatchFanOutTests {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-fanout-\(UUID())")
    static let date = "2026-11-25T09:30:00Z"  // the email's Date, pinned: the runs are compared byte for byte

    init() throws { try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true) }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// 300 generated records (5 % invalid), a line that is not JSON and a blank line (no record).
    func feed() throws -> String {
        var lines = try Fixtures.generateFeed(["--count", "300", "--invalid-rate", "0.05", "--seed", "40"])
            .map { String(decoding: $0, as: UTF8.self) }
        lines.insert("not json", at: 7)
        lines.insert("   ", at: 20)
        let path = scratch.appendingPathComponent("feed.ndjson").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func split(_ output: Data) -> [Data] { output.split(separator: UInt8(ascii: "\n")).map { Data($0) } }

    @Test("each line is the single run's line for its format and locale, with the locale named; records in order, locale by locale, format by format")
    func sameAsSingleRuns() throws {
        let feed = try feed()
        let formats = ["html", "text", "slack"], locales = ["en", "es"]
        let errors = scratch.appendingPathComponent("errors.ndjson").path
        let fanOut = try CLI.run(["batch", feed, "--ndjson", "--jobs", "2", "--date", Self.date, "--errors", errors,
                                  "--locales", locales.joined(separator: ",")] + formats.flatMap { ["-f", $0] })
        #expect(fanOut.status == 1, "\(fanOut.standardError)")
        let lines = Self.split(fanOut.standardOutput)
        var single: [String: [Data]] = [:]
        for locale in locales {
            for format in formats {
                let run = try CLI.run(["batch", feed, "--ndjson", "--jobs", "2", "--date", Self.date, "-f", format,
                                       "--locale", locale])
                #expect(run.status == 1)
                single["\(locale) \(format)"] = Self.split(run.standardOutput)
            }
        }
        let records = try #require(single["en html"]).count
        #expect(records == 301)  // 300 generated and the line that is not JSON; the blank line is no record
        #expect(lines.count == records * 6)
        for (index, line) in lines.enumerated() {
            let record = index / 6, locale = locales[index % 6 / 3], format = formats[index % 3]
            let expected = String(decoding: try #require(single["\(locale) \(format)"])[record], as: UTF8.self)
                .replacingOccurrences(of: "\"format\":\"\(format)\"", with: "\"format\":\"\(format)\",\"locale\":\"\(locale)\"")
            #expect(String(decoding: line, as: UTF8.self) == expected, "line \(index + 1): record \(record), \(locale) \(format)")
        }
        // Rejected records: the --errors file and standard error name each once, not once a format and locale.
        let rejected = try #require(single["en html"]).filter { String(decoding: $0, as: UTF8.self).contains("\"error\":") }.count
        #expect(rejected > 5)
        #expect(Self.split(try Data(contentsOf: URL(fileURLWithPath: errors))).count == rejected)
        #expect(fanOut.standardError.components(separatedBy: "\(feed):8: /: ").count == 2, "\(fanOut.standardError)")
        #expect(fanOut.standardError.contains("\((records - rejected) * 6) rendered, \(rejected * 6) rejected: \(records) records × 3 formats × 2 locales in "))
        #expect(fanOut.standardError.contains("6 not-json"), "\(fanOut.standardError)")
    }

    @Test("one locale and several formats: the lines name no locale, as a run of one format does")
    func formatsAlone() throws {
        let feed = try feed()
        let both = try CLI.run(["batch", feed, "--ndjson", "--date", Self.date, "-f", "markdown", "-f", "json", "--locale", "es"])
        let markdown = try CLI.run(["batch", feed, "--ndjson", "--date", Self.date, "-f", "markdown", "--locale", "es"])
        let json = try CLI.run(["batch", feed, "--ndjson", "--date", Self.date, "-f", "json", "--locale", "es"])
        let lines = Self.split(both.standardOutput), first = Self.split(markdown.standardOutput), second = Self.split(json.standardOutput)
        #expect(lines.count == 2 * first.count && first.count == second.count)
        #expect(lines == zip(first, second).flatMap { [$0, $1] })
        #expect(!both.standardOutput.contains(Data("\"locale\":".utf8)))
    }

    @Test("a locale whose catalog defines other match types decodes the record again: its warnings are its own")
    func redecodes() throws {
        // IDLOYALTY defined in Spanish alone (Examples/LoyaltyCard's es.json): an unknown match type in en, known in es
        // (a locale falls back on English's words, not English on another's).
        let templates = scratch.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("catalog"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("Examples/LoyaltyCard/catalog/es.json"),
                                         to: templates.appendingPathComponent("catalog/es.json"))
        let alert = Fixtures.packageRoot.appendingPathComponent("Examples/LoyaltyCard/loyalty-alert.json").path
        let both = try CLI.run(["batch", alert, "--ndjson", "--templates", templates.path, "-f", "text", "--locales", "en,es"])
        let lines = Self.split(both.standardOutput).map { String(decoding: $0, as: UTF8.self) }
        var single: [String] = []
        for locale in ["en", "es"] {
            let run = try CLI.run(["batch", alert, "--ndjson", "--templates", templates.path, "-f", "text", "--locale", locale])
            single.append(String(decoding: run.standardOutput, as: UTF8.self).trimmingCharacters(in: .newlines)
                .replacingOccurrences(of: "\"format\":\"text\"", with: "\"format\":\"text\",\"locale\":\"\(locale)\""))
        }
        #expect(both.status == 0, "\(both.standardError)")
        #expect(lines == single)
        #expect(lines.count == 2 && lines[0].contains("\"warnings\":") && !lines[1].contains("\"warnings\":"))
        #expect(both.standardError.contains("warning: "), "\(both.standardError)")
    }

    @Test("several formats or locales need --ndjson and different names; --locales takes locale tags, not with --locale", arguments: [
        ["-f", "html", "-f", "text", "--out-dir", "out"], ["--locales", "en,es", "--out-dir", "out"],
        ["--ndjson", "-f", "html", "-f", "html"], ["--ndjson", "--locales", "en,en"], ["--ndjson", "--locales", "en,"],
        ["--ndjson", "--locales", "en,../../etc"], ["--ndjson", "--locales", "en", "--locale", "es"],
    ])
    func usage(arguments: [String]) throws {
        let result = try CLI.run(["batch", "SampleData/email-alert.json"] + arguments)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: "out"))
    }
}
