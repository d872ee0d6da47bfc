/// What one render may spend: bytes of output and time. The program checks the output's size after every write
/// and the clock every 1,024 list items, so a template that multiplies a list stops at the limit, not at the end.
public struct RenderGuard: Sendable {
    /// The largest document, in bytes.
    public var maxBytes: Int
    /// When the render must have ended, if ever.
    public var deadline: ContinuousClock.Instant?

    /// A guard of `maxBytes` bytes and, when given, `deadline`.
    public init(maxBytes: Int = .max, deadline: ContinuousClock.Instant? = nil) {
        self.maxBytes = maxBytes
        self.deadline = deadline
    }

    /// Why a render stopped.
    public enum Stop: Error, Sendable, Hashable {
        /// The document went past `maxBytes`.
        case tooLarge
        /// The clock went past `deadline`.
        case timedOut
    }
}
