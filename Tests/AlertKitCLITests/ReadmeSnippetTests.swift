import AlertTestSupport
import Foundation
import Testing

/// The Swift snippets of the README and the DocC article compile as written, with their own imports, against the
/// built library modules.
@Suite("README and DocC snippets")
struct ReadmeSnippetTests {
    static let documents = ["README.md", "Sources/AlertRendering/AlertRendering.docc/ExtendingAlertKit.md"]

    static let snippets: [String] = documents.flatMap { name -> [String] in
        guard let text = try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent(name), encoding: .utf8)
        else { return ["// \(name) is missing"] }
        return text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }

    @Test("the README and the article have Swift snippets")
    func found() { #expect(Self.snippets.count >= 6 && !Self.snippets.contains { $0.hasSuffix(" is missing") }) }

    @Test("each Swift block of the README and the article type-checks alone", arguments: snippets.indices)
    func typeChecks(index: Int) throws {
        let scratch = try ScratchDirectory("alertkit-snippet")
        let file = try scratch.file("main.swift", Self.snippets[index])
        let modules = URL(fileURLWithPath: CLI.executable).deletingLastPathComponent().appendingPathComponent("Modules")
        let result = try Fixtures.run("/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", file,
                                                       "-I", modules.path,
                                                       "-I", Fixtures.packageRoot.appendingPathComponent("Sources/Ccmark").path])
        #expect(result.status == 0, "snippet \(index + 1):\n\(Self.snippets[index])\n\(result.standardError)")
    }
}
