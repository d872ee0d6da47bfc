import AlertRendering

/// What a review found, per format and locale: the counts, the clusters of changes and the limit findings. It is
/// the `--json` document (`docs/review.schema.json`), and every other output is made from it.
public struct ReviewReport: Sendable, Codable {
    /// The sides' names.
    public let before: String, after: String
    /// The records reviewed.
    public let records: Int
    /// One row per format and locale, by format then locale.
    public let rows: [Row]

    /// Whether a format is on both sides, or only one.
    public enum Presence: String, Sendable, Codable {
        case both, added, removed, neither
    }

    /// The counts of one format in one locale.
    public struct Row: Sendable, Codable {
        /// The format and the locale.
        public let format: String, locale: String
        /// Whether the format is on both sides.
        public let presence: Presence
        /// Records compared.
        public internal(set) var records = 0
        /// Records whose document is the same byte for byte on both sides (or that fail the same way on both).
        public internal(set) var unchanged = 0
        /// Records whose document differs.
        public internal(set) var changed = 0
        /// Records rendered before and failing after, and the other way round.
        public internal(set) var newlyFailing = 0, newlyPassing = 0
        /// Records that are not valid alerts (refused the same way on both sides).
        public internal(set) var invalid = 0
        /// The first new failure's message.
        public internal(set) var firstFailure: String?
        /// The changes, grouped: most frequent first.
        public internal(set) var clusters: [Cluster] = []
        /// Changed records past the most clusters a row keeps (`Review.maxClusters`), counted but not grouped.
        public internal(set) var ungrouped = 0
        /// Limit findings the after side has and the before side had not, by rule; and the ones it no longer has.
        public internal(set) var newFindings: [Findings] = []
        public internal(set) var fixedFindings: [Findings] = []
        /// Records whose document is over a limit on the after side, new or not, and those findings by rule.
        public internal(set) var overLimit = 0
        public internal(set) var findingsAfter: [Findings] = []
        /// Findings already there before the change (the same record past the same rule on both sides): not the
        /// change's doing, and never what `--fail-on` counts.
        public internal(set) var existingFindings: [Findings] = []

        init(format: String, locale: String, presence: Presence) {
            self.format = format
            self.locale = locale
            self.presence = presence
        }

        /// Whether anything changed in this row.
        public var hasChanges: Bool { changed + newlyFailing + newlyPassing > 0 || presence == .added || presence == .removed }
        /// Whether the change broke something here: a new failure or a new limit finding.
        public var hasNewFailures: Bool { newlyFailing > 0 || !newFindings.isEmpty }
    }

    /// Changes that differ only in the alerts' own values, as one.
    public struct Cluster: Sendable, Codable {
        /// The changed words, alert values and numbers as placeholders (`ChangeKey`).
        public let change: String
        /// Records with this change, and their share of the row's records.
        public internal(set) var count: Int
        public internal(set) var share: Double
        /// Where the change comes from, where that can be known: a catalog key (`matchTypes.IDEMAILADDR.steps[0].text`)
        /// or a template file and its changed lines.
        public internal(set) var source: String?
        /// The first records with this change (at most two), each with its word-level diff.
        public internal(set) var examples: [Example]
    }

    /// One record's change.
    public struct Example: Sendable, Codable {
        /// Its position in the input (0 for the first record) and its id.
        public let position: Int
        public let id: String?
        /// The word-level diff of what the reader sees (an email's decoded text, a page's visible text), with the
        /// unchanged text around each change shortened.
        public let diff: [DiffRun]
        /// The diff of the document's source (the MIME message, the HTML), where that is not what the reader sees.
        public var sourceDiff: [DiffRun]?
    }

    /// A run of a word-level diff: text on both sides (`same`), or text `removed` and `added` at one place.
    public struct DiffRun: Sendable, Codable, Hashable {
        public let same: String?
        public let removed: String?
        public let added: String?
    }

    /// The records of one limit rule.
    public struct Findings: Sendable, Codable {
        /// The rule (`LimitFinding.rule`).
        public let rule: String
        /// How many records.
        public internal(set) var count: Int
        /// The first (at most three), with what was measured.
        public internal(set) var examples: [FindingExample]
    }

    /// One record's finding.
    public struct FindingExample: Sendable, Codable {
        public let position: Int
        public let id: String?
        public let message: String
    }

    /// Whether any document changed, or any record started or stopped failing.
    public var hasChanges: Bool { rows.contains(where: \.hasChanges) }
    /// Whether any record fails after the change that did not before, or is over a limit it was not over.
    public var hasNewFailures: Bool { rows.contains(where: \.hasNewFailures) }

    /// What fails a run (`alertkit review --fail-on`).
    public enum FailOn: String, Sendable, CaseIterable {
        /// New failures and new limit findings (the default).
        case failures
        /// Any change at all, failures included.
        case changes
        /// Nothing: the review only reports.
        case never
    }

    /// Whether the review fails under `rule`.
    public func fails(on rule: FailOn) -> Bool {
        switch rule {
        case .failures: hasNewFailures
        case .changes: hasChanges || hasNewFailures
        case .never: false
        }
    }
}
