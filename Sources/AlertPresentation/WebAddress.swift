import Foundation

/// Decides which addresses from an alert may become links: absolute `http` or `https` URLs with a host,
/// and nothing with white space, control characters, quotes or angle brackets in it.
public enum WebAddress {
    /// Whether `text` may be shown as a link.
    public static func isLinkable(_ text: String) -> Bool {
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"\"'<>\\`".unicodeScalars.contains($0) }),
              let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              text.lowercased().hasPrefix(scheme + "://") else { return false }
        return true
    }
}
