/// A code from a known set (a match type, a social media category), or one this version does not know,
/// kept exactly as the feed wrote it so it can be shown, reported and passed on.
public enum OpenCode<Known>: Sendable, Hashable, Codable, CustomStringConvertible
where Known: RawRepresentable & Hashable & Sendable & Codable, Known.RawValue == String {
    /// A code of the known set.
    case known(Known)
    /// A code this version does not know; rendered generically and reported as a warning.
    case unknown(String)

    /// Reads a code.
    public init(code: String) {
        self = Known(rawValue: code).map(OpenCode.known) ?? .unknown(code)
    }

    /// The code as the feed writes it, e.g. `IDEMAILADDR`.
    public var code: String {
        switch self {
        case .known(let known): known.rawValue
        case .unknown(let code): code
        }
    }

    /// The code.
    public var description: String { code }

    /// Decodes from the code.
    public init(from decoder: any Decoder) throws {
        self.init(code: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes as the code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
