import AlertModel

/// Combines what a presenter chose (the topic and detail of each event) into an `AlertView`, the same way
/// for every alert type:
/// - events with the same value (`Entry.identity`) are one detail, with each sighting's fields;
/// - one topic gives its singular or plural words, counted in distinct values; several give the type's generic
///   title, a "Type:" field on each detail, and steps grouped by topic;
/// - risks, steps and sources are merged without repeats, most serious topic first;
/// - every string from the alert is defanged (`Defang`) but a post's address on its own network.
struct ViewAssembler {
    /// One event as presented: its topic, how serious it is, and its detail.
    struct Entry {
        var topic: ContentCatalog.Topic
        var severity: Double
        var detail: AlertView.Detail
        /// What identifies the leaked value (the same value at several sites is one detail); `nil`: unique.
        var identity: String? = nil
    }

    let context: PresentationContext

    /// Fields that describe one sighting of a value, kept for each sighting when events merge.
    private static let sightingFields: Set<String> = ["origin", "leakDate", "source", "firstSeen", "found"]

    func view(of alert: Alert, entries events: [Entry]) -> AlertView {
        let catalog = context.catalog
        let content = catalog.alertTypes[alert.type.name]!
        let entries = merged(events)
        var topics: [(topic: ContentCatalog.Topic, severity: Double, count: Int)] = []
        for entry in entries {
            if let index = topics.firstIndex(where: { $0.topic == entry.topic }) {
                topics[index].severity = max(topics[index].severity, entry.severity)
                topics[index].count += 1
            } else {
                topics.append((entry.topic, entry.severity, 1))
            }
        }
        // Mixed: several kinds of information. Variants of one kind (a U.S. and a Spanish passport) are one kind.
        let mixed = topics.dropFirst().contains { $0.topic.name != topics[0].topic.name }
        let lead = mixed || topics.isEmpty ? content.generic : topics[0].topic
        // One topic (most alerts) is its own order, and its lists are the catalog's as they are: nothing to allocate.
        let bySeverity = topics.count < 2 ? topics : topics.enumerated()
            .sorted { ($0.element.severity, -$0.offset) > ($1.element.severity, -$1.offset) }
            .map(\.element)
        let severity = entries.lazy.map(\.severity).max() ?? 0
        let risks = bySeverity.count == 1 ? bySeverity[0].topic.risks(bySeverity[0].count)
            : bySeverity.flatMap { $0.topic.risks($0.count) }
        let sources = bySeverity.count == 1 ? bySeverity[0].topic.sources : bySeverity.flatMap(\.topic.sources)
        let details = entries.map { entry in
            var detail = defanged(entry.detail)
            if mixed, !detail.fields.contains(where: { $0.name == "category" }) {
                detail.fields.insert(context.field("type", entry.topic.name), at: 0)
            }
            return detail
        }
        return AlertView(
            id: alert.id,
            type: alert.type.name,
            locale: catalog.locale,
            title: lead.title(entries.count),
            header: .init(icon: content.icon, title: content.header, subtitle: lead.subtitle(entries.count)),
            details: details,
            risks: .init(title: catalog.sections.risks, paragraphs: unique(risks)),
            nextSteps: steps(bySeverity.lazy.map(\.topic), mixed: mixed),
            sources: .init(title: catalog.sections.sources, items: unique(sources, by: \.url)),
            help: .init(title: catalog.sections.help, text: catalog.help.text, action: catalog.help.action,
                        phone: context.options.helpLine),
            actions: actions(of: alert),
            severity: severity,
            urgent: urgent(entries),
            urgentLabel: catalog.label("urgent"),
            date: alert.newestDate?.description ?? ""
        )
    }

    /// The catalog's actions as this alert's reader is shown them (`AlertAction.shown`), each with the product's
    /// link for it, if any.
    private func actions(of alert: Alert) -> [AlertAction] {
        let product = context.catalog.product
        return context.catalog.actions.compactMap { action in
            guard var shown = action.shown(helpLine: context.options.helpLine) else { return nil }
            if !product.actionLinks.isEmpty { shown.link = product.actionLink(action.id, alertID: alert.id) }
            return shown
        }
    }

