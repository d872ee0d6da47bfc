/// What the product sending alerts calls itself and where it leads, per locale: the catalog's `product`
/// (`{"name", "appLink", "smsOptOut", "sender": {"name", "address"}, "unsubscribe", "actionLinks", "botActions"}`), which `alertkit config` can set for every
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
    /// Where a reader stops these emails, for the `List-Unsubscribe` header: an `https` address (which also gets RFC
    /// 8058's one-click `List-Unsubscribe-Post`) or a `mailto:` one; `{alertKey}` in it becomes the alert's key (its
    /// alert's token, made by `alertKeys`), so the address can name the customer's alert. Empty for none.
    public var unsubscribe: String
    /// What makes the token `{alertKey}` stands for in `unsubscribe` and `actionLinks`: the deployment's, never a
    /// catalog's. Without one, an address that holds `{alertKey}` is not used (the command and the server refuse to
    /// start so).
    public var alertKeys: AlertKeySigner?
    /// An `https` address for an action, by the action's id (`{"remind": "https://acme.example/a/{alertKey}/remind"}`):
    /// where its button leads in a channel whose buttons open links (Teams' `Action.OpenUrl`, Slack's button `url`),
    /// `{alertKey}` made as in `unsubscribe`. Empty for none.
    public var actionLinks: [String: String] = [:]
    /// Whether a bot receives the button presses of the channels that post them back (Teams' `Action.Submit`, which
    /// does nothing without one behind the card). Off by default: a card posted through a webhook or a Workflow then
    /// has only the buttons that lead somewhere by themselves.
    public var botActions = false

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
    public init(name: String, appLink: String = "", smsOptOut: String = "", sender: Sender, unsubscribe: String = "") {
        self.name = name
        self.appLink = appLink
        self.smsOptOut = smsOptOut
        self.sender = sender
        self.unsubscribe = unsubscribe
    }

    /// Reads a catalog's `product`; `unsubscribe` may be left out (none).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        name = try values.decode(String.self, forKey: .name)
        appLink = try values.decode(String.self, forKey: .appLink)
        smsOptOut = try values.decode(String.self, forKey: .smsOptOut)
        sender = try values.decode(Sender.self, forKey: .sender)
        unsubscribe = try values.decodeIfPresent(String.self, forKey: .unsubscribe) ?? ""
        actionLinks = try values.decodeIfPresent([String: String].self, forKey: .actionLinks) ?? [:]
        botActions = try values.decodeIfPresent(Bool.self, forKey: .botActions) ?? false
    }

    private enum CodingKeys: String, CodingKey {
        case name, appLink, smsOptOut, sender, unsubscribe, actionLinks, botActions
    }

    /// `unsubscribe` with `{alertKey}` replaced by the token `alertKeys` makes of `id`; `nil` when there is no
    /// address, or when it holds `{alertKey}` and there is no signer (an address that named the alert by its id
    /// would let anyone unsubscribe another customer).
    public func unsubscribeAddress(alertID id: String) -> String? {
        guard !unsubscribe.isEmpty else { return nil }
        guard unsubscribe.contains("{alertKey}") else { return unsubscribe }
        return token(id).map { unsubscribe.replacingOccurrences(of: "{alertKey}", with: $0) }
    }

    /// The signer's token for `message`, when there is a signer and its token is only letters, digits, `-`, `.`,
    /// `_` and `~` (a signer of a library user's that let anything else through would put text into a live
    /// address: then there is no address).
    private func token(_ message: String) -> String? {
        guard let token = alertKeys?.key(for: message), !token.isEmpty, token.utf8.allSatisfy({ byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
        }) else { return nil }
        return token
    }

    /// Whether `unsubscribe` needs a signer that is not there.
    public var unsubscribeNeedsSigner: Bool { alertKeys == nil && unsubscribe.contains("{alertKey}") }

    /// The address of the action `action` for the alert `id` (`actionLinks`, `{alertKey}` made by `alertKeys`); `nil`
    /// when there is none, or when it holds `{alertKey}` and there is no signer. Its key signs
    /// `actionKeyMessage(action, alertID: id)`, not the id alone: a link shown in a shared channel gives away neither
    /// the unsubscribe key nor another action's.
    public func actionLink(_ action: String, alertID id: String) -> String? {
        guard let link = actionLinks[action] else { return nil }
        guard link.contains("{alertKey}") else { return link }
        return token(Self.actionKeyMessage(action, alertID: id)).map { link.replacingOccurrences(of: "{alertKey}", with: $0) }
    }

    /// What an action link's `{alertKey}` signs: `action`, NUL, the action's id, NUL, the alert's id (the receiver
    /// checks a key with the same message: HMAC-SHA256 under the deployment's secret, for the command and server).
    public static func actionKeyMessage(_ action: String, alertID id: String) -> String { "action\u{0}\(action)\u{0}\(id)" }

    /// The first action link that needs a signer that is not there, if any.
    public var actionLinkNeedingSigner: String? {
        guard alertKeys == nil else { return nil }
        return actionLinks.keys.sorted().lazy.compactMap { self.actionLinks[$0] }.first { $0.contains("{alertKey}") }
    }

    /// The longest action link, in bytes.
    public static let actionLinkLimit = 2_000

    /// The problem with `actionLinks`, if any: an id that is not `[a-z0-9-]+`; an address that is not `https://`
    /// (lowercase, as the view's schema has it) or that holds a raw `&`, `<` or `>` (percent-encode them: Slack's
    /// escaping writes them as entities, which a button's `url` keeps); one over `actionLinkLimit` bytes.
    static func problem(actionLinks: [String: String]) -> String? {
        for id in actionLinks.keys.sorted() {
            let link = actionLinks[id]!
            guard ContentCatalog.isIdentifier(id) else {
                return "/product/actionLinks: the action id \"\(id)\" is not [a-z0-9-]+"
            }
            let web = link.hasPrefix("https://")
                && WebAddress.isLinkable(link.replacingOccurrences(of: "{alertKey}", with: "x"))
            if !web { return "/product/actionLinks/\(id): \"\(link)\" is not an https:// address" }
            if link.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) {
                return "/product/actionLinks/\(id): a raw &, < or > (write %26, %3C, %3E): Slack would keep its entity in the url"
            }
            // Slack takes a button's url of up to 3,000 characters: room for the 64 of a key in place of {alertKey}.
            if link.utf8.count > Self.actionLinkLimit {
                return "/product/actionLinks/\(id): \(link.utf8.count) bytes, over \(Self.actionLinkLimit) (Slack takes a button's url of 3,000 at most)"
            }
        }
        return nil
    }

    /// The most UTF-16 units the app link and the SMS opt-out may take together: one UCS-2 message (70) less a
    /// space and the start of the alert's text with an ellipsis.
    public static let smsTailLimit = 66

    /// What a catalog without `product` has: a generic name, no app link, no opt-out text, a placeholder sender.
    public static let placeholder = ProductSettings(
        name: "Identity Protection", sender: Sender(name: "Identity Protection", address: "alerts@example.com"))

    /// The problem with these settings, if any: an app link that is not an `https` address, an empty name or sender.
    public var problem: String? {
        if !appLink.isEmpty, !(appLink.lowercased().hasPrefix("https://") && WebAddress.isLinkable(appLink)) {
            return "/product/appLink: \"\(appLink)\" is not an https address"
        }
        if !unsubscribe.isEmpty {
            let lower = unsubscribe.lowercased()
            let web = lower.hasPrefix("https://") && WebAddress.isLinkable(unsubscribe.replacingOccurrences(of: "{alertKey}", with: "x"))
            let mail = lower.hasPrefix("mailto:") && unsubscribe.dropFirst(7).contains("@")
                && !unsubscribe.contains(where: { $0 == " " || $0 == ">" || $0 == "<" || $0.isNewline })
            if !(web || mail) { return "/product/unsubscribe: \"\(unsubscribe)\" is neither an https address nor a mailto: one" }
        }
        if let problem = Self.problem(actionLinks: actionLinks) { return problem }
        if name.allSatisfy(\.isWhitespace) { return "/product/name is empty" }
        // An SMS ends with the app link and the opt-out, kept whole: they must leave room in one message of either
        // encoding (70 UTF-16 units in UCS-2, which one emoji brings; 160 septets in GSM-7, each unit 2 at most).
        let tail = [appLink, smsOptOut].filter { !$0.isEmpty }.joined(separator: " ")
        if tail.utf16.count > Self.smsTailLimit {
            return "/product/smsOptOut: the app link and the SMS opt-out take \(tail.utf16.count) characters together; an SMS "
                + "keeps them whole, and one that holds an emoji has 70 in all: at most \(Self.smsTailLimit), to leave room "
                + "for the alert"
        }
        if sender.name.allSatisfy(\.isWhitespace) || !sender.address.contains("@") {
            return "/product/sender needs a name and an address such as alerts@example.com"
        }
        return nil
    }
}

