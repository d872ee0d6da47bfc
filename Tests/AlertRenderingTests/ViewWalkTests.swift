import AlertModel
import AlertPresentation
@testable import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// The one walk of the view model (`ViewWalk`) against the two other descriptions of it: the `Codable` conformance
/// (`JSONViewWriterTests` compares the walk's JSON with `JSONEncoder`'s byte for byte) and `view.schema.json`
/// (here: the same members, of the same types). A member added to `AlertView` and not to the walk, or to the walk
/// and not to the schema, fails one of them.
@Suite("The view model's one walk")
struct ViewWalkTests {
    /// Records each value's path (`/actions/[]/popup/title`) and kind, and each object's keys in order.
    struct Recorder: ViewVisitor {
        var path: [String] = []
        var kinds: [String: String] = [:]
        var unsorted: [String] = []

        mutating func object(_ members: (inout Recorder) -> Void) {
            record("object")
            var keys: [String] = []
            swap(&keys, &currentKeys)
            members(&self)
            swap(&keys, &currentKeys)
            if keys != keys.sorted() { unsorted.append(name + ": " + keys.joined(separator: ", ")) }
        }
        private var currentKeys: [String] = []
        mutating func key(_ name: String, _ value: (inout Recorder) -> Void) {
            currentKeys.append(name)
            path.append(name)
            value(&self)
            path.removeLast()
        }
        mutating func list<Item>(_ items: [Item], _ element: (inout Recorder, Item) -> Void) {
            record("array")
            path.append("[]")
            for item in items { element(&self, item) }
            path.removeLast()
        }
        mutating func string(_ value: String) { record("string") }
        mutating func integer(_ value: Int) { record("integer") }
        mutating func number(_ value: Double) { record("number") }
        mutating func boolean(_ value: Bool) { record("boolean") }
        var name: String { "/" + path.joined(separator: "/") }
        private mutating func record(_ kind: String) { kinds[name] = kind }
    }

    /// Every path of `view.schema.json` with its type (`string` for an enum of strings), through `$ref`s.
    static func schemaPaths() throws -> [String: String] {
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(ViewSchema.text.utf8)) as? [String: Any])
        let definitions = schema["$defs"] as? [String: Any] ?? [:]
        var paths: [String: String] = [:]
        func visit(_ node: [String: Any], _ path: [String]) {
            var node = node
            if let reference = node["$ref"] as? String, let target = definitions[String(reference.split(separator: "/").last ?? "")] as? [String: Any] {
                node = target
            }
            let name = "/" + path.joined(separator: "/")
            let type = node["type"] as? String ?? ((node["enum"] as? [Any])?.allSatisfy { $0 is String } == true ? "string" : "?")
            paths[name] = type
            if let properties = node["properties"] as? [String: Any] {
                for (key, value) in properties { visit(value as? [String: Any] ?? [:], path + [key]) }
            }
            if let items = node["items"] as? [String: Any] { visit(items, path + ["[]"]) }
        }
        visit(schema, [])
        return paths
    }

    /// A view with every optional member there: a help line, step groups (the mixed sample), a reminder's delay, a
    /// product's action link.
    static func fullView() throws -> AlertView {
        var catalog = try ContentCatalog.shipped(locale: "en")
        catalog.product.actionLinks = ["remind": "https://acme.example/remind"]
        let context = PresentationContext(catalog: catalog, options: .init(helpLine: HelpLine("+1 (800) 555-0100")))
        return try AlertPipeline(context: context).view(try Fixtures.sample("mixed-alert"))
    }

    @Test("the walk and view.schema.json name the same members with the same types; every object's keys are sorted")
    func schema() throws {
        let view = try Self.fullView()
        #expect(!view.nextSteps.groups.isEmpty && view.help.phone != nil && !view.details.flatMap(\.fields).isEmpty)
        #expect(view.actions.contains { $0.link != nil } && view.actions.contains { $0.popup.phone != nil })
        var recorder = Recorder()
        ViewWalk.walk(view, into: &recorder)
        let schema = try Self.schemaPaths()
        #expect(Set(recorder.kinds.keys).subtracting(schema.keys).sorted() == [], "walked, not in view.schema.json")
        #expect(Set(schema.keys).subtracting(recorder.kinds.keys).sorted() == [], "in view.schema.json, not walked")
        for (path, kind) in recorder.kinds where schema[path] != nil {
            #expect(schema[path] == kind, "\(path): walked as \(kind), the schema says \(schema[path] ?? "")")
        }
        #expect(recorder.unsorted == [], "keys out of JSONEncoder's sorted order")
    }
}

/// The word-at-a-time look for plain ASCII (`TemplateEscaping.isPlainASCII`) against the byte-at-a-time rule, for
/// every byte value at every place of a word and past it.
@Suite("Plain-ASCII look")
struct PlainASCIITests {
    static func reference(_ value: String, slack: Bool) -> Bool {
        value.utf8.allSatisfy { byte in
            !(byte < 0x20 || byte >= 0x7F || byte == 0x22 || byte == 0x5C) && !(slack && (byte == 0x26 || byte == 0x3C || byte == 0x3E))
        }
    }

    @Test("every byte value, at every position of a 1- to 19-byte string, gives the byte-at-a-time answer")
    func everyByte() {
        var checked = 0
        for length in 1...19 {
            for position in 0..<length {
                for byte in UInt8(0)...UInt8(0x7F) {
                    var bytes = Array(repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = byte
                    let value = String(decoding: bytes, as: UTF8.self)
                    for slack in [false, true] {
                        #expect(TemplateEscaping.isPlainASCII(value, slack: slack) == Self.reference(value, slack: slack),
                                "byte \(byte) at \(position) of \(length), slack \(slack)")
                        checked += 1
                    }
                }
            }
            let wide = String(repeating: "a", count: length - 1) + "é"
            #expect(!TemplateEscaping.isPlainASCII(wide, slack: false))
        }
        #expect(checked == 2 * 128 * (1...19).reduce(0, +))
    }
}

/// The escapings' ASCII answers for white space and letters against Unicode's tables, for every ASCII scalar and a
/// few beyond.
@Suite("ASCII character classes")
struct ASCIIClassTests {
    @Test("isWhitespace and isAlphabetic give Unicode's answer for every ASCII scalar, and past it")
    func everyScalar() {
        for value in Array(UInt32(0)..<0x80) + [0x85, 0xA0, 0xE9, 0x2028, 0x3000, 0x4E00] {
            let scalar = Unicode.Scalar(value)!
            #expect(TemplateEscaping.isWhitespace(scalar) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
            #expect(TemplateEscaping.isAlphabetic(scalar) == scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
        }
    }
}
