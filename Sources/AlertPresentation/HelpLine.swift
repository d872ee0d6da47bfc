/// The telephone number of the help line, configured by whoever deploys AlertKit (never taken from an alert).
///
/// Only digits, spaces, `+`, `-`, `.`, `(` and `)` are accepted, with 3 to 15 digits (E.164's limit), so the
/// number can be shown as written and dialled through a `tel:` URI built from its digits alone.
public struct HelpLine: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The number as it is shown, e.g. `+1 (800) 555-0100`.
    public let display: String
    /// The URI that dials it: `tel:` followed by an optional `+` and the digits, e.g. `tel:+18005550100`.
    public let uri: String

    /// Parses a number; `nil` if it holds anything but digits and the separators above, or too few or many digits.
    public init?(_ text: String) {
        let display = String(text.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
        var digits = ""
        for (index, character) in display.enumerated() {
            switch character {
            case "0"..."9": digits.append(character)
            case "+" where index == 0, " ", "-", ".", "(", ")": continue
            default: return nil
            }
        }
        guard (3...15).contains(digits.count) else { return nil }
        self.display = display
        self.uri = "tel:" + (display.hasPrefix("+") ? "+" : "") + digits
    }

    private enum CodingKeys: String, CodingKey { case display, uri }

    /// Decodes `{"display": …, "uri": …}`, parsing `display` again so a decoded URI is always one this type built.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let display = try container.decode(String.self, forKey: .display)
        guard let line = HelpLine(display) else {
            throw DecodingError.dataCorruptedError(forKey: .display, in: container,
                                                   debugDescription: "not a help line number: \(Self.accepted)")
        }
        self = line
    }

    /// The number as shown.
    public var description: String { display }

    /// What `init?(_:)` accepts, for error messages.
    public static let accepted = "digits with an optional leading +, spaces, -, . and parentheses (3 to 15 digits)"
}