extension ProductSettings {
    /// Values that replace a catalog's product settings in every locale: what `alertkit config set product-name …`
    /// stores, and the server configuration's `product` object (`{"name", "appLink", "smsOptOut", "senderName",
    /// "senderAddress", "unsubscribe", "actionLinks", "botActions"}`, each optional; another key is an error). A value
    /// left out keeps the catalog's.
    public struct Override: Sendable, Hashable, Codable {
        /// The product's name.
        public var name: String?
        /// The app link (`https` only).
        public var appLink: String?
        /// The SMS opt-out text.
        public var smsOptOut: String?
        /// The email sender's display name.
        public var senderName: String?
        /// The email sender's address.
        public var senderAddress: String?
        /// The `List-Unsubscribe` address.
        public var unsubscribe: String?
        /// The actions' addresses, by action id (replacing the catalog's whole map).
        public var actionLinks: [String: String]?
        /// Whether a bot receives button presses.
        public var botActions: Bool?

        /// Creates an override; each value left `nil` keeps the catalog's.
        public init(name: String? = nil, appLink: String? = nil, smsOptOut: String? = nil, senderName: String? = nil,
                    senderAddress: String? = nil, unsubscribe: String? = nil, actionLinks: [String: String]? = nil,
                    botActions: Bool? = nil) {
            self.name = name
            self.appLink = appLink
            self.smsOptOut = smsOptOut
            self.senderName = senderName
            self.senderAddress = senderAddress
            self.unsubscribe = unsubscribe
            self.actionLinks = actionLinks
            self.botActions = botActions
        }

