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

    /// The C modules' maps a snippet that imports `AlertKitCLI` needs (SwiftNIO's and swift-atomics' shims): those
    /// SwiftPM wrote beside the build (`TARGET.build/module.modulemap`) and those the packages ship
    /// (`checkouts/*/Sources/*/include/module.modulemap`).
    static func moduleMaps(bin: URL) -> [String] {
        let files = FileManager.default
        let generated = ((try? files.contentsOfDirectory(atPath: bin.path)) ?? []).filter { $0.hasSuffix(".build") }
            .map { bin.appendingPathComponent($0).appendingPathComponent("module.modulemap").path }
        let checkouts = bin.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("checkouts")
        var shipped: [String] = []
        for package in (try? files.contentsOfDirectory(atPath: checkouts.path)) ?? [] {
            let sources = checkouts.appendingPathComponent(package).appendingPathComponent("Sources")
            for target in (try? files.contentsOfDirectory(atPath: sources.path)) ?? [] {
                shipped.append(sources.appendingPathComponent(target).appendingPathComponent("include/module.modulemap").path)
            }
        }
        return (generated + shipped).filter { files.fileExists(atPath: $0) }.sorted()
    }

    @Test("each Swift block of the README and the article type-checks alone", arguments: snippets.indices)
    func typeChecks(index: Int) throws {
        let scratch = try ScratchDirectory("alertkit-snippet")
        let file = try scratch.file("main.swift", Self.snippets[index])
        let bin = URL(fileURLWithPath: CLI.executable).deletingLastPathComponent()
        let result = try Fixtures.run("/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", file,
                                                       "-I", bin.appendingPathComponent("Modules").path,
                                                       "-I", Fixtures.packageRoot.appendingPathComponent("Sources/Ccmark").path,
                                                       "-I", Fixtures.packageRoot.appendingPathComponent("Sources/CMarkArena/include").path]
                                                      + Self.moduleMaps(bin: bin).flatMap { ["-Xcc", "-fmodule-map-file=" + $0] })
        #expect(result.status == 0, "snippet \(index + 1):\n\(Self.snippets[index])\n\(result.standardError)")
    }
}

/// One documented layout for a templates folder: the shipped `Templates/` one (`formats/`, `catalog/`, `page/`,
/// `icons/`), in every document that shows one, and never a template at a folder's root.
@Suite("One templates-folder layout")
struct TemplatesLayoutDocTests {
    @Test("README, Templates/README.md, docs/extending.md, docs/contract.md and the DocC article put formats in formats/")
    func oneLayout() throws {
        let documents = ["README.md", "Templates/README.md", "docs/extending.md", "docs/contract.md",
                         "Sources/AlertRendering/AlertRendering.docc/ExtendingAlertKit.md"]
        for name in documents {
            let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("formats/"), "\(name) shows no formats/ folder")
            let rootTemplate = try NSRegularExpression(pattern: #"\bmine/[A-Za-z0-9_-]+\.[a-z]+\.mustache"#)
            let range = NSRange(text.startIndex..., in: text)
            #expect(rootTemplate.firstMatch(in: text, range: range) == nil, "\(name) puts a template at a folder's root")
            #expect(!text.contains("(or its `formats/`)"), "\(name) documents two layouts")
        }
    }
}
