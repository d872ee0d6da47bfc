import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// One expected file per sample and format under `Golden/`. Run with `UPDATE_GOLDEN=1` to rewrite them after
/// a deliberate change, then review the diff.
@Suite("Golden files")
struct GoldenFileTests {
    static let variants: [(format: String, fragment: Bool, suffix: String)] = [
        ("html", false, "html"), ("html", true, "fragment.html"), ("markdown", false, "md"),
        ("text", false, "txt"), ("json", false, "json"),
        ("slack", false, "slack.json"), ("push", false, "push.json"), ("sms", false, "sms.txt"),
        ("email", false, "eml"), ("teams", false, "teams.json"),
    ]

    /// The built-in formats and the shipped template formats.
    static let pipeline: AlertPipeline = {
        do { return AlertPipeline(formats: try .standard(templates: [])) } catch { fatalError("shipped templates: \(error)") }
    }()

    static let cases: [(String, Int)] = Fixtures.sampleNames.flatMap { name in variants.indices.map { (name, $0) } }

    @Test("every sample renders exactly as its golden file in every format", arguments: cases)
    func golden(sample: String, variant: Int) throws {
        let (format, fragment, suffix) = Self.variants[variant]
        let rendered = try Self.pipeline.render(Fixtures.sample(sample), format: format,
                                                  options: RenderOptions(fragment: fragment, date: Fixtures.pinnedDate)).document
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/\(sample).\(suffix)")
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try Data(rendered.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(rendered == expected, "\(url.lastPathComponent) differs; UPDATE_GOLDEN=1 rewrites it")
    }
}
