/// An SSNTrace event: a name or address newly linked to the customer's Social Security number.
public struct SSNTraceEvent: Sendable, Hashable, Codable {
    /// When the link was found (the event's `date`).
    public var date: CalendarDate
    /// The name linked to the SSN.
    public var name: String
    /// The street address, if given.
    public var address: String?
    /// The city, if given.
    public var city: String?
    /// The two-letter state code, if given.
    public var state: String?
    /// The ZIP code, if given.
    public var zip: String?
    /// When the name or address was first seen with the SSN.
    public var firstSeen: CalendarDate?
    /// Where the link was seen (e.g. `Credit header`).
    public var source: String?

    /// Creates an event.
    public init(date: CalendarDate, name: String, address: String? = nil, city: String? = nil, state: String? = nil,
                zip: String? = nil, firstSeen: CalendarDate? = nil, source: String? = nil) {
        self.date = date
        self.name = name
        self.address = address
        self.city = city
        self.state = state
        self.zip = zip
        self.firstSeen = firstSeen
        self.source = source
    }
}
