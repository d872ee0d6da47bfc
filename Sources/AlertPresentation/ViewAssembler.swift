import AlertModel

/// Combines what a presenter chose (the topic and detail of each event) into an `AlertView`, the same way
/// for every alert type: one topic gives its singular or plural words; several give the type's generic title;
/// risks and steps are merged without repeats, most serious topic first.
struct ViewAssembler {
    /// One event as presented: its topic, how serious it is, and its detail.
    struct Entry {
        var topic: ContentCatalog.Topic
        var severity: Double
        var detail: AlertView.Detail
    }

    let context: PresentationContext

    func view(of alert: Alert, entries: [Entry]) -> AlertView {
        let catalog = context.catalog
        let content = catalog.alertTypes[alert.type.name]!
        var topics: [(topic: ContentCatalog.Topic, severity: Double)] = []
        for entry in entries {
            if let index = topics.firstIndex(where: { $0.topic == entry.topic }) {
                topics[index].severity = max(topics[index].severity, entry.severity)
            } else {
                topics.append((entry.topic, entry.severity))
            }
        }
        let lead = topics.count == 1 ? topics[0].topic : content.generic
        let bySeverity = topics.enumerated()
            .sorted { ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset) }
            .map(\.element.topic)
        let severity = entries.map(\.severity).max() ?? 0
        return AlertView(
            id: alert.id,
            type: alert.type.name,
            locale: catalog.locale,
            title: lead.title(entries.count),
            header: .init(icon: content.icon, title: content.header, subtitle: lead.subtitle(entries.count)),
            details: entries.map(\.detail),
            risks: .init(title: catalog.sections.risks, paragraphs: unique(bySeverity.flatMap(\.risks))),
            nextSteps: .init(title: catalog.sections.nextSteps,
                             items: unique(bySeverity.flatMap(\.steps), by: \.text)),
            help: .init(title: catalog.sections.help, text: catalog.help.text, action: catalog.help.action,
                         phone: context.options.helpLine),
            actions: catalog.actions,
            severity: severity,
            urgent: context.options.urgency.isUrgent(severity: severity),
            urgentLabel: catalog.label("urgent")
        )
    }

    private func unique<T: Hashable>(_ items: [T]) -> [T] {
        unique(items, by: { $0 })
    }

    /// The first of each key, in order. The lists are a handful of catalog texts, so a scan beats hashing them
    /// (string hashing normalizes Unicode; equality of texts that share storage is immediate).
    private func unique<T, Key: Hashable>(_ items: [T], by key: (T) -> Key) -> [T] {
        var seen: [Key] = []
        seen.reserveCapacity(items.count)
        return items.filter { item in
            let itemKey = key(item)
            if seen.contains(itemKey) { return false }
            seen.append(itemKey)
            return true
        }
    }
}
