import Foundation

/// What a change is, apart from the alert it happened in: the changed words of a document, with the alert's own
/// values (and every number) put as placeholders, so that the same reworded sentence in a thousand alerts, or a
/// template line that moved around each alert's name, is one cluster.
struct ChangeKey: Hashable, Sendable {
    /// The changes, normalized, as a reader sees them: `"immediately." → "today."`, several joined by ` · `.
    let text: String

    /// The placeholder an alert's own value becomes.
    static let value = "‹value›"
    /// The placeholder a run of digits becomes.
    static let number = "#"

    /// The key of `diff`, whose document showed the alert values `values`. A change that is nothing but values
    /// once normalized (a MIME boundary or message id drawn from the content) is left out of the key, and a change
    /// made in several places of the document (a step shown under two leaks) counts once.
    init(_ diff: WordDiff, values: [String]) {
        guard !diff.isPastWorkLimit else {
            text = "changed past the word diff's work limit (\(WordDiff.maxWork) steps): no word diff"
            return
        }
        var parts: [String] = []  // each change once: the same rewording in two places of a document is one change
        var length = 0
        for change in diff.changes where length <= Self.longest {
            // The key is cut at `longest` characters: each side is normalized only as far as can show, so that a
            // change of a whole document costs no more than a short one.
            let removed = Self.normalize(String(change.removed.prefix(4 * Self.longest)), values: values)
            let added = Self.normalize(String(change.added.prefix(4 * Self.longest)), values: values)
            let part = "\"\(removed)\" → \"\(added)\""
            if removed != added, !parts.contains(part) {
                parts.append(part)
                length += part.count + 3
            }
        }
        let joined = parts.isEmpty ? "only the alert's own values changed" : parts.joined(separator: " · ")
        text = joined.count > Self.longest ? String(joined.prefix(Self.longest)) + "…" : joined
    }

    /// The most characters of a key.
    static let longest = 600

    /// `text` with each of `values` (longest first) and each word with a digit in it (numbers, dates, ids, hashes)
    /// replaced by a placeholder, and white space runs folded to one space.
    static func normalize(_ text: String, values: [String]) -> String {
        var text = text
        for value in values where text.contains(value) { text = text.replacingOccurrences(of: value, with: Self.value) }
        var out = ""
        for token in WordDiff.tokens(text) {
            if token.first?.isWhitespace == true {
                if out.last != " " { out += " " }
            } else if token.contains(where: { $0.isASCII && $0.isNumber }) {
                out += Self.number
            } else {
                out += token
            }
        }
        return out
    }

    /// The strings of an alert's JSON (its own values), longest first, leaving out the short ones that would match
    /// inside words.
    static func values(ofAlert json: [UInt8]) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json), options: [.fragmentsAllowed]) else { return [] }
        var strings = Set<String>()
        func collect(_ value: Any) {
            switch value {
            case let string as String where string.count >= 4: strings.insert(string)
            case let array as [Any]: array.forEach(collect)
            case let dictionary as [String: Any]: dictionary.values.forEach(collect)
            default: break
            }
        }
        collect(object)
        return strings.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }
}
