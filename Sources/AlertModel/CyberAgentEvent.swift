import AlertJSON

/// A CyberAgent event: personal data found on a dark-web market or in a breach dump.
public struct CyberAgentEvent: Sendable, Hashable, Codable {
    /// When the information was found (the event's `date`).
    public var date: CalendarDate
    /// What kind of data was found.
    public var match: MatchType
    /// The leaked value (e.g. the email address); `nil` only for an unknown match type.
    public var value: String?
    /// What qualifies the value, if the feed gave it: a license's state, a routing number, a country, a retailer.
    public var qualifier: String?
    /// When the data originally leaked (`SourceDate`).
    public var sourceDate: CalendarDate?
    /// When the data was found (`CreationDate`).
    public var creationDate: AlertTimestamp?
    /// The site where it was found (`site`).
    public var site: String?
    /// Where it was found, when there is no site (`Source`).
    public var source: String?
    /// The event's `data` object as the feed wrote it, for a match type this version does not know (`nil` for the
    /// 13 known ones, whose values are the fields above): what a presenter registered for a new type reads, e.g.
    /// `event.data?["loyaltyNumber"]?.stringValue`.
    public var data: JSONValue?

    /// Creates an event.
    public init(date: CalendarDate, match: MatchType, value: String?, qualifier: String? = nil,
                sourceDate: CalendarDate? = nil, creationDate: AlertTimestamp? = nil,
                site: String? = nil, source: String? = nil, data: JSONValue? = nil) {
        self.date = date
        self.match = match
        self.value = value
        self.qualifier = qualifier
        self.sourceDate = sourceDate
        self.creationDate = creationDate
        self.site = site
        self.source = source
        self.data = data
    }

    /// The date of the leak to show: `SourceDate`, else the day of `CreationDate`, else the event's date.
    public var leakDate: CalendarDate {
        sourceDate ?? creationDate?.date ?? date
    }

    /// The origin of the leak to show: `site`, else `Source`; `nil` when neither is given or both are blank.
    public var origin: String? {
        [site, source].lazy.compactMap { $0 }.first { !$0.allSatisfy(\.isWhitespace) }
    }
}
