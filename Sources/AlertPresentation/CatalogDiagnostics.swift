import AlertJSON
import AlertModel
import Foundation

/// Catalog errors as a person fixes them: which key (a JSON pointer), what was expected and what was found, and
/// where in the file (line and column), never a decoder's internals.
enum CatalogDiagnostics {
    /// What `error` says of the catalog `json` (the parsed catalog being decoded): the key's pointer and the message.
    static func describe(_ error: DecodingError, in json: JSONValue?) -> (pointer: [String], message: String) {
        switch error {
        case .typeMismatch(let type, let context):
            let path = context.codingPath.map(component)
            return (path, "expected \(kind(of: type)), found \(found(at: path, in: json))")
        case .valueNotFound(let type, let context):
            let path = context.codingPath.map(component)
            return (path, "expected \(kind(of: type)), found null")
        case .keyNotFound(let key, let context):
            let path = context.codingPath.map(component)
            return (path, "the key \"\(key.stringValue)\" is missing")
        case .dataCorrupted(let context):
            let path = context.codingPath.map(component)
            return (path, "\(found(at: path, in: json)) is not one of the values this key takes")
        @unknown default:
            return ([], "not a catalog")
        }
    }

    /// `/a/b/0` for a path.
    static func pointer(_ path: [String]) -> String {
        path.isEmpty ? "the catalog" : "/" + path.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }
            .joined(separator: "/")
    }

    private static func component(_ key: any CodingKey) -> String { key.intValue.map(String.init) ?? key.stringValue }

    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : String(describing: type).hasPrefix("Dictionary") ? "an object" : "an object"
        }
    }

    private static func found(at path: [String], in json: JSONValue?) -> String {
        var value = json
        for component in path {
            switch value {
            case .object(let object)?: value = object[component]
            case .array(let list)?: value = Int(component).flatMap { list.indices.contains($0) ? list[$0] : nil }
            default: value = nil
            }
        }
        switch value {
        case nil: return "nothing"
        case .string(let string)?: return "the string \"\(string.count > 40 ? String(string.prefix(40)) + "…" : string)\""
        case .number(let number)?: return "the number " + JSONValue.numberText(number)
        case .bool(let bool)?: return bool ? "true" : "false"
        case .array?: return "a list"
        case .object?: return "an object"
        case .null?: return "null"
        }
    }

    /// The line and column (from 1) where the value at `path` starts in the JSON text `bytes`; nil when it is not there.
    static func position(of path: [String], in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var reader = Locator(bytes: bytes)
        guard let offset = reader.find(path[...]) else { return nil }
        var line = 1, lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1)
    }

    /// A walk over well-formed JSON text that skips values to reach one.
    private struct Locator {
        let bytes: [UInt8]
        var index = 0

        mutating func space() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        /// The offset of the value at `path`, from the value at `index`.
        mutating func find(_ path: ArraySlice<String>) -> Int? {
            space()
            guard let first = path.first else { return index }
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "{") {
                index += 1
                while true {
                    space()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                    let key = string()
                    space()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    if key == first { return find(path.dropFirst()) }
                    skip()
                    space()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
            }
            if bytes[index] == UInt8(ascii: "["), let wanted = Int(first) {
                index += 1
                for _ in 0..<wanted {
                    skip()
                    space()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
                    index += 1
                }
                return find(path.dropFirst())
            }
            return nil
        }

        /// Reads a string at `index` (its opening quote), decoded.
        mutating func string() -> String {
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
            let text = bytes[start..<min(index, bytes.count)]
            return (try? JSONSerialization.jsonObject(with: Data(text), options: .fragmentsAllowed)) as? String ?? ""
        }

        /// Skips the value at `index`.
        mutating func skip() {
            space()
            guard index < bytes.count else { return }
            switch bytes[index] {
            case UInt8(ascii: "\""): _ = string()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                repeat {
                    switch bytes[index] {
                    case UInt8(ascii: "\""): _ = string(); continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    index += 1
                } while depth > 0 && index < bytes.count
            default:
                while index < bytes.count, !",}] \t\r\n".utf8.contains(bytes[index]) { index += 1 }
            }
        }
    }
}
