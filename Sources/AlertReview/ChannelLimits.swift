import AlertRendering
import Foundation

/// The limits of the channels AlertKit ships formats for, and the ones a template declares (`DeclaredLimits`).
///
/// - Slack (Block Kit): at most 50 blocks in a message, 150 characters in a header's text, 3,000 in a section's
///   text, 75 in a button's label.
/// - SMS (3GPP TS 23.038 and 23.040): 160 GSM-7 characters in one message (153 in each part of a longer one), 70
///   UCS-2 characters (67 per part); one character outside the GSM-7 alphabet makes the whole message UCS-2; a
///   template's budget of parts (`sms-segments=`, two by default).
/// - Push: Apple's APNs takes payloads of at most 4,096 bytes, Firebase Cloud Messaging at most 4,000.
/// - Email: RFC 5322 limits a line to 998 octets and recommends 78 characters, which a subject longer than 78
///   characters cannot fit in one line of most clients' lists; Gmail clips messages larger than 102 KB.
public enum ChannelLimits {
    /// What `document` of the format `emitter` breaks: its receiver's limits (`AlertEmitter.receiverLimits`), an SMS
    /// template's measures (`unfitted` is its text before it was fitted), an email's lines and subject.
    public static func check(_ document: [UInt8], emitter: any AlertEmitter, unfitted: String? = nil) -> [LimitFinding] {
        var findings: [LimitFinding] = []
        if let template = emitter as? TemplateFormat, template.fitsSMS, let unfitted {
            findings += sms(unfitted, segments: template.smsSegments)
        }
        findings += emitter is EmailFormat ? email(document) : emitter.receiverLimits.check(document)
        return findings
    }

    /// Slack's Block Kit limits.
    static func slack(_ document: [UInt8]) -> [LimitFinding] { ReceiverLimits.slack.check(document) }

    /// The measure of an SMS's text before fitting: its encoding, length and parts.
    public struct SMSMeasure: Sendable, Hashable {
        /// Whether every character is in the GSM-7 alphabet.
        public let isGSM7: Bool
        /// Its length in its encoding (septets, or UTF-16 code units).
        public let length: Int
        /// The first character that makes it UCS-2.
        public let forcedUCS2: Character?
        /// How many messages it takes (160/153 GSM-7, 70/67 UCS-2 characters).
        public var parts: Int { SMSText.segments(folded) }
        /// The text as measured.
        let folded: String

        /// The measure of `text` folded as `SMSText` folds it (white space runs as one space).
        public init(_ text: String) {
            folded = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            forcedUCS2 = folded.first { !SMSText.isGSM7(String($0)) }
            isGSM7 = forcedUCS2 == nil
            length = SMSText.length(folded)
        }
    }

    /// An SMS that needed more parts than its budget of `segments` (and so left sentences out), that is UCS-2, or
    /// that was kept in GSM-7 by writing its typographic punctuation plain (`sms.plain`: the text reads `'` where the
    /// catalog has `’`).
    static func sms(_ unfitted: String, segments: Int = SMSText.defaultSegments) -> [LimitFinding] {
        let plain = SMSText.plainIfGSM7(unfitted)
        let measure = SMSMeasure(plain)
        var findings: [LimitFinding] = []
        let encoding = measure.isGSM7 ? "GSM-7" : "UCS-2"
        if measure.parts > segments {
            let fitted = SMSText.fitDocument(unfitted, segments: segments)
            findings.append(.init(rule: "sms.cut", message: "needs \(measure.parts) parts (\(measure.length) \(encoding) characters; "
                                  + "its budget is \(segments), \(SMSText.capacity(gsm: measure.isGSM7, segments: segments))); "
                                  + "fitted to end \"…\(fitted.suffix(30))\""))
        }
        if plain != unfitted {
            let written = Set(unfitted.filter { SMSText.plainCharacters[$0] != nil }).sorted()
                .map { "\($0) as \(SMSText.plainCharacters[$0]!)" }.joined(separator: ", ")
            findings.append(.init(rule: "sms.plain", message: "kept in GSM-7 (160 characters a message, not 70) by writing "
                                  + "\(written)"))
        }
        if let character = measure.forcedUCS2 {
            let scalar = character.unicodeScalars.map { scalar -> String in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }.joined(separator: " ")
            findings.append(.init(rule: "sms.ucs2", message: "UCS-2 (70 characters a message, not 160), forced by \"\(character)\" \(scalar)"))
        }
        return findings
    }

    /// APNs' and FCM's payload sizes.
    static func push(_ document: [UInt8]) -> [LimitFinding] { ReceiverLimits.push.check(document) }

    /// An email's lines, subject and size.
    static func email(_ document: [UInt8]) -> [LimitFinding] {
        var findings: [LimitFinding] = []
        var longest = 0, start = 0
        for (index, byte) in document.enumerated() where byte == 0x0A {
            var end = index
            if end > start, document[end - 1] == 0x0D { end -= 1 }
            longest = max(longest, end - start)
            start = index + 1
        }
        longest = max(longest, document.count - start)
        if longest > 998 { findings.append(.init(rule: "email.line", message: "a line of \(longest) octets, RFC 5322 allows 998")) }
        if let subject = MailMessage.subject(document), subject.count > 78 {
            findings.append(.init(rule: "email.subject", message: "a subject of \(subject.count) characters, more than 78"))
        }
        return findings + ReceiverLimits.email.check(document)
    }
}
