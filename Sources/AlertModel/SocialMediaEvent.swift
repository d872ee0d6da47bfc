/// A SocialMedia event: risky content on a social network account linked to the customer.
public struct SocialMediaEvent: Sendable, Hashable, Codable {
    /// The kind of risk the content carries: a category of the contract, or one this version does not know.
    public typealias Category = OpenCode<SocialCategory>

    /// When the content was found (the event's `date`).
    public var date: CalendarDate
    /// The network, e.g. `Twitter`.
    public var network: String
    /// The account's handle.
    public var account: String
    /// What makes the content risky.
    public var category: Category
    /// The post's text, if given; untrusted.
    public var content: String?
    /// A link to the post, if given; untrusted, and only `http`/`https` ever become links.
    public var url: String?
    /// When the post was made.
    public var postDate: AlertTimestamp?

    /// Creates an event.
    public init(date: CalendarDate, network: String, account: String, category: Category,
                content: String? = nil, url: String? = nil, postDate: AlertTimestamp? = nil) {
        self.date = date
        self.network = network
        self.account = account
        self.category = category
        self.content = content
        self.url = url
        self.postDate = postDate
    }
}

/// The contract's SocialMedia categories.
public enum SocialCategory: String, Sendable, Hashable, Codable, CaseIterable {
    case personalInfo = "PersonalInfo"
    case profanity = "Profanity"
    case violence = "Violence"
    case drugs = "Drugs"
    case hate = "Hate"
    case threat = "Threat"
    case phishing = "Phishing"
}
