/// Merges a locale's catalog over the base one: objects key by key, everything else (texts, lists) whole.
enum CatalogMerge {
    static func merge(_ overlay: Any, over base: Any) -> Any {
        guard let overlay = overlay as? [String: Any], let base = base as? [String: Any] else { return overlay }
        var merged = base
        for (key, value) in overlay {
            merged[key] = base[key].map { merge(value, over: $0) } ?? value
        }
        return merged
    }

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
