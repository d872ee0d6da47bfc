import Foundation

/// What an icon may be: one self-contained SVG drawing, read strictly as tags and text, every element and attribute
/// from an allow-list (shapes, paths, groups, gradients, their presentation attributes), references only to its own
/// `#ids`. Anything else (a script, an event handler, a link, an `<image>`, a `<style>` or `style`, a `<use>` of
/// another file, an animation that could set an `href`, a character reference or CSS escape that could spell any of
/// them, a second root element, a comment or a DOCTYPE) is refused with what was found.
enum IconCheck {
    static let elements: Set<String> = [
        "svg", "g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon", "title", "desc", "defs",
        "lineargradient", "radialgradient", "stop", "clippath", "mask", "symbol", "use",
    ]
    static let attributes: Set<String> = [
        "xmlns", "xmlns:xlink", "version", "viewbox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy",
        "r", "rx", "ry", "fx", "fy", "d", "points", "transform", "fill", "fill-rule", "fill-opacity", "stroke",
        "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray",
        "stroke-dashoffset", "stroke-opacity", "opacity", "clip-rule", "clip-path", "mask", "id", "class",
        "focusable", "aria-hidden", "role", "preserveaspectratio", "offset", "stop-color", "stop-opacity",
        "gradientunits", "gradienttransform", "spreadmethod", "clippathunits", "maskunits", "maskcontentunits",
        "href", "xlink:href", "vector-effect", "shape-rendering",
    ]

    /// Why `svg` is not an icon, or nil when it is one.
    static func problem(_ svg: String) -> String? {
        let bytes = Array(svg.utf8)
        var index = 0, depth = 0, roots = 0
        var open: [String] = []
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "<") {
                // Text: no character references at all (they could spell anything), nothing markup-like.
                if bytes[index] == UInt8(ascii: "&") { return "a character reference (&…;)" }
                if bytes[index] == UInt8(ascii: ">") { return "a stray >" }
                if depth == 0, !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) {
                    return "text outside the <svg> element"
                }
                index += 1
                continue
            }
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return "a tag that is never closed" }
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if tag.hasPrefix("/") {
                let name = tag.dropFirst().trimmingCharacters(in: .whitespaces).lowercased()
                guard open.last == name else { return "</\(name)> does not close the open element" }
                open.removeLast()
                depth -= 1
                continue
            }
            guard let first = tag.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else {
                return "<\(tag.prefix(12))…> (a comment, DOCTYPE or processing instruction)"
            }
            let selfClosing = tag.hasSuffix("/")
            let body = selfClosing ? String(tag.dropLast()) : tag
            guard let (name, attributes) = parse(body) else { return "<\(tag.prefix(40))> is not a plain tag" }
            guard elements.contains(name) else { return "a <\(name)> element" }
            if depth == 0 {
                roots += 1
                guard roots == 1, name == "svg" else { return "more than one root element, or a root other than <svg>" }
            }
            for (attribute, value) in attributes {
                guard isAllowed(attribute) else { return "the attribute \(attribute)" }
                if value.contains("\\") { return "a backslash (a CSS escape) in \(attribute)" }
                let lowered = value.lowercased().filter { !$0.isWhitespace }
                if attribute == "href" || attribute == "xlink:href" {
                    guard value.hasPrefix("#"), value.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                        return "a reference to \"\(value)\" (only the icon's own #ids)"
                    }
                }
                if lowered.contains("url(") {
                    guard lowered.hasPrefix("url(#"), lowered.hasSuffix(")"), lowered.dropFirst(5).dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                        return "url() to something other than the icon's own #id, in \(attribute)"
                    }
                }
                if lowered.contains("javascript:") || lowered.contains("data:") || lowered.contains("image-set") {
                    return "a URL in \(attribute)"
                }
            }
            if !selfClosing {
                open.append(name)
                depth += 1
            }
        }
        guard roots == 1, open.isEmpty else { return "an <svg> element that is not closed" }
        return nil
    }

    private static func isAllowed(_ name: String) -> Bool { attributes.contains(name) }

    /// A tag's name and attributes (`name='value'` or `name="value"`, names lowercased); nil for anything else.
    private static func parse(_ tag: String) -> (String, [(String, String)])? {
        var scalars = Substring(tag)
        func skipSpace() { scalars = scalars.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" } }
        func name() -> String? {
            let name = scalars.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ":" || $0 == "_") }
            guard !name.isEmpty else { return nil }
            scalars = scalars.dropFirst(name.count)
            return name.lowercased()
        }
        guard let element = name() else { return nil }
        var attributes: [(String, String)] = []
        while true {
            let before = scalars.count
            skipSpace()
            if scalars.isEmpty { return (element, attributes) }
            guard scalars.count < before, let attribute = name() else { return nil }  // attributes are spaced apart
            skipSpace()
            guard scalars.first == "=" else { return nil }
            scalars = scalars.dropFirst()
            skipSpace()
            guard let quote = scalars.first, quote == "'" || quote == "\"" else { return nil }
            scalars = scalars.dropFirst()
            guard let close = scalars.firstIndex(of: quote) else { return nil }
            let value = String(scalars[..<close])
            if value.contains("<") || value.contains("&") { return nil }
            attributes.append((attribute, value))
            scalars = scalars[scalars.index(after: close)...]
            if let next = scalars.first, !(next == " " || next == "\n" || next == "\t" || next == "\r") { return nil }
        }
    }
}
