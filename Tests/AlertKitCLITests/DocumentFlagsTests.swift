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

    @Test("without --date the email is dated by the alert (its newest event, midnight UTC), never the clock; SOURCE_DATE_EPOCH comes before the alert, --date before both")
    func dateFromTheAlert() throws {
        let first = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email"])
        #expect(first.status == 0 && first.output.contains("Date: Mon, 12 Sep 2016 00:00:00 +0000\r\n"), "\(first.output.prefix(400))")
        Thread.sleep(forTimeInterval: 1.1)  // a clock that had reached the message would now show another second
        let again = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email"])
        #expect(again.output == first.output, "the same alert, the same bytes")
        let epoch = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email"], environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        #expect(epoch.output.contains("Date: Wed, 18 Nov 2026 11:06:40 +0000\r\n"), "\(epoch.output.prefix(400))")
        #expect(epoch.output != first.output)
        let both = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email", "--date", "2026-11-25T09:30:00Z"],
                               environment: ["SOURCE_DATE_EPOCH": "1795000000"])
        #expect(both.output.contains("Date: Wed, 25 Nov 2026 09:30:00 +0000\r\n"))
        for bad in ["", "-1", "17e8", "1795000000.5", " 1795000000", "1234567890123"] {
            let result = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email"], environment: ["SOURCE_DATE_EPOCH": bad])
            #expect(result.status == 64 && result.standardError.contains("SOURCE_DATE_EPOCH takes a whole number"), "\(bad.debugDescription): \(result.standardError)")
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
