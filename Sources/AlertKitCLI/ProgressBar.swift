import AlertBatch
import Foundation

/// Progress on standard error: records done, rejections, the rate and, when the inputs' size is known, the share
/// done and the time left. On a terminal, one live line redrawn at most ten times a second; elsewhere (a log file, a
/// pipe, a CI job), a plain line every `interval` seconds with no terminal codes. Shown when `enabled` (by default
/// `batch` enables it when standard error is a terminal; `--progress` elsewhere).
final class ProgressBar {
    /// How progress is written.
    enum Style: Equatable {
        /// One line redrawn in place (`\r`, erase to the end of the line): for a terminal.
        case live
        /// A plain line every so many seconds: for a file or a pipe.
        case lines(every: TimeInterval)
    }

    private let totalBytes: Int?
    private let start = Date()
    private var lastDraw: Date
    private(set) var isShown = false
    private let enabled: Bool
    private let style: Style
    /// What each line starts with on a terminal (`review: `); plain lines start with `progress: `.
    private let label: String

    /// `totalBytes`: the inputs' size, if every input is a regular file.
    init(totalBytes: Int?, enabled: Bool, style: Style = .live, label: String = "") {
        self.totalBytes = totalBytes
        self.enabled = enabled
        self.style = style
        self.label = label
        // Plain lines start one interval in: a run shorter than that writes none, only its summary.
        lastDraw = style == .live ? .distantPast : Date()
    }

    /// The style for standard error: live on a terminal, plain lines every `interval` seconds elsewhere.
    static func style(forTerminal isTerminal: Bool, interval: TimeInterval) -> Style {
        isTerminal ? .live : .lines(every: interval)
    }

    /// Writes progress if it is time to.
    func update(records: Int, rejected: Int, bytes: Int) {
        guard enabled else { return }
        let now = Date()
        switch style {
        case .live:
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let line = Self.line(records: records, rejected: rejected, bytes: bytes, totalBytes: totalBytes,
                                 elapsed: now.timeIntervalSince(start))
            try? DescriptorWriter.writeAll(Array(("\r\u{1B}[K" + label + line).utf8), to: STDERR_FILENO)
            isShown = true
        case .lines(let interval):
            guard now.timeIntervalSince(lastDraw) >= interval else { return }
            lastDraw = now
            let line = Self.line(records: records, rejected: rejected, bytes: bytes, totalBytes: totalBytes,
                                 elapsed: now.timeIntervalSince(start))
            try? DescriptorWriter.writeAll(Array((label + "progress: " + line + "\n").utf8), to: STDERR_FILENO)
        }
    }

    /// Clears the live line, so an error or the summary prints on a clean line; plain lines need no clearing.
    func clear() {
        guard isShown else { return }
        try? DescriptorWriter.writeAll(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
        isShown = false
    }

    /// The text of the line, e.g. `[#######.............]  35%  123,456 records  12 rejected  98,765/s  ETA 0:12`.
    /// The time left is given once it means something: after 2 seconds and 1 % of the input.
    static func line(records: Int, rejected: Int = 0, bytes: Int, totalBytes: Int?, elapsed: TimeInterval) -> String {
        var parts = ["\(grouped(records)) record\(records == 1 ? "" : "s")"]
        if rejected > 0 { parts.append("\(grouped(rejected)) rejected") }
        if elapsed >= 1 { parts.append("\(grouped(Int(Double(records) / elapsed)))/s") }
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            let filled = Int(fraction * 20)
            parts.insert("[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]"
                         + String(format: " %3d%%", Int(fraction * 100)), at: 0)
            if fraction >= 0.01, elapsed >= 2 {
                parts.append("ETA " + duration(min(max(elapsed / fraction - elapsed, 0), 359_999)))  // at most 99:59:59
            }
        }
        return parts.joined(separator: "  ")
    }

    /// Seconds as `M:SS`, or `H:MM:SS` from an hour.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return total >= 3600 ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
            : String(format: "%d:%02d", total / 60, total % 60)
    }

    /// The inputs' total size, when all are regular files or directories of them (not standard input).
    static func totalBytes(of inputs: [String]) -> Int? {
        guard !inputs.contains("-") else { return nil }
        var total = 0
        for input in inputs {
            for case .file(let file) in BatchInput(input).entries() {
                let size = (try? URL(fileURLWithPath: file).resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
                let (sum, overflow) = total.addingReportingOverflow(size)
                total = overflow ? Int.max : sum  // sparse files can claim any size
            }
        }
        return total
    }

    /// 1234567 as `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
