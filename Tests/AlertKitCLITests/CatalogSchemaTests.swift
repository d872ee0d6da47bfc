import AlertTestSupport
import Foundation
import Testing

/// `alertkit schema --catalog` and docs/catalog.md describe the catalog files as they are.
@Suite("Catalog schema and docs")
final class CatalogSchemaTests {
    let scratch: ScratchDirectory

    init() throws { scratch = try ScratchDirectory("alertkit-catalog-schema") }

    @Test("the shipped catalogs and the loyalty-card example validate against schema --catalog; a typo in a key does not")
    func schema() throws {
        let schema = try CLI.run(["schema", "--catalog"])
        #expect(schema.status == 0)
        let file = try scratch.file("catalog.schema.json", schema.standardOutput)
        let typo = try scratch.file("typo.json", #"{"matchTypes": {"IDX": {"stpes": []}}}"#)
        let root = Fixtures.packageRoot.path
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                errors = list(validator.iter_errors(json.load(open(path))))
                print(path.rsplit('/', 3)[-3:], len(errors))
            """
        let result = try Fixtures.run("/usr/bin/env", ["python3", "-c", script, file,
            root + "/Templates/catalog/en.json", root + "/Templates/catalog/es.json",
            root + "/Examples/LoyaltyCard/catalog/en.json", root + "/Examples/LoyaltyCard/catalog/es.json", typo])
        let counts = result.output.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) ?? "" }
        #expect(result.status == 0 && counts == ["0", "0", "0", "0", "1"], "\(result.output) \(result.standardError)")
        #expect(try CLI.run(["schema", "--catalog", "--view"]).status == 64)
    }

    @Test("docs/catalog.md names every shipped icon and every key of a topic")
    func docs() throws {
        let root = Fixtures.packageRoot
        let text = try String(contentsOf: root.appendingPathComponent("docs/catalog.md"), encoding: .utf8)
        let icons = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Templates/icons").path)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
        #expect(!icons.isEmpty)
        for icon in icons { #expect(text.contains("`\(icon)`"), "\(icon) is not in docs/catalog.md") }
        for key in ["name", "title", "subtitle", "icon", "risks", "risksPlural", "steps", "sources", "severity", "urgent", "data",
                    "variants", "product", "labels", "networks", "remove", "last-four"] {
            #expect(text.contains("`\(key)`"), "\(key) is not in docs/catalog.md")
        }
    }
}
