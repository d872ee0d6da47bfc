import AlertJSON
import AlertModel

/// Text and link addresses written into HTML exactly as cmark writes a text node and an `href` (so that a shape filled
/// in by `MarkupShape` gives the bytes of the whole layout rendered through cmark; tests hold the two equal).
enum HTMLText {
    /// Appends `text` as cmark writes a text node made from it: control characters made visible first (as the tree
    /// builder does), then `"`, `&`, `<` and `>` as entities; every other byte as it is.
    static func appendEscaped(_ text: String, to out: inout [UInt8]) {
        var visible = ControlCharacters.visible(text)
        visible.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let entity: StaticString
                switch utf8[index] {
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// Appends an `https://` address that cmark writes unchanged (every byte one that its `href` escaping keeps as it
    /// is, and no scheme its safe mode blanks); `false`, with nothing appended, for any other address.
    static func appendHref(_ url: String, to out: inout [UInt8]) -> Bool {
        let utf8 = url.utf8
        guard utf8.starts(with: "https://".utf8), utf8.allSatisfy(keptByCmark) else { return false }
        out.append(contentsOf: utf8)
        return true
    }

    /// The bytes cmark's `href` escaping passes through: letters, digits and `-_.+!*(),%#@?=;:/$~`.
    private static func keptByCmark(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "@"),
             UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"),
             UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
