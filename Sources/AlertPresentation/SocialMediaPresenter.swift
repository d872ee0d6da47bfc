import AlertModel

/// Presents SocialMedia alerts: the account and network, the category, the post's text, its address and date. The
/// address is a link only when it is `https` on the network's own domain (`ContentCatalog.networks`); any other is
/// defanged text, like every other address in the alert.
public struct SocialMediaPresenter: AlertPresenting {
    /// Creates the presenter.
    public init() {}

    /// The view of a SocialMedia alert.
    public func present(_ alert: Alert, in context: PresentationContext) -> AlertView {
        guard case .socialMedia(let events) = alert.events else {
            return PresenterRegistry.standard.present(alert, in: context)
        }
        let generic = context.catalog.alertTypes[AlertType.socialMedia.name]!.generic
        let entries = events.map { event in
            let topic = context.catalog.socialCategories[event.category.code] ?? generic
            var fields = [context.field("network", event.network), context.field("category", topic.name)]
            if let content = event.content, !content.allSatisfy(\.isWhitespace) {
                fields.append(context.field("post", content, kind: .quote))
            }
            if let url = event.url, !url.isEmpty {
                let domains = context.catalog.networks[event.network.lowercased()] ?? []
                fields.append(context.field("link", url, kind: WebAddress.isLink(url, onDomains: domains) ? .link : .text))
            }
            fields.append(context.field("postDate", context.format(event.postDate?.date ?? event.date)))
            return ViewAssembler.Entry(topic: topic, severity: topic.severity ?? Severity.of(event.category),
                                       detail: .init(icon: topic.icon, value: event.account, fields: fields))
        }
        return ViewAssembler(context: context).view(of: alert, entries: entries)
    }
}
