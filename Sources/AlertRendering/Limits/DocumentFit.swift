/// What fitting a document into its receiver's limits did (`AlertPipeline.emit`): the limits the document as made
/// broke, and what the fitted one leaves out. Every command says so: a warning on `render` and `batch`, a count in
/// batch's summary, `AlertKit-Fitted` and a warning on the service's answer.
public struct DocumentFit: Sendable, Hashable {
    /// What the document as the template made it broke.
    public var findings: [LimitFinding]
    /// How many details (events) the fitted document shows, and of how many; the rest are summed up in a last
    /// detail ("And 956 more", with the product's app link when it has one).
    public var shownDetails: Int, totalDetails: Int
    /// How many texts were cut at a word with "…", and the most characters each kept.
    public var cutTexts: Int, cutAt: Int?

    /// Creates a description of a fit.
    public init(findings: [LimitFinding], shownDetails: Int, totalDetails: Int, cutTexts: Int = 0, cutAt: Int? = nil) {
        self.findings = findings
        self.shownDetails = shownDetails
        self.totalDetails = totalDetails
        self.cutTexts = cutTexts
        self.cutAt = cutAt
    }

    /// The rules the document as made broke, each once, in order: `slack.blocks, slack.section`.
    public var rules: [String] {
        var seen: Set<String> = []
        return findings.map(\.rule).filter { seen.insert($0).inserted }
    }

    /// The warning every command gives a fitted document, for the whole record (pointer ``).
    public var warning: String { "warning: " + summary }

    /// One line for a warning: `fitted to its receiver's limits (slack.blocks: 1008 blocks, Slack takes at most 50):
    /// shows the first 44 of 1000 details and "And 956 more"; cut 2 texts at a word to at most 2,900 characters`.
    public var summary: String {
        var done: [String] = []
        if shownDetails < totalDetails {
            done.append("shows the first \(shownDetails) of \(totalDetails) details and the number of the rest")
        }
        if cutTexts > 0 {
            done.append("cut \(cutTexts) text\(cutTexts == 1 ? "" : "s") at a word to at most "
                        + "\(ReceiverLimits.grouped(cutAt ?? 0)) characters")
        }
        let broken = findings.prefix(3).map(\.line).joined(separator: "; ") + (findings.count > 3 ? "; …" : "")
        return "fitted to its receiver's limits (\(broken)): " + done.joined(separator: "; ")
    }
}
