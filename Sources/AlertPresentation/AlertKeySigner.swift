/// What `{alertKey}` in the product's `unsubscribe` address and action links stands for (the id alone is signed for
/// `unsubscribe`, `ProductSettings.actionKeyMessage` for an action): an opaque token the deployment makes from
/// an alert's id with a secret of its own, so that no one can name another customer's alert from its id (ids are
/// often sequential). The `alertkit` command and server sign with HMAC-SHA256 under `ALERTKIT_UNSUBSCRIBE_SECRET`
/// (the token is its 64 hexadecimal digits); a library user gives a signer of its own. A catalog never sets one.
public struct AlertKeySigner: Sendable, Hashable {
    /// What tells two signers apart (`hmac-sha256`, say, and a fingerprint of the secret); never the secret itself.
    public let name: String
    private let sign: @Sendable (String) -> String

    /// A signer called `name` whose `sign` turns an alert's id into its token; the token goes into an address as
    /// it is, so it should be letters, digits, `-`, `.`, `_` or `~`.
    public init(name: String, sign: @escaping @Sendable (String) -> String) {
        self.name = name
        self.sign = sign
    }

    /// The token of the alert whose id is `id`.
    public func key(for id: String) -> String { sign(id) }

    /// Signers are the same when their names are.
    public static func == (lhs: AlertKeySigner, rhs: AlertKeySigner) -> Bool { lhs.name == rhs.name }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
