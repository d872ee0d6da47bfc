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

    @Test("without --date the email is dated when it is made, as a mail is when it is sent; SOURCE_DATE_EPOCH pins it, --date before it")
    func dateOfRendering() throws {
        let before = Date().timeIntervalSince1970.rounded(.down)
        let first = try CLI.run(["render", "SampleData/email-alert.json", "-f", "email"])
        let after = Date().timeIntervalSince1970.rounded(.up)
        let header = first.output.split(separator: "\r\n").first { $0.hasPrefix("Date: ") }.map(String.init) ?? ""
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        let moment = try #require(formatter.date(from: String(header.dropFirst("Date: ".count))), "\(header)").timeIntervalSince1970
        #expect(first.status == 0 && before <= moment && moment <= after, "\(header): not the moment of rendering")
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
