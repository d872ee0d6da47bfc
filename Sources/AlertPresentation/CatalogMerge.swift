/// Merges a catalog over a base one: objects key by key, lists of objects with an `id` (actions, buttons, a topic's
/// risks, steps and sources) element by `id` (a new `id` is added at the end, and `{"id": "…", "remove": true}` takes
/// one out), everything else (texts, other lists) whole.
enum CatalogMerge {
    static func merge(_ overlay: Any, over base: Any) -> Any {
        if let overlay = overlay as? [[String: Any]], let base = base as? [[String: Any]],
           overlay.allSatisfy({ $0["id"] is String }), base.allSatisfy({ $0["id"] is String }) {
            var merged = base
            for element in overlay {
                let index = merged.firstIndex { $0["id"] as? String == element["id"] as? String }
                if isRemoval(element) {
                    if let index { merged.remove(at: index) }
                } else if let index {
                    merged[index] = merge(element, over: merged[index]) as? [String: Any] ?? element
                } else {
                    merged.append(element)
                }
            }
            return merged
        }
        guard let overlay = overlay as? [String: Any], let base = base as? [String: Any] else { return overlay }
        var merged = base
        for (key, value) in overlay {
            merged[key] = base[key].map { merge(value, over: $0) } ?? value
        }
        return merged
    }

    /// Whether an element of an `id` list says to take its namesake out: `{"id": "…", "remove": true}`.
    static func isRemoval(_ element: [String: Any]) -> Bool {
        element["remove"] as? Bool == true && element.count == 2
    }

    /// The pointers of keys in `overlay` that `base` does not have (elements of `id` lists by their `id`), sorted;
    /// a removal of an `id` that `base` lacks counts as one.
    static func unknown(in overlay: Any, comparedWith base: Any, at pointer: String) -> [String] {
        if let overlay = overlay as? [[String: Any]], let base = base as? [[String: Any]] {
            return overlay.flatMap { element -> [String] in
                guard let id = element["id"] as? String, let match = base.first(where: { $0["id"] as? String == id }) else {
                    // A new action or step is allowed; removing one that is not there is a mistyped id.
                    return isRemoval(element) ? [pointer + "/" + (element["id"] as? String ?? "?")] : []
                }
                if isRemoval(element) { return [] }
                return unknown(in: element, comparedWith: match, at: pointer + "/" + id)
            }
        }
        guard let overlay = overlay as? [String: Any], let base = base as? [String: Any] else { return [] }
        return overlay.keys.sorted().flatMap { key -> [String] in
            guard let value = base[key] else {
                // Words for a match type or category outside the contract, and a topic's optional severity.
                let optionalTopicKeys: Set<String> = ["severity", "risksPlural", "variants", "sources", "data", "urgent"]
                if openMaps.contains(pointer) || (optionalTopicKeys.contains(key) && base["risks"] != nil)
                    || optionalKeys[pointer]?.contains(key) == true { return [] }
                return [pointer + "/" + key]
            }
            return unknown(in: overlay[key]!, comparedWith: value, at: pointer + "/" + key)
        }
    }

    /// What `overlay` adds to `base` in its open maps and labels: match types, categories, networks and labels
    /// `base` lacks, and nothing else (what another locale takes from the folders' English).
    static func additions(in overlay: Any, comparedWith base: Any) -> [String: Any] {
        guard let overlay = overlay as? [String: Any], let base = base as? [String: Any] else { return [:] }
        var added: [String: Any] = [:]
        for map in openMaps.map({ String($0.dropFirst()) }) {
            guard let entries = overlay[map] as? [String: Any] else { continue }
            let known = base[map] as? [String: Any] ?? [:]
            let new = entries.filter { known[$0.key] == nil }
            if !new.isEmpty { added[map] = new }
        }
        return added
    }

    /// Keys an object may have that the shipped catalog leaves out, by the object's pointer: the product's
    /// `unsubscribe` address, `actionLinks` and `botActions` (none by default).
    static let optionalKeys: [String: Set<String>] = ["/product": ["unsubscribe", "actionLinks", "botActions"]]

    /// The maps whose keys are codes or names, where an override may add one: `/matchTypes`, `/socialCategories`,
    /// `/networks`, and `/labels` (the label of a field a new match type shows).
    static let openMaps: Set<String> = ["/matchTypes", "/socialCategories", "/networks", "/labels"]

    /// The pointers of keys in `base` that `other` lacks, sorted.
    static func missing(in other: Any, from base: Any, at pointer: String) -> [String] {
        guard let base = base as? [String: Any] else { return [] }
        guard let other = other as? [String: Any] else { return [pointer] }
        return base.keys.sorted().flatMap { key -> [String] in
            let path = pointer + "/" + key
            guard let value = other[key] else { return [path] }
            return missing(in: value, from: base[key]!, at: path)
        }
    }
}