        /// Reads the object's keys, each optional; a key it does not know is an error that lists the known ones.
        public init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            let known = CodingKeys.allCases.map(\.rawValue)
            let values = try decoder.container(keyedBy: CodingKeys.self)
            if let unknown = keys.first(where: { !known.contains($0) }) {
                throw DecodingError.dataCorruptedError(forKey: .name, in: values, debugDescription:
                    "unknown key \"\(unknown)\"; known: \(known.joined(separator: ", "))")
            }
            name = try values.decodeIfPresent(String.self, forKey: .name)
            appLink = try values.decodeIfPresent(String.self, forKey: .appLink)
            smsOptOut = try values.decodeIfPresent(String.self, forKey: .smsOptOut)
            senderName = try values.decodeIfPresent(String.self, forKey: .senderName)
            senderAddress = try values.decodeIfPresent(String.self, forKey: .senderAddress)
            unsubscribe = try values.decodeIfPresent(String.self, forKey: .unsubscribe)
            actionLinks = try values.decodeIfPresent([String: String].self, forKey: .actionLinks)
            botActions = try values.decodeIfPresent(Bool.self, forKey: .botActions)
        }

        /// `product` with these values in place of its own.
        public func applied(to product: ProductSettings) -> ProductSettings {
            var product = product
            product.name = name ?? product.name
            product.appLink = appLink ?? product.appLink
            product.smsOptOut = smsOptOut ?? product.smsOptOut
            product.sender.name = senderName ?? product.sender.name
            product.sender.address = senderAddress ?? product.sender.address
            product.unsubscribe = unsubscribe ?? product.unsubscribe
            product.actionLinks = actionLinks ?? product.actionLinks
            product.botActions = botActions ?? product.botActions
            return product
        }

        /// These values, with `base`'s for each one left out: a server configuration's `product` over what
        /// `alertkit config` stores.
        public func over(_ base: Override) -> Override {
            Override(name: name ?? base.name, appLink: appLink ?? base.appLink, smsOptOut: smsOptOut ?? base.smsOptOut,
                     senderName: senderName ?? base.senderName, senderAddress: senderAddress ?? base.senderAddress,
                     unsubscribe: unsubscribe ?? base.unsubscribe, actionLinks: actionLinks ?? base.actionLinks,
                     botActions: botActions ?? base.botActions)
        }

        /// What is wrong with these values (`ProductSettings.problem` of them over the placeholder), if anything.
        public var problem: String? { applied(to: .placeholder).problem }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name, appLink, smsOptOut, senderName, senderAddress, unsubscribe, actionLinks, botActions
        }

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }
}
