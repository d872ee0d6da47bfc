/// An identity-protection alert: its id and its events, typed by the alert's type.
public struct Alert: Sendable, Hashable, Codable {
    /// The events of an alert; every event of one alert has the alert's type.
    public enum Events: Sendable, Hashable, Codable {
        /// Dark-web and breach leaks.
        case cyberAgent([CyberAgentEvent])
        /// Names and addresses linked to the SSN.
        case ssnTrace([SSNTraceEvent])
        /// Risky social media content.
        case socialMedia([SocialMediaEvent])

        /// How many events there are.
        public var count: Int {
            switch self {
            case .cyberAgent(let events): events.count
            case .ssnTrace(let events): events.count
            case .socialMedia(let events): events.count
            }
        }
    }

    /// The alert's unique id, e.g. `4930982:105`.
    public var id: String
    /// The events, never empty.
    public var events: Events

    /// Creates an alert.
    public init(id: String, events: Events) {
        self.id = id
        self.events = events
    }

    /// The newest of the events' dates (the day the alert's information was last found); `nil` with no events.
    public var newestDate: CalendarDate? {
        switch events {
        case .cyberAgent(let events): events.lazy.map(\.date).max()
        case .ssnTrace(let events): events.lazy.map(\.date).max()
        case .socialMedia(let events): events.lazy.map(\.date).max()
        }
    }

    /// The alert's type, from its events.
    public var type: AlertType {
        switch events {
        case .cyberAgent: .cyberAgent
        case .ssnTrace: .ssnTrace
        case .socialMedia: .socialMedia
        }
    }
}
