import AlertBatch
import Foundation

/// A one-line progress report on standard error, redrawn at most ten times a second: records done, rate,
/// and, when the inputs' size is known, a bar and the time left. Shown when `enabled` (by default `batch`
/// enables it when standard error is a terminal).
final class ProgressBar {
    private let totalBytes: Int?
    private let start = Date()
    private var lastDraw = Date.distantPast
    private(set) var isShown = false
    private let enabled: Bool

    /// `totalBytes`: the inputs' size, if every input is a regular file.
    init(totalBytes: Int?, enabled: Bool) {
        self.totalBytes = totalBytes
        self.enabled = enabled
    }

    /// Redraws if a tenth of a second has passed.
    func update(records: Int, bytes: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = Date()
        draw(Self.line(records: records, bytes: bytes, totalBytes: totalBytes, elapsed: lastDraw.timeIntervalSince(start)))
    }

    /// Clears the line, so an error or the summary prints on a clean line.
    func clear() {
        guard isShown else { return }
        try? DescriptorWriter.writeAll(Array("\r\u{1B}[K".utf8), to: STDERR_FILENO)
        isShown = false
    }

    private func draw(_ line: String) {
        try? DescriptorWriter.writeAll(Array(("\r\u{1B}[K" + line).utf8), to: STDERR_FILENO)
        isShown = true
    }

    /// The text of the line, e.g. `[#######.............]  35%  123,456 records  98,765/s  ETA 0:12`.
    static func line(records: Int, bytes: Int, totalBytes: Int?, elapsed: TimeInterval) -> String {
        let rate = elapsed > 0 ? Double(records) / elapsed : 0
        var parts = ["\(grouped(records)) records", "\(grouped(Int(rate)))/s"]
        if let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytes) / Double(totalBytes))
            let filled = Int(fraction * 20)
            parts.insert("[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]"
                         + String(format: " %3d%%", Int(fraction * 100)), at: 0)
            if fraction > 0 {
                let left = Int(min(max(elapsed / fraction - elapsed, 0), 359_999))  // at most 99:59:59
                parts.append(String(format: "ETA %d:%02d", left / 60, left % 60))
            }
        }
        return parts.joined(separator: "  ")
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
