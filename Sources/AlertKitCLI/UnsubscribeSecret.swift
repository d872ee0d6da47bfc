import AlertPresentation
import Crypto
import Foundation

/// The deployment's unsubscribe secret, `ALERTKIT_UNSUBSCRIBE_SECRET`: what signs the token `{alertKey}` stands for
/// in the product's `unsubscribe` address (RFC 8058's one-click `List-Unsubscribe`). The token is the 64 hexadecimal
/// digits of HMAC-SHA256(secret, alert id): opaque, and no one without the secret can make another customer's.
enum UnsubscribeSecret {
    /// The environment variable that holds the secret.
    static let variable = "ALERTKIT_UNSUBSCRIBE_SECRET"
    /// The fewest bytes a secret may have (128 bits).
    static let leastBytes = 16

    /// The signer the environment's secret makes; `nil` without one. A secret shorter than `leastBytes` is an error.
    static func signer(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(SettingsError) -> AlertKeySigner? {
        guard let secret = environment[variable], !secret.isEmpty else { return nil }
        guard secret.utf8.count >= leastBytes else {
            throw SettingsError("\(variable) has \(secret.utf8.count) bytes; a secret that signs unsubscribe keys needs at "
                                + "least \(leastBytes) (for example: openssl rand -hex 32)")
        }
        let key = SymmetricKey(data: Data(secret.utf8))
        let fingerprint = hex(SHA256.hash(data: Data(("alertkit unsubscribe " + secret).utf8)).prefix(6))
        return AlertKeySigner(name: "hmac-sha256 " + fingerprint) { id in
            hex(HMAC<SHA256>.authenticationCode(for: Data(id.utf8), using: key))
        }
    }

    /// `product` with the environment's signer; an error when its address names `{alertKey}` and there is none.
    static func sign(_ product: inout ProductSettings, _ environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(SettingsError) {
        product.alertKeys = try signer(environment)
        if product.unsubscribeNeedsSigner {
            throw SettingsError("the unsubscribe address \"\(product.unsubscribe)\" names {alertKey}, which needs the "
                                + "deployment's secret in \(variable): the key is an HMAC of the alert's id under it, so "
                                + "that no one can unsubscribe another customer")
        }
        if let link = product.actionLinkNeedingSigner {
            throw SettingsError("the action link \"\(link)\" names {alertKey}, which needs the deployment's secret in "
                                + "\(variable): the key is an HMAC of the alert's id under it, so that no one can act on "
                                + "another customer's alert")
        }
    }

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: out, as: UTF8.self)
    }
}
