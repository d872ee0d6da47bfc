/// The limits the receiver of a format's documents holds them to, past which it refuses (or clips) them: what
/// `AlertPipeline` fits every document into as it renders it (`DocumentFitter`), and what a rejected record names
/// when a document cannot be fitted.
///
/// - Slack (Block Kit, `blockKit`): at most 50 blocks in a message, 150 characters in a header's text, 3,000 in a
///   section's text, 75 in a button's label, 40,000 in the message's `text`.
/// - Push: Firebase Cloud Messaging takes payloads of at most 4,000 bytes, Apple's APNs at most 4,096.
/// - Email: Gmail clips a message larger than 102 KB (counted here as 102,000 bytes), hiding the rest behind "View
///   entire message".
/// - A template's own (`DeclaredLimits`: `max-bytes=28000` on the shipped Teams card, Microsoft's limit for a
///   card posted to a channel).
public struct ReceiverLimits: Sendable, Hashable {
    /// Whether the document is a Slack message held to Block Kit's limits.
    public var blockKit: Bool
    /// The most bytes or characters, each with its rule (`Size`).
    public var sizes: [Size]

    /// A limit on a document's size.
    public struct Size: Sendable, Hashable {
        /// What is counted.
        public enum Unit: Sendable, Hashable { case bytes, characters }
        /// The rule, e.g. `push.fcm`.
        public var rule: String
        /// The most there may be.
        public var most: Int
        /// Bytes (UTF-8) or characters (Unicode scalars).
        public var unit: Unit
        /// Whose limit it is, as a finding says it: `FCM takes`, `the template declares`.
        public var receiver: String

        /// Creates a limit.
        public init(rule: String, most: Int, unit: Unit = .bytes, receiver: String) {
            self.rule = rule
            self.most = most
            self.unit = unit
            self.receiver = receiver
        }
    }

    /// Limits: Block Kit's or not, and sizes.
    public init(blockKit: Bool = false, sizes: [Size] = []) {
        self.blockKit = blockKit
        self.sizes = sizes
    }

    /// None: a page, JSON, Markdown, text.
    public static let none = ReceiverLimits()
    /// A Slack message's.
    public static let slack = ReceiverLimits(blockKit: true)
    /// A push notification's payload: FCM's 4,000 bytes and APNs' 4,096.
    public static let push = ReceiverLimits(sizes: [Size(rule: "push.fcm", most: 4000, receiver: "FCM takes"),
                                                    Size(rule: "push.apns", most: 4096, receiver: "APNs takes")])
    /// An email message's: Gmail's clipping at 102 KB.
    public static let email = ReceiverLimits(sizes: [Size(rule: "email.size", most: 102_000, receiver: "Gmail clips messages over")])

    /// These limits and those a template declares.
    public func adding(_ declared: DeclaredLimits) -> ReceiverLimits {
        var limits = self
        if let most = declared.maxBytes {
            limits.sizes.append(Size(rule: "template.bytes", most: most, receiver: "the template declares"))
        }
        if let most = declared.maxCharacters {
            limits.sizes.append(Size(rule: "template.characters", most: most, unit: .characters, receiver: "the template declares"))
        }
        return limits
    }

    /// Whether there is nothing to check.
    public var isEmpty: Bool { !blockKit && sizes.isEmpty }

    /// What `document` breaks, in order: Block Kit's, then each size's.
    public func check(_ document: RenderedDocument) -> [LimitFinding] {
        guard !isEmpty else { return [] }
        if !blockKit, sizes.allSatisfy({ document.count <= $0.most }) { return [] }  // a character is at least a byte
        return check(document.bytes)
    }

    /// What the document `bytes` breaks.
    public func check(_ bytes: [UInt8]) -> [LimitFinding] {
        var findings = blockKit ? bytes.withUnsafeBufferPointer(BlockKitScan.findings) : []
        for size in sizes where bytes.count > size.most {
            let count = size.unit == .bytes ? bytes.count : bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            guard count > size.most else { continue }
            findings.append(LimitFinding(rule: size.rule, message: Self.message(size, count)))
        }
        return findings
    }

    /// The texts of `document` too long for their places (Block Kit's header, section, button and message text),
    /// decoded: what fitting cuts first.
    func overlongTexts(_ document: RenderedDocument) -> [String] {
        guard blockKit else { return [] }
        return document.bytes.withUnsafeBufferPointer(BlockKitScan.overlongTexts)
    }

    private static func message(_ size: ReceiverLimits.Size, _ count: Int) -> String {
        switch (size.rule, size.unit) {
        case ("email.size", _): "\(count / 1000) KB, \(size.receiver) 102 KB"
        case (_, .bytes): "\(count) bytes, \(size.receiver) at most \(grouped(size.most))"
        case (_, .characters): "\(count) characters, \(size.receiver) at most \(grouped(size.most))"
        }
    }

    /// `28000` as `28,000`, as the receivers' documentation writes it.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        guard digits.count > 3, number >= 0 else { return digits }
        var out = "", count = 0
        for digit in digits.reversed() {
            if count > 0 && count % 3 == 0 { out.append(",") }
            out.append(digit)
            count += 1
        }
        return String(out.reversed())
    }
}