    /// Whether the alert is urgent (when urgency is on): one of its topics says it is (`"urgent": true`), or its most
    /// serious event whose topic does not say `"urgent": false` reaches the threshold.
    private func urgent(_ entries: [Entry]) -> Bool {
        let policy = context.options.urgency
        if policy.enabled, entries.contains(where: { $0.topic.urgent == true }) { return true }
        return policy.isUrgent(severity: entries.lazy.filter { $0.topic.urgent != false }.map(\.severity).max() ?? 0)
    }

    /// The steps of `topics` in order, each once; for a mixed alert, also grouped by topic.
    private func steps(_ topics: some Collection<ContentCatalog.Topic>, mixed: Bool) -> AlertView.StepSection {
        let items = unique(topics.count == 1 ? topics.first!.steps : topics.flatMap(\.steps), by: \.text)
        guard mixed else { return .init(title: context.catalog.sections.nextSteps, items: items) }
        var shown: [String] = []
        var groups: [AlertView.StepGroup] = []
        for topic in topics {
            let new = topic.steps.filter { !shown.contains($0.text) }
            shown += new.map(\.text)
            if !new.isEmpty, let index = groups.firstIndex(where: { $0.title == topic.name }) {
                groups[index].items += new
            } else if !new.isEmpty {
                groups.append(.init(title: topic.name, items: new))
            }
        }
        return .init(title: context.catalog.sections.nextSteps, items: items, groups: groups)
    }

    /// Entries with the same identity and topic as one: the first's detail, with the sighting fields of the others.
    private func merged(_ entries: [Entry]) -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            guard let identity = entry.identity,
                  let index = result.firstIndex(where: { $0.identity == identity && $0.topic == entry.topic }) else {
                result.append(entry)
                continue
            }
            let present = result[index].detail.fields
            let added = entry.detail.fields.filter { field in
                Self.sightingFields.contains(field.name) || !present.contains(field)
            }
            result[index].detail.fields += added
            result[index].severity = max(result[index].severity, entry.severity)
        }
        return result
    }

    /// The fields that name third-party places: where a value was found (`origin`, `source`), a post's text, and a
    /// link (a network's own profile link, kind `.link`, is left as it is). Every other part of a detail is the
    /// customer's own (the leaked value, an account name, a bank, a postal address, a routing number).
    static let thirdPartyFields: Set<String> = ["origin", "source", "post", "link"]

    /// The detail with the alert's strings made safe: third-party places defanged in full (`Defang.text`), the
    /// customer's own identifiers shown as they are unless they hold a link (`Defang.identifier`).
    private func defanged(_ detail: AlertView.Detail) -> AlertView.Detail {
        var detail = detail
        if let value = Defang.identifierChanged(detail.value) { detail.value = value }
        for index in detail.fields.indices where detail.fields[index].kind != .link {
            let field = detail.fields[index]
            // Most fields need nothing: only then is the list written to (and copied).
            let changed = Self.thirdPartyFields.contains(field.name) ? Defang.changed(field.value)
                : Defang.identifierChanged(field.value)
            if let changed { detail.fields[index].value = changed }
        }
        return detail
    }

    private func unique<T: Equatable>(_ items: [T]) -> [T] {
        unique(items, by: { $0 })
    }

    /// The first of each key, in order. The lists are a handful of catalog texts, so a scan beats hashing them
    /// (string hashing normalizes Unicode; equality of texts that share storage is immediate), and most have no
    /// repeats: then they are returned as they are, with nothing allocated.
    private func unique<T, Key: Equatable>(_ items: [T], by key: (T) -> Key) -> [T] {
        func repeats(_ index: Int) -> Bool {
            let itemKey = key(items[index])
            return items[..<index].contains { key($0) == itemKey }
        }
        guard let first = items.indices.first(where: repeats) else { return items }
        var kept = Array(items[..<first])
        kept.reserveCapacity(items.count - 1)
        for index in (first + 1)..<items.count where !repeats(index) { kept.append(items[index]) }
        return kept
    }
}
