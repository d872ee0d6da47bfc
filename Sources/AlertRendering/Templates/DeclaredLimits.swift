/// The limits a template's channel sets on a document, declared on the template's first line next to its escaping:
/// `{{! alertkit: escape=json max-bytes=28000 }}` (a Microsoft Teams card's payload), `max-characters=32767` (a
/// Jira field), `limits=slack` or `limits=push` for a template of that channel not named after it, and
/// `sms-segments=N` for the parts a `fit=sms` template's message may take (two by default). Every
/// document is fitted into them as it is rendered (`ReceiverLimits`, `AlertPipeline.emit`); `alertkit review`
/// reports every document over one, before and after a change.
public struct DeclaredLimits: Sendable, Hashable {
    /// The most bytes (UTF-8) a document may have.
    public var maxBytes: Int?
    /// The most characters a document may have.
    public var maxCharacters: Int?
    /// The receiver whose limits hold (`limits=slack`, `limits=push`), for a template not named after it.
    public var receiver: Receiver?
    /// For a `fit=sms` template, the most parts a message may take (`sms-segments=N`, 1 to 10); `nil` for
    /// `SMSText.defaultSegments`.
    public var smsSegments: Int?

    /// A receiver AlertKit knows the limits of (`ReceiverLimits`).
    public enum Receiver: String, Sendable, Hashable, CaseIterable {
        /// Slack's Block Kit.
        case slack
        /// FCM's and APNs' payload sizes.
        case push
    }

    /// No limits.
    public init(maxBytes: Int? = nil, maxCharacters: Int? = nil, receiver: Receiver? = nil, smsSegments: Int? = nil) {
        self.smsSegments = smsSegments
        self.maxBytes = maxBytes
        self.maxCharacters = maxCharacters
        self.receiver = receiver
    }

    /// The limits of a template's first line (`header`, empty when it is not a comment); a limit that is not a
    /// positive whole number is an error naming the file.
    init(header: String, file: String) throws(TemplateError) {
        func value(_ key: String) throws(TemplateError) -> Int? {
            guard let range = header.range(of: key + "=") else { return nil }
            let digits = header[range.upperBound...].prefix(while: { !$0.isWhitespace && $0 != "}" })
            guard let number = Int(digits), number > 0 else {
                throw TemplateError(file: file, line: 1, message: "\(key)= takes a positive whole number, not \"\(digits)\"")
            }
            return number
        }
        var receiver: Receiver?
        if let range = header.range(of: "limits=") {
            let word = header[range.upperBound...].prefix(while: { !$0.isWhitespace && $0 != "}" })
            guard let known = Receiver(rawValue: String(word)) else {
                throw TemplateError(file: file, line: 1, message: "limits= takes "
                                    + Receiver.allCases.map(\.rawValue).joined(separator: " or ") + ", not \"\(word)\"")
            }
            receiver = known
        }
        let segments = try value("sms-segments")
        if let segments, !SMSText.segmentBudgets.contains(segments) {
            throw TemplateError(file: file, line: 1, message: "sms-segments= takes \(SMSText.segmentBudgets.lowerBound) to "
                                + "\(SMSText.segmentBudgets.upperBound) parts, not \(segments)")
        }
        self.init(maxBytes: try value("max-bytes"), maxCharacters: try value("max-characters"), receiver: receiver,
                  smsSegments: segments)
    }

    /// Whether no size limit and no receiver is declared (an SMS budget is the fitting's, not a size).
    public var isEmpty: Bool { maxBytes == nil && maxCharacters == nil && receiver == nil }
}
