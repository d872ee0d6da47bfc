@testable import AlertBatch
import Testing

@Suite("Output file names")
struct OutputNamerTests {
    @Test("safe ids stay as they are", arguments: ["4930000-980", "alert_1", "a.b.c", "x"])
    func kept(id: String) {
        #expect(OutputNamer.safeName(id) == id)
    }

    @Test("unsafe ids become safe names with the id's hash", arguments: [
        "../../etc/passwd", "a/b", "a\\b", "CON", "con", "com1", "LPT9.txt", "x:y", "4930000:980", "", "///", "..", ".", ".bashrc",
        "name.", "trailing ", "tab\tnew\nline", "\u{0}", "ÉTÉ", String(repeating: "ab/", count: 100), "Mixed-Case",
    ])
    func cleaned(id: String) {
        let name = OutputNamer.safeName(id)
        #expect(name != id)
        #expect(!name.isEmpty && name.utf8.count <= 73)
        #expect(name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || [0x2D, 0x5F, 0x2E].contains($0) })
        #expect(!name.hasPrefix(".") && !name.hasSuffix("."))
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        #expect(!["con", "prn", "aux", "nul", "com1", "lpt9"].contains(stem))
        #expect(name.range(of: "-[0-9a-f]{8}$", options: .regularExpression) != nil)
    }

    @Test("ids that clean alike, and repeated ids, still get distinct names, the same on every run")
    func collisions() {
        let ids = ["a/b", "a:b", "a\\b", "A/B", "a_b", "same", "same", "same", "a_b-" + String(OutputNamer.fnv1a64("a/b") & 0xFFFF_FFFF, radix: 16)]
        var first = OutputNamer(fileExtension: "html"), second = OutputNamer(fileExtension: "html")
        let names = ids.map { first.name(for: $0) }
        #expect(Set(names).count == ids.count)
        #expect(names == ids.map { second.name(for: $0) })
        #expect(names[5...7] == ["same.html", "same-2.html", "same-3.html"])
    }
}
