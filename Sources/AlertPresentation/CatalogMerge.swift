/// Merges a catalog over a base one: objects key by key, lists of objects with an `id` (actions, buttons) element
/// by `id` (a new `id` is added at the end), everything else (texts, other lists) whole.
enum CatalogMerge {
    static func merge(_ overlay: Any, over base: Any) -> Any {
        if let overlay = overlay as? [[String: Any]], let base = base as? [[String: Any]],
           overlay.allSatisfy({ $0["id"] is String }), base.allSatisfy({ $0["id"] is String }) {
            var merged = base
            for element in overlay {
                if let index = merged.firstIndex(where: { $0["id"] as? String == element["id"] as? String }) {
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

    /// The pointers of keys in `overlay` that `base` does not have (elements of `id` lists by their `id`), sorted.
    static func unknown(in overlay: Any, comparedWith base: Any, at pointer: String) -> [String] {
        if let overlay = overlay as? [[String: Any]], let base = base as? [[String: Any]] {
            return overlay.flatMap { element -> [String] in
                guard let id = element["id"] as? String, let match = base.first(where: { $0["id"] as? String == id }) else {
                    return []  // a new action is allowed
                }
                return unknown(in: element, comparedWith: match, at: pointer + "/" + id)
            }
        }
        guard let overlay = overlay as? [String: Any], let base = base as? [String: Any] else { return [] }
        return overlay.keys.sorted().flatMap { key -> [String] in
            guard let value = base[key] else {
                // Words for a match type or category outside the contract, and a topic's optional severity.
                let optionalTopicKeys: Set<String> = ["severity", "risksPlural", "variants", "sources"]
                if openMaps.contains(pointer) || (optionalTopicKeys.contains(key) && base["risks"] != nil) { return [] }
                return [pointer + "/" + key]
            }
            return unknown(in: overlay[key]!, comparedWith: value, at: pointer + "/" + key)
        }
    }

    /// The maps whose keys are codes or names, where an override may add one: `/matchTypes`, `/socialCategories`,
    /// `/networks`.
    static let openMaps: Set<String> = ["/matchTypes", "/socialCategories", "/networks"]

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
