/// What the product sending alerts calls itself and where it leads, per locale: the catalog's `product`
/// (`{"name", "appLink", "smsOptOut", "sender": {"name", "address"}}`), which `alertkit config` can set for every
/// locale. Templates read it as `{{product.name}}`, `{{product.appLink}}`…; it is the product's own text, never an
/// alert's, so an app link may become a link.
public struct ProductSettings: Sendable, Hashable, Codable {
    /// The product's name as a customer knows it, e.g. "Acme Identity Guard" (an SMS starts with it).
    public var name: String
    /// An `https` address that opens the product's app or site at its alerts; empty for none.
    public var appLink: String
    /// The text an SMS ends with to say how to stop them, e.g. "Reply STOP to opt out."; empty for none.
    public var smsOptOut: String
    /// Who an email is from.
    public var sender: Sender

    /// An email's sender: a display name and an address.
    public struct Sender: Sendable, Hashable, Codable {
        /// The display name, e.g. "Acme Identity Guard".
        public var name: String
        /// The address, e.g. `alerts@acme.example`.
        public var address: String

        /// Creates a sender.
        public init(name: String, address: String) {
            self.name = name
            self.address = address
        }
    }

    /// Creates the settings.
    public init(name: String, appLink: String = "", smsOptOut: String = "", sender: Sender) {
        self.name = name
        self.appLink = appLink
        self.smsOptOut = smsOptOut
        self.sender = sender
    }

    /// What a catalog without `product` has: a generic name, no app link, no opt-out text, a placeholder sender.
    public static let placeholder = ProductSettings(
        name: "Identity Protection", sender: Sender(name: "Identity Protection", address: "alerts@example.com"))

    /// The problem with these settings, if any: an app link that is not an `https` address, an empty name or sender.
    public var problem: String? {
        if !appLink.isEmpty, !(appLink.lowercased().hasPrefix("https://") && WebAddress.isLinkable(appLink)) {
            return "/product/appLink: \"\(appLink)\" is not an https address"
        }
        if name.allSatisfy(\.isWhitespace) { return "/product/name is empty" }
        if sender.name.allSatisfy(\.isWhitespace) || !sender.address.contains("@") {
            return "/product/sender needs a name and an address such as alerts@example.com"
        }
        return nil
    }
}
