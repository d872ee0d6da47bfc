import AlertTestSupport
import Foundation
import Testing

/// `--width` and `--date` in `render` and `batch`: the same bounds and the same reading as the service's parameters.
@Suite("Document flags")
struct DocumentFlagsTests {
    @Test("--date fixes the email's Date header and Message-ID in render and batch: the same moment, the same bytes")
    func date() throws {
        let first = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email", "--date", "2026-11-25T09:30:00Z"])
        #expect(first.status == 0 && first.output.contains("Date: Wed, 25 Nov 2026 09:30:00 +0000\r\n"), "\(first.standardError)")
        let again = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email", "--date", "2026-11-25T10:30:00+01:00"])
        #expect(again.output == first.output, "one moment, two spellings: one message")
        let batch = try CLI.run(["batch", "SampleData/email-alert.json", "--ndjson", "-f", "email", "--date", "2026-11-25T09:30:00Z"])
        #expect(batch.status == 0 && batch.output.contains(#"Date: Wed, 25 Nov 2026 09:30:00 +0000\r\n"#), "\(batch.output.prefix(300))")
        for bad in ["2026-11-25", "tomorrow", "2026-02-30T00:00:00Z", "2026-11-25T25:00:00Z", "2026-11-25T09:61:00Z"] {
            let result = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email", "--date", bad])
            #expect(result.status == 64 && result.standardError.contains("--date takes an RFC 3339 date-time"), "\(bad): \(result.standardError)")
        }
    }

    @Test("--width: 20 and 1000 are accepted, 19 and 1001 are usage errors, in render and batch", arguments: ["render", "batch"])
    func width(command: String) throws {
        let tail = command == "batch" ? ["--ndjson"] : []
        for (columns, status) in [(19, 64), (20, 0), (1000, 0), (1001, 64)] {
            let result = try CLI.run([command, "SampleData/email-alert.json", "-f", "text", "--width", "\(columns)"] + tail)
            #expect(result.status == Int32(status), "\(command) --width \(columns): \(result.standardError)")
            if status == 64 { #expect(result.standardError.contains("--width takes 20 to 1000")) }
        }
    }
}
