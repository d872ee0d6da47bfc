import AlertModel
import AlertTemplates
import Foundation

/// What `alertkit templates check` says of a templates folder's catalog files beyond loading each one: a match type
/// or category one locale defines and another lacks, a defined match type whose `data` names nothing, and an
/// override that drops items of a list.
extension ContentCatalog {
    /// The problems: each file's place and a sentence. Files that do not load are left to `problems(inFolder:)`.
    public static func overrideProblems(inFolder folder: URL) -> [String] {
        let files = catalogFiles(folder)
        var problems: [String] = []
        // Codes a file adds (not in the shipped English), by map, with the locales that define them.
        let english = baseText.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [String: Any] ?? [:]
        var defined: [String: [String: Set<String>]] = [:]  // "/matchTypes/IDX" → locale → present
        for (locale, object) in files {
            for map in ["matchTypes", "socialCategories"] {
                let known = english[map] as? [String: Any] ?? [:]
                for code in ((object[map] as? [String: Any]) ?? [:]).keys where known[code] == nil {
                    defined["/\(map)/\(code)", default: [:]][locale] = []
                }
            }
        }
        let locales = Set(files.map(\.locale)).union(shippedLocales)
        for (pointer, present) in defined.sorted(by: { $0.key < $1.key }) {
            let first = present.keys.sorted().first!
            for missing in locales.subtracting(present.keys).sorted() {
                problems.append("catalog \(file(folder, first)): \(pointer) is defined in \(first).json but not in "
                                + "\(missing).json, so --locale \(missing) shows it with the English words; add it to "
                                + "catalog/\(missing).json")
            }
        }
        for (locale, object) in files {
            problems += dataProblems(locale: locale, object: object, folder: folder)
            let base = shippedObject(locale: locale)
            problems += dropped(in: object, base: base, at: []).map { "catalog \(place(folder, locale, $0.path)): \($0.message)" }
        }
        return problems
    }

    /// The JSON Schema (draft 2020-12) of a catalog file, as `alertkit schema --catalog` prints it: every key
    /// optional, as a templates folder's file may give any part; docs/catalog.md says what each holds.
    public static var schemaText: String { String(decoding: PackageResources.catalog_schema_json, as: UTF8.self) }

    /// The notes: each item an override takes out with `{"id": "…", "remove": true}`, so that a removal is seen.
    public static func overrideNotes(inFolder folder: URL) -> [String] {
        catalogFiles(folder).flatMap { file in
            removals(in: file.object, at: []).map { path in
                "catalog \(place(folder, file.locale, Array(path.dropLast()))): removes \(CatalogDiagnostics.pointer(path)) from the shipped catalog"
            }
        }
    }

    private static func catalogFiles(_ folder: URL) -> [(locale: String, object: [String: Any])] {
        let directory = folder.appendingPathComponent("catalog")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { $0.hasSuffix(".json") }.compactMap { name in
            let locale = String(name.dropLast(5))
            guard isLocaleTag(locale), let object = try? readOverlay(directory.appendingPathComponent(name)) as? [String: Any]
            else { return nil }
            return (locale, object)
        }
    }

    private static func file(_ folder: URL, _ locale: String) -> String {
        folder.appendingPathComponent("catalog/\(locale).json").path
    }

    /// `FILE:LINE:COLUMN` of the value at `path` in the folder's catalog of `locale` (the file alone when not found).
    private static func place(_ folder: URL, _ locale: String, _ path: [String]) -> String {
        let name = file(folder, locale)
        guard let bytes = FileManager.default.contents(atPath: name),
              let position = CatalogDiagnostics.position(of: path, in: Array(bytes)) else { return name }
        return "\(name):\(position.line):\(position.column)"
    }

    /// The shipped catalog of `locale` (English under it, English for a locale AlertKit does not ship) as objects.
    private static func shippedObject(locale: String) -> Any {
        let english = baseText.flatMap { try? JSONSerialization.jsonObject(with: $0) } ?? [String: Any]()
        guard locale != "en", let text = AlertTemplates.text("catalog/\(locale).json"),
              let own = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return english }
        return CatalogMerge.merge(own, over: english)
    }

    /// A defined match type's `data` that names nothing: no value member, an empty name, a field with no label.
    private static func dataProblems(locale: String, object: [String: Any], folder: URL) -> [String] {
        guard let catalog = try? load(locale: locale, folders: [folder]) else { return [] }
        var problems: [String] = []
        for code in ((object["matchTypes"] as? [String: Any]) ?? [:]).keys.sorted() where MatchKind(rawValue: code) == nil {
            guard let topic = catalog.matchTypes[code] else { continue }
            let path = ["matchTypes", code]
            guard let data = topic.data else {
                problems.append("catalog \(place(folder, locale, path)): /matchTypes/\(code) has no \"data\", so its value is "
                                + "never shown and every alert of it warns; say where the value is: \"data\": {\"value\": "
                                + "\"MEMBER\", \"mask\": \"last-four\"} (docs/catalog.md)")
                continue
            }
            if data.value.isEmpty || data.value.contains(where: { $0.isEmpty }) {
                problems.append("catalog \(place(folder, locale, path + ["data", "value"])): /matchTypes/\(code)/data/value "
                                + "names no member of the event's data; give the member that holds the value, e.g. \"loyaltyNumber\"")
            }
            for field in data.fields where field.isEmpty || catalog.labels[field] == nil {
                problems.append("catalog \(place(folder, locale, path + ["data", "fields"])): /matchTypes/\(code)/data/fields: "
                                + (field.isEmpty ? "an empty name names no member" : "\(field) has no label; add \"\(field)\" to labels"))
            }
        }
        return problems
    }

    /// Lists of `overlay` that replace an `id` list of `base` whole with fewer items: the items they drop.
    private static func dropped(in overlay: Any, base: Any, at path: [String]) -> [(path: [String], message: String)] {
        if let list = overlay as? [Any], let baseList = base as? [[String: Any]], !baseList.isEmpty,
           baseList.allSatisfy({ $0["id"] is String }) {
            let byID = list.allSatisfy { ($0 as? [String: Any])?["id"] is String }
            guard !byID, list.count < baseList.count else { return [] }
            let ids = baseList.compactMap { $0["id"] as? String }
            return [(path, "\(CatalogDiagnostics.pointer(path)) replaces the list of \(baseList.count) whole with \(list.count), "
                     + "dropping \(baseList.count - list.count) (its items are \(ids.joined(separator: ", "))); to change one "
                     + "item, give only that item with its \"id\"; to take one out, {\"id\": \"…\", \"remove\": true}")]
        }
        guard let object = overlay as? [String: Any], let baseObject = base as? [String: Any] else { return [] }
        return object.keys.sorted().flatMap { key -> [(path: [String], message: String)] in
            guard let value = baseObject[key] else { return [] }
            return dropped(in: object[key]!, base: value, at: path + [key])
        }
    }

    /// The paths of the items `overlay` removes (`{"id": "…", "remove": true}`), by `id`.
    private static func removals(in overlay: Any, at path: [String]) -> [[String]] {
        if let list = overlay as? [[String: Any]] {
            return list.compactMap { element in
                CatalogMerge.isRemoval(element) ? (element["id"] as? String).map { path + [$0] } : nil
            }
        }
        guard let object = overlay as? [String: Any] else { return [] }
        return object.keys.sorted().flatMap { removals(in: object[$0]!, at: path + [$0]) }
    }
}
