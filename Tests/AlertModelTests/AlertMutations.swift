import AlertJSON
import AlertModel
import Foundation

/// Variants of valid alerts for the decoders to disagree on, if they can: every member deleted, repeated, given
/// another value, nested changes, unknown members added, members reordered; and, on the text, every spelling the
/// syntax allows or nearly allows.
enum AlertMutations {
    /// One variant, and whether the one-pass decoder must accept it when the general way accepts it without a
    /// warning (false where it is allowed to hand over: repeated members, `type` not written 1, 2 or 3...).
    struct Variant {
        var text: String
        var mustAccept: Bool
    }

    /// Values put in place of a member's value.
    static let replacements: [JSONValue] = [
        "", "x", " ", "2023-02-29", "2024-02-29", "1900-02-29", "2000-02-29", "2016-09-06", "2016-13-01",
        "2016-09-06T00:00:00Z", "2016-09-06 23:59:60.5+02:00", "2016-09-06T24:00", "2016-09-06t00:00z",
        "CA", "ca", "C", "CAL", "C1", "IDEMAILADDR", "IDSSN", "IDPHONE", "IDFOO", "Hate", "Gossip", "a\u{0}b",
        "😀 Zoë",
    ].map(JSONValue.string) + [
        .number(1), .number(2), .number(3), .number(7), .number(-1), .number(1.5), .bool(true), .null,
        .array([]), .array([.string("x")]), .object(JSONObject()),
        .object(JSONObject([.init(key: "match", value: .string("IDSSN"))])),
    ]

    /// Values the general way may accept that the one-pass decoder is allowed to hand over: a date or a state code
    /// followed by a line break (which ICU's `$` lets through).
    static let looseReplacements: [JSONValue] = ["2016-09-06\n", "2016-09-06T00:00:00Z\n", "CA\n", "\u{212A}"]
        .map(JSONValue.string)

    /// A value nested a few levels, for unknown members.
    static let nested: JSONValue = .object(JSONObject([
        .init(key: "a", value: .array([.null, .bool(false), .number(-2.5e3), .string("é\u{1}"), .object(JSONObject())])),
        .init(key: "id", value: .object(JSONObject([.init(key: "type", value: .number(9))]))),
    ]))

    /// Every variant of a value one change away from it.
    static func variants(of value: JSONValue) -> [(value: JSONValue, mustAccept: Bool)] {
        var out: [(value: JSONValue, mustAccept: Bool)] = []
        switch value {
        case .object(let object):
            let members = object.members
            for index in members.indices {
                var copy = members
                copy.remove(at: index)
                out.append((.object(JSONObject(copy)), true))
                copy = members
                copy.insert(members[index], at: index + 1)
                out.append((.object(JSONObject(copy)), false))
                out.append((.object(JSONObject(members + [.init(key: members[index].key, value: .string("x"))])), false))
                for replacement in replacements {
                    copy = members
                    copy[index].value = replacement
                    out.append((.object(JSONObject(copy)), true))
                }
                for replacement in looseReplacements {
                    copy = members
                    copy[index].value = replacement
                    out.append((.object(JSONObject(copy)), false))
                }
                for (inner, mustAccept) in variants(of: members[index].value) {
                    copy = members
                    copy[index].value = inner
                    out.append((.object(JSONObject(copy)), mustAccept))
                }
            }
            out.append((.object(JSONObject(members + [.init(key: "_extra", value: nested)])), true))
            out.append((.object(JSONObject([.init(key: "zz", value: .array([nested, nested]))] + members)), true))
            out.append((.object(JSONObject(members.reversed())), true))
            out.append((.object(JSONObject(members.sorted { $0.key < $1.key })), true))
            out.append((.object(JSONObject()), true))
        case .array(let elements):
            for index in elements.indices {
                var copy = elements
                copy.remove(at: index)
                out.append((.array(copy), true))
                copy = elements
                copy.insert(elements[index], at: index)
                out.append((.array(copy), true))
                for (inner, mustAccept) in variants(of: elements[index]) {
                    copy = elements
                    copy[index] = inner
                    out.append((.array(copy), mustAccept))
                }
            }
            out.append((.array(elements + [nested]), true))
        default:
            break
        }
        return out
    }

