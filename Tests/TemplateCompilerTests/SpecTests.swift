import AlertJSON
import Foundation
import TemplateCompiler
import Testing

/// One test of the Mustache specification: a template, its data and partials, the document expected.
struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var template: String
    var data: JSONValue
    var partials: [String: String]
    var expected: String

    var testDescription: String { "\(file): \(name)" }

    /// The six core files (`Spec/`), in the order the specification lists them.
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]

    /// Every case of every file.
    static let all: [SpecCase] = files.flatMap { file -> [SpecCase] in
        guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Spec"),
              let bytes = try? Data(contentsOf: url),
              case .array(let tests)? = try? JSONParser().parse(bytes)["tests"] else { return [] }
        return tests.map { test in
            var partials: [String: String] = [:]
            if case .object(let object)? = test["partials"] {
                for member in object.members { partials[member.key] = member.value.stringValue ?? "" }
            }
            return SpecCase(file: file, name: test["name"]?.stringValue ?? "?", template: test["template"]?.stringValue ?? "",
                            data: test["data"] ?? .null, partials: partials, expected: test["expected"]?.stringValue ?? "")
        }
    }
}

@Suite struct SpecTests {
    @Test func theSixFilesAreRead() {
        #expect(SpecCase.all.count == 136)
        #expect(Set(SpecCase.all.map(\.file)) == Set(SpecCase.files))
    }

    @Test(arguments: SpecCase.all)
    func specCase(_ test: SpecCase) throws {
        let library = try TemplateLibrary(template: test.template, file: test.name, partials: test.partials)
        let output = try JSONRenderer(library, escaping: HTMLEscaping.self).render(test.data)
        #expect(output == Array(test.expected.utf8), "\(String(decoding: output, as: UTF8.self).debugDescription)")
    }
}
