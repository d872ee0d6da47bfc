import Foundation

/// Decides which addresses from an alert may become links. Only a post's address on its own network may: `https`,
/// no user name or port, and a host that is one of the network's domains (`ContentCatalog.networks`) or their `www.`
/// or `m.` form. Everything else from an alert is text, defanged (`Defang`).
public enum WebAddress {
    /// Whether `text` is an absolute `http` or `https` URL with a host, and nothing with white space, control
    /// characters, quotes or angle brackets in it.
    public static func isLinkable(_ text: String) -> Bool {
        components(of: text) != nil
    }

    /// Whether `text` is an `https` address on one of `domains` (or their `www.` or `m.` forms), with no user name,
    /// password or port: the only address from an alert that becomes a link.
    public static func isLink(_ text: String, onDomains domains: [String]) -> Bool {
        guard let components = components(of: text), components.scheme?.lowercased() == "https",
              components.user == nil, components.password == nil, components.port == nil,
              let host = components.host?.lowercased() else { return false }
        return domains.contains { domain in
            let domain = domain.lowercased()
            return host == domain || host == "www." + domain || host == "m." + domain
        }
    }

    private static func components(of text: String) -> URLComponents? {
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"\"'<>\\`".unicodeScalars.contains($0) }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              text.lowercased().hasPrefix(scheme + "://") else { return nil }
        return components
    }
}
