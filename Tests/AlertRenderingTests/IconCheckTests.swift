import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The shipped icons pass the check a user's icons get (they are not checked at each start: they are part of the
/// build), each copied into a user's folder and loaded as one.
@Suite("Shipped icons")
struct IconCheckTests {
    static let folder = Fixtures.packageRoot.appendingPathComponent("Templates/icons")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".svg") }.sorted()

    @Test("every shipped icon is a self-contained SVG by the user's rule", arguments: names)
    func shipped(name: String) throws {
        let scratch = try ScratchDirectory("alertkit-icons")
        try scratch.file("icons/\(name)", try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        _ = try HTMLEmitter(templates: [scratch.url])  // a TemplateError for an icon that fails the check
    }

    @Test("there are shipped icons to check")
    func some() { #expect(Self.names.count > 40) }
}
