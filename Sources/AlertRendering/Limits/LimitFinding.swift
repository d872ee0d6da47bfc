/// A document past a limit of its channel's receiver: what fitting answers at render time (`DocumentFit`), what a
/// rejected record names (`RenderLimitError.overReceiverLimit`), and what a review reports on each side, so that it
/// can say what a change broke (a finding after that was not there before) and what it fixed.
public struct LimitFinding: Sendable, Hashable, Codable {
    /// The rule, stable for tools: `slack.blocks`, `slack.header`, `slack.section`, `slack.button`, `slack.text`, `slack.block_id`,
    /// `sms.cut`, `sms.plain`, `sms.ucs2`, `push.fcm`, `push.apns`, `email.line`, `email.subject`, `email.size`,
    /// `template.bytes`, `template.characters`.
    public let rule: String
    /// What was measured, in words: `1008 blocks, Slack takes at most 50`.
    public let message: String

    /// A finding of `rule`.
    public init(rule: String, message: String) {
        self.rule = rule
        self.message = message
    }

    /// `rule: message`, as a warning or an error names it.
    public var line: String { rule + ": " + message }
}
