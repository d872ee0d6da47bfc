import AlertPresentation

/// The only links a rendered alert may hold: the catalogs' sources (trusted), and the help line's `tel:` address.
/// Anything else in a document came from alert data, and must not be a link (issue 12).
public enum TrustedLinks {
    public static let sources: Set<String> = {
        var urls: Set<String> = []
        for locale in ContentCatalog.shippedLocales {
            let catalog = try! ContentCatalog.shipped(locale: locale)
            let topics = Array(catalog.matchTypes.values) + Array(catalog.socialCategories.values)
                + catalog.alertTypes.values.map(\.generic)
            for topic in topics {
                urls.formUnion(topic.sources.map(\.url))
                urls.formUnion(topic.variants.values.flatMap { ($0.sources ?? []).map(\.url) })
            }
        }
        return urls
    }()

    /// Whether `target` is a catalog source or a `tel:` link.
    public static func isTrusted(_ target: String) -> Bool {
        sources.contains(target.replacingOccurrences(of: "&amp;", with: "&")) || target.hasPrefix("tel:")
    }

    /// The links in `html` that are neither.
    public static func untrusted(inHTML html: String) -> [String] {
        Fixtures.links(inHTML: html).filter { !isTrusted($0) }
    }
}
