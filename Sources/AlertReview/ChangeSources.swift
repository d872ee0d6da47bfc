import AlertPresentation
import AlertRendering
import Foundation

/// Where a change can come from: the catalog entries whose text differs between the sides (per locale), and the
/// template files that differ (per format), with their changed lines. A cluster is named after the catalog entry
/// whose old and new texts hold its removed and added words, and after its format's changed template too when that
/// entry does not explain all of them (or no entry does): a cluster that both changes made is credited to both.
struct ChangeSources: Sendable {
    /// Per locale: the catalog keys whose text differs, with both texts.
    private let catalog: [String: [(key: String, old: Set<String>, new: Set<String>)]]
    /// Per format: its template file and changed lines, when they differ.
    private let templates: [String: String]

    init(before: ReviewSide, after: ReviewSide, formats: [String], locales: [String]) {
        var catalog: [String: [(key: String, old: Set<String>, new: Set<String>)]] = [:]
        for locale in locales {
            let old = Self.entries(before, locale: locale), new = Self.entries(after, locale: locale)
            catalog[locale] = Set(old.keys).union(new.keys).sorted().compactMap { key in
                old[key] == new[key] ? nil : (key, Self.words(old[key] ?? ""), Self.words(new[key] ?? ""))
            }
        }
        self.catalog = catalog
        var templates: [String: String] = [:]
        for format in formats {
            let old = Self.files(before, format: format), new = Self.files(after, format: format)
            for name in Set(old.keys).union(new.keys).sorted() where old[name] != new[name] {
                let lines = Self.changedLines(old[name] ?? "", new[name] ?? "")
                templates[format] = "\(name)" + (lines.map { " \($0)" } ?? "")
                break
            }
        }
        self.templates = templates
    }

    /// The source of a change whose diff is `diff`, in `format` and `locale`; nil when it cannot be told.
    func source(of diff: WordDiff, format: String, locale: String) -> String? {
        let removed = diff.changes.reduce(into: Set<String>()) { $0.formUnion(Self.words($1.removed)) }
        let added = diff.changes.reduce(into: Set<String>()) { $0.formUnion(Self.words($1.added)) }
        let total = removed.count + added.count
        if total > 0 {
            // The catalog entries whose old text holds most of the removed words and whose new text holds most of
            // the added ones (a cut SMS drops words of other entries too): at least half of them, best first.
            let scored = (catalog[locale] ?? []).map { entry in
                (key: entry.key, score: Double(removed.intersection(entry.old).count + added.intersection(entry.new).count) / Double(total))
            }.filter { $0.score >= 0.5 }
            let best = scored.map(\.score).max() ?? 0
            let keys = scored.filter { $0.score == best }.map(\.key)
            if !keys.isEmpty {
                let named = "catalog \(locale): " + keys.prefix(3).joined(separator: ", ") + (keys.count > 3 ? ", …" : "")
                // A change the entries do not explain (words they do not hold, or marks and markup alone), with a
                // template of this format changed too: both made the cluster.
                guard let template = templates[format] else { return named }
                let entries = (catalog[locale] ?? []).filter { keys.contains($0.key) }
                let old = entries.reduce(into: Set<String>()) { $0.formUnion($1.old) }
                let new = entries.reduce(into: Set<String>()) { $0.formUnion($1.new) }
                let unexplained = diff.changes.contains { change in
                    let removed = Self.words(change.removed), added = Self.words(change.added)
                    return removed.isEmpty && added.isEmpty || !removed.isSubset(of: old) || !added.isSubset(of: new)
                }
                return unexplained ? named + "; template " + template : named
            }
        }
        return templates[format].map { "template " + $0 }
    }

    /// The words of `text` (letters and digits, lower-cased); HTML's character references count as none.
    static func words(_ text: String) -> Set<String> {
        Set(WordDiff.tokens(text).filter { $0.first?.isLetter == true || $0.first?.isNumber == true }.map { $0.lowercased() })
            .subtracting(["amp", "lt", "gt", "quot", "39", "x27", "n", "u"])
    }

    /// Every text of the side's catalog in `locale`, by its key path (`matchTypes.IDEMAILADDR.steps[0].text`).
    static func entries(_ side: ReviewSide, locale: String) -> [String: String] {
        guard let catalog = try? side.context(locale: locale, options: .default).catalog,
              let data = try? JSONEncoder().encode(catalog),
              let object = try? JSONSerialization.jsonObject(with: data) else { return [:] }
        var entries: [String: String] = [:]
        func walk(_ value: Any, _ path: String) {
            switch value {
            case let text as String: entries[path] = text
            case let array as [Any]: for (index, item) in array.enumerated() { walk(item, "\(path)[\(index)]") }
            case let object as [String: Any]: for (key, item) in object { walk(item, path.isEmpty ? key : "\(path).\(key)") }
            default: break
            }
        }
        walk(object, "")
        return entries
    }

    /// The template texts of `format` on a side, by file name relative to its templates folder.
    static func files(_ side: ReviewSide, format: String) -> [String: String] {
        guard let emitter = try? side.formats().emitter(named: format) else { return [:] }
        var urls: [URL] = []
        if let template = emitter as? TemplateFormat { urls = [template.file] }
        if let email = emitter as? EmailFormat { urls = email.files.values.sorted { $0.path < $1.path } }
        var files: [String: String] = [:]
        for url in urls {
            let parts = url.pathComponents
            let name = parts.firstIndex(of: "formats").map { parts[$0...].joined(separator: "/") } ?? url.lastPathComponent
            files[name] = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        }
        return files
    }

    /// `lines 4–6` (the after side's numbers) where two template texts differ.
    static func changedLines(_ old: String, _ new: String) -> String? {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let first = head + 1, last = max(first, b.count - tail)
        guard head < max(a.count, b.count) else { return nil }
        return first == last ? "line \(first)" : "lines \(first)–\(last)"
    }
}
