import AlertTestSupport
import Foundation
import Testing

/// The README's Swift snippets compile as written, with their own imports, against the built library modules.
@Suite("README snippets")
struct ReadmeSnippetTests {
    static let snippets: [String] = {
        guard let readme = try? String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        else { return [] }
        return readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    }()

    @Test("the README has Swift snippets")
    func found() { #expect(Self.snippets.count >= 3) }

    @Test("each Swift block of the README type-checks alone", arguments: snippets.indices)
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
