@testable import AlertKitCLI
import Testing

/// `batch`'s progress line, as its text reads.
@Suite("Progress line")
struct ProgressBarTests {
    @Test("the progress line: a count that reads right, rejections, no rate before a second, no time left before it means something")
    func progressLine() {
        #expect(ProgressBar.line(records: 1, bytes: 100, totalBytes: 1_000_000, elapsed: 0.02) == "[....................]   0%  1 record")
        #expect(ProgressBar.line(records: 1, rejected: 0, bytes: 10_000, totalBytes: 1_000_000, elapsed: 1.5)
                == "[....................]   1%  1 record  0/s")
        #expect(ProgressBar.line(records: 50_000, rejected: 12, bytes: 250_000, totalBytes: 1_000_000, elapsed: 10)
                == "[#####...............]  25%  50,000 records  12 rejected  5,000/s  ETA 0:30")
        #expect(ProgressBar.line(records: 10, bytes: 10, totalBytes: 1_000_000, elapsed: 36)
                == "[....................]   0%  10 records  0/s")
        #expect(ProgressBar.line(records: 3_000, bytes: 100_000, totalBytes: 1_000_000, elapsed: 600).hasSuffix("ETA 1:30:00"))
        #expect(ProgressBar.line(records: 7, bytes: 7, totalBytes: nil, elapsed: 3) == "7 records  2/s")
    }
}
