import AlertRendering
import Foundation

/// A document as the person who gets it reads it, for a review's diff: an email as its mail client shows it (the
/// decoded subject and plain-text part, not quoted-printable MIME), a page as its visible text (no markup, styles or
/// icon paths; character references decoded). Other formats are read as they are written.
enum ReaderText {
    /// What a reader sees of `document` in `format` (its media type decides), or `nil` when that is the document
    /// itself.
    static func of(_ document: [UInt8], mediaType: String) -> String? {
        if mediaType.hasPrefix("message/rfc822") { return mail(document) }
        if mediaType.hasPrefix("text/html") { return visibleText(String(decoding: document, as: UTF8.self)) }
        return nil
    }

    /// `Subject: …`, a blank line, then the HTML part's visible text, what mail clients show (or the plain-text part
    /// decoded, in a message without one).
    static func mail(_ message: [UInt8]) -> String? {
        guard let body = MailMessage.htmlPart(message).map(visibleText) ?? MailMessage.textPart(message) else { return nil }
        return "Subject: " + (MailMessage.subject(message) ?? "") + "\n\n" + body
    }

    /// Elements whose content no one reads.
    private static let hidden: Set<String> = ["style", "script", "svg", "head", "template", "title"]
    /// Elements that start a line of their own.
    private static let blocks: Set<String> = ["p", "div", "section", "article", "header", "footer", "h1", "h2", "h3", "h4",
                                              "h5", "h6", "li", "ul", "ol", "br", "tr", "table", "button", "dialog", "dt", "dd",
                                              "main", "nav", "aside", "figure", "figcaption", "blockquote", "pre", "hr"]

    /// The text of an HTML document as a browser lays it out, roughly: tags dropped (a block's starts a line), the
    /// content of style, script, svg and head dropped, character references decoded, runs of white space as one
    /// space, and blank lines dropped.
    static func visibleText(_ html: String) -> String {
        var out = ""
        var skipping: String?
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let inside = html[html.index(after: index)..<close]
                let closing = inside.hasPrefix("/")
                let name = inside.drop { $0 == "/" || $0 == "!" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if let skipped = skipping {
                    if closing, name == skipped { skipping = nil }
                } else if !closing, hidden.contains(name), !inside.hasSuffix("/") {
                    skipping = name
                } else if blocks.contains(name) {
                    out += "\n"
                } else if name == "td" || name == "th" {
                    out += " "
                }
                index = html.index(after: close)
                continue
            }
            if skipping == nil {
                if character == "&", let end = html[index...].prefix(12).firstIndex(of: ";"),
                   let decoded = reference(html[html.index(after: index)..<end]) {
                    out += decoded
                    index = html.index(after: end)
                    continue
                }
                out.append(character)
            }
            index = html.index(after: index)
        }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ") }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    /// The text a character reference (`amp`, `#39`, `#x2019`) stands for.
    private static func reference(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "nbsp": return " "
        default:
            let number: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") { number = UInt32(name.dropFirst(2), radix: 16) }
            else if name.hasPrefix("#") { number = UInt32(name.dropFirst()) }
            else { number = nil }
            return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }
}
