import AlertBatch
import AlertReview
import Foundation

/// Screenshots for a review's report: the first example of the first clusters of each changed HTML page and email
/// (its HTML part), before and after, at a phone's and a desktop's width, light and dark, made with headless Chromium when it is installed;
/// with ImageMagick's `compare`, each after-shot's caption says the share of pixels that changed.
struct ReviewShots {
    /// Where the browser is, if it is installed.
    let browser: String?
    private let compare: String?
    private let scratch: URL

    /// The clusters per row that get screenshots, and the sizes.
    static let clustersPerRow = 2
    static let sizes = [(name: "phone", width: 390, height: 844), (name: "desktop", width: 1280, height: 800)]

    init(scratch: URL) {
        self.scratch = scratch
        browser = Self.find(["chromium", "chromium-browser", "google-chrome"])
        compare = Self.find(["compare"])
    }

    /// The screenshots of `report`'s changed pages; `records` reads the input again for the examples.
    func take(_ report: ReviewReport, review: Review, records: () -> RecordStream) -> [ReviewScreenshot] {
        guard let browser else { return [] }
        var wanted: [Int: [(row: ReviewReport.Row, cluster: Int)]] = [:]
        for row in report.rows where row.format == "html" || row.format == "email" {
            for (number, cluster) in row.clusters.prefix(Self.clustersPerRow).enumerated() {
                if let example = cluster.examples.first { wanted[example.position, default: []].append((row, number)) }
            }
        }
        guard !wanted.isEmpty, (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil else { return [] }
        var shots: [ReviewScreenshot] = []
        let stream = records()
        var position = 0
        while let record = stream.next(), position <= wanted.keys.max() ?? -1 {
            defer { position += 1 }
            guard let targets = wanted[position] else { continue }
            for (row, cluster) in targets {
                var documents = review.documents(record.bytes, format: row.format, locale: row.locale)
                if row.format == "email" {  // the message's HTML part, as a mail client shows it
                    documents = (documents.before.flatMap(MailMessage.htmlPart).map { Array($0.utf8) },
                                 documents.after.flatMap(MailMessage.htmlPart).map { Array($0.utf8) })
                }
                for (width, height, size) in Self.sizes.map({ ($0.width, $0.height, $0.name) }) {
                    for dark in [false, true] {
                        let scheme = dark ? "dark" : "light"
                        var pair: [URL] = []
                        for (side, document) in [("before", documents.before), ("after", documents.after)] {
                            guard let document else { continue }
                            let page = scratch.appendingPathComponent("\(position)-\(row.format)-\(side).html")
                            let png = scratch.appendingPathComponent("\(position)-\(row.format)-\(row.locale)-\(side)-\(size)-\(scheme).png")
                            guard (try? Data(document).write(to: page)) != nil,
                                  ExternalTool.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                                                     "--window-size=\(width),\(height)", "--screenshot=\(png.path)"]
                                                     + (dark ? ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"] : [])
                                                     + [page.absoluteString]).status == 0,
                                  let data = try? Data(contentsOf: png) else { continue }
                            pair.append(png)
                            var caption = "\(side), \(size) (\(width) px), \(scheme)"
                            if side == "after", pair.count == 2, let share = changedShare(pair[0], pair[1], pixels: width * height) {
                                caption += String(format: ", %.1f %% of pixels changed", share * 100)
                            }
                            shots.append(ReviewScreenshot(format: row.format, locale: row.locale, cluster: cluster, caption: caption, png: data))
                        }
                    }
                }
            }
        }
        return shots
    }

    /// The share of pixels that differ between two screenshots, by ImageMagick's `compare -metric AE`.
    private func changedShare(_ a: URL, _ b: URL, pixels: Int) -> Double? {
        guard let compare else { return nil }
        let result = ExternalTool.run(compare, ["-metric", "AE", a.path, b.path, "null:"])
        let text = result.errors.split(separator: " ").first.map(String.init) ?? ""
        guard let count = Double(text), pixels > 0 else { return nil }
        return min(1, count / Double(pixels))
    }

    private static func find(_ names: [String]) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }
}
