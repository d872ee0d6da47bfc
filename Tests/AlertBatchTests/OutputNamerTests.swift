@testable import AlertBatch
import Testing

@Suite("Output file names")
struct OutputNamerTests {
    @Test("lowercase letters, digits, - and . inside stand for themselves", arguments: ["4930000-980", "a.b.c", "x", "abc123"])
    func kept(id: String) {
        #expect(OutputNamer.stem(id) == id)
    }

    @Test("every other byte is _ and two hex digits; a leading or trailing dot and device names too", arguments: [
        ("4930982:105", "4930982_3a105"), ("a_b", "a_5fb"), ("A/B", "_41_2f_42"), ("../../etc/passwd", "_2e._2f.._2fetc_2fpasswd"),
        (".hidden", "_2ehidden"), ("name.", "name_2e"), ("con", "_63on"), ("com1.txt", "_63om1.txt"), ("\u{1B}[2J", "_1b_5b2_4a"),
        ("été", "_c3_a9t_c3_a9"), ("", "_"),
    ])
    func escaped(id: String, stem: String) {
        #expect(OutputNamer.stem(id) == stem)
    }

    @Test("names are safe on every file system", arguments: [
        "../../etc/passwd", "a/b", "a\\b", "CON", "con", "com1", "LPT9.txt", "x:y", "///", "..", ".", ".bashrc",
        "name.", "trailing ", "tab\tnew\nline", "\u{0}", "ÉTÉ", "Mixed-Case", "a\u{202E}b",
    ])
    func safe(id: String) {
        let name = OutputNamer.stem(id)
        #expect(name.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || [0x2D, 0x5F, 0x2E].contains($0) })
        #expect(!name.hasPrefix(".") && !name.hasSuffix("."))
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        #expect(!["con", "prn", "aux", "nul", "com1", "lpt9"].contains(stem))
    }

    @Test("a name is a function of the id alone: an id crafted like another's name gets its own, in any order")
    func injective() throws {
        let ids = ["x:y", "x_3ay", "X:Y", "x_3Ay", "a/b", "a_2fb", "a_b", "a_5fb", "con", "_63on"]
        var forward = OutputNamer(fileExtension: "html"), backward = OutputNamer(fileExtension: "html")
        let names = try ids.map { try forward.name(for: $0) }
        let reversed = try ids.reversed().map { try backward.name(for: $0) }
        #expect(Set(names).count == ids.count)
        #expect(names == reversed.reversed())
    }

    @Test("an id given twice gets no second name, and one too long for a file name gets none")
    func refused() throws {
        var namer = OutputNamer(fileExtension: "html")
        #expect(try namer.name(for: "same") == "same.html")
        #expect(throws: OutputNameError.repeated(name: "same.html")) { try namer.name(for: "same") }
        let longest = String(repeating: "a", count: 255 - ".html".count)
        #expect(try namer.name(for: longest) == longest + ".html")
        #expect(throws: OutputNameError.tooLong(bytes: 256)) { try namer.name(for: longest + "b") }
        #expect(throws: OutputNameError.tooLong(bytes: 257)) { try namer.name(for: String(repeating: "/", count: 84)) }
    }
}