    /// Variants of the alert `text` (valid JSON): the tree's, then the text's own.
    static func all(of text: String) throws -> [Variant] {
        let value = try JSONParser().parse(text)
        var out = variants(of: value).map { Variant(text: write($0.value), mustAccept: $0.mustAccept) }
        let compact = write(value)
        out += [
            Variant(text: "\u{FEFF}" + compact, mustAccept: true),
            Variant(text: " \n\t\r" + compact + "\r\n\t ", mustAccept: true),
            Variant(text: write(value, spaced: true), mustAccept: true),
            Variant(text: "\u{FEFF}\u{FEFF}" + compact, mustAccept: false),
        ]
        for garbage in ["x", "{}", ",", "\u{0}", "]", "}", "\"", "//", "1"] {
            out.append(Variant(text: compact + garbage, mustAccept: false))
            out.append(Variant(text: compact + " " + garbage, mustAccept: false))
        }
        if let type = value["type"], case .number(let number) = type {
            let written = "\"type\":\(Int(number))"
            for spelling in ["\(Int(number)).0", "\(Int(number))e0", "\(Int(number))0e-1", "-0", "0\(Int(number))",
                             "\(Int(number)).", "+\(Int(number))", "\"\(Int(number))\"", "true", "\(Int(number))E+0",
                             "\(Int(number)) ", " \(Int(number))", "\(Int(number))x", "\(Int(number)).5", "[1]"] {
                out.append(Variant(text: compact.replacingFirst(written, with: "\"type\":" + spelling), mustAccept: false))
            }
        }
        // Escapes in names and values; bytes that are not UTF-8; names that are not ASCII.
        let edits: [(String, String, Bool)] = [
            ("\"id\":", "\"\\u0069d\":", false), ("\"events\":", "\"even\\u0074s\":", false),
            ("\"date\":", "\"d\\u0061te\":", false), ("\"id\":\"", "\"id\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t", true),
            ("\"id\":\"", "\"id\":\"\\u00e9\\ud83d\\ude00", true), ("\"id\":\"", "\"id\":\"\\ud800", false),
            ("\"id\":\"", "\"id\":\"\\udc00x", false), ("\"id\":\"", "\"id\":\"\\ud800\\u0041", false),
            ("\"id\":\"", "\"id\":\"\\x", false), ("\"id\":\"", "\"id\":\"\\u12", false),
            ("\"id\":\"", "\"id\":\"\\u", false), ("\"id\":\"", "\"id\":\"\u{7F}\u{85}\u{202E}", true),
            ("\"date\":\"2", "\"date\":\"\\u0032", false), ("\"id\":", "\"ключ\":1,\"id\":", false),
            ("\"id\":", "\"\\u00e9\":{\"a\":[\"\\ud83d\\ude00\"]},\"id\":", false),
            ("\"match\":\"IDBANK\"", "\"match\":\"IDBAN\u{212A}\"", false),
            ("\"match\":\"IDEMAILADDR\"", "\"match\":\"IDEMAILADDR\\u0000\"", false),
            ("\"id\":", "\"_x\":-0.0e-0,\"_y\":1e999,\"_z\":1.00000000000000000001,\"id\":", false),
            ("\"id\":", "\"_x\":123456789012345678901234567890,\"_y\":[true,false,null],\"id\":", true),
        ]
        for (target, replacement, mustAccept) in edits where compact.contains(target) {
            out.append(Variant(text: compact.replacingFirst(target, with: replacement), mustAccept: mustAccept))
        }
        for depth in [120, 123, 124, 125, 126, 127, 128, 129] {
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            out.append(Variant(text: compact.replacingFirst("\"id\":", with: "\"_deep\":\(deep),\"id\":"), mustAccept: true))
            let deepObject = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
            out.append(Variant(text: compact.replacingFirst("\"date\":", with: "\"_deep\":\(deepObject),\"date\":"),
                               mustAccept: true))
        }
        return out
    }

    /// The variants of the text's bytes: every prefix, and each byte replaced by a few that break or bend it.
    static func bytes(of text: String) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        var out: [[UInt8]] = (0..<bytes.count).map { Array(bytes[..<$0]) }
        for index in bytes.indices {
            for replacement: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x7D, 0x5D, 0x2C, 0x3A, 0x31, 0xC3, 0xED, 0xFF] {
                var copy = bytes
                copy[index] = replacement
                out.append(copy)
            }
            var inserted = bytes
            inserted.insert(contentsOf: [0xED, 0xA0, 0x80], at: index)
            out.append(inserted)
        }
        return out
    }

    /// JSON text of a value, members in order, compact or with white space between every token.
    static func write(_ value: JSONValue, spaced: Bool = false) -> String {
        let gap = spaced ? " \n\t" : ""
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONValue.numberText(number)
        case .string(let text):
            var bytes: [UInt8] = []
            JSONString.append(text, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        case .array(let elements):
            return "[" + gap + elements.map { write($0, spaced: spaced) }.joined(separator: gap + "," + gap) + gap + "]"
        case .object(let object):
            let members = object.members.map {
                write(.string($0.key)) + gap + ":" + gap + write($0.value, spaced: spaced)
            }
            return "{" + gap + members.joined(separator: gap + "," + gap) + gap + "}"
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
