/// What a review found, per format and locale.
public struct ReviewReport: Sendable, CustomStringConvertible {
    /// The sides' names.
    public let before: String, after: String
    /// One row per format and locale, by format then locale.
    public let rows: [Row]

    /// What a side made of one record in one format.
    enum Outcome: Equatable {
        case rendered([UInt8])
        /// The record is not a valid alert (the same on both sides: the input, not the templates).
        case invalid(String)
        case failed(String)
        /// The side has no such format or locale.
        case absent
    }

    struct Key: Hashable {
        let format: String, locale: String
    }

    /// Whether a format is on both sides, or only one.
    public enum Presence: String, Sendable {
        case both, added, removed, neither
    }

    /// The counts of one format in one locale.
    public struct Row: Sendable {
        /// The format and the locale.
        public let format: String, locale: String
        /// Whether the format is on both sides.
        public let presence: Presence
        /// Records compared.
        public internal(set) var records = 0
        /// Records whose document is the same byte for byte on both sides.
        public internal(set) var unchanged = 0
        /// Records whose document differs.
        public internal(set) var changed = 0
        /// Records rendered before and failing after, and the other way round.
        public internal(set) var newlyFailing = 0, newlyPassing = 0
        /// Records that are not valid alerts (refused the same way on both sides).
        public internal(set) var invalid = 0
        /// The positions of the first changed records, and the first new failure's message.
        public internal(set) var examples: [Int] = []
        public internal(set) var firstFailure: String?

        init(format: String, locale: String, presence: Presence) {
            self.format = format
            self.locale = locale
            self.presence = presence
        }

        mutating func count(_ old: Outcome, _ new: Outcome, position: Int) {
            records += 1
            switch (old, new) {
            case (.rendered(let a), .rendered(let b)):
                if a == b { unchanged += 1 } else {
                    changed += 1
                    if examples.count < 2 { examples.append(position) }
                }
            case (.invalid, .invalid): invalid += 1
            case (.absent, .absent): break
            case (.rendered, .failed(let message)), (.absent, .failed(let message)):
                newlyFailing += 1
                if firstFailure == nil { firstFailure = message }
            case (.failed, .rendered), (.failed, .absent): newlyPassing += 1
            case (.failed, .failed): unchanged += 1
            default: changed += 1
            }
        }
    }

    /// Whether any document changed, or any record started or stopped failing.
    public var hasChanges: Bool { rows.contains { $0.changed + $0.newlyFailing + $0.newlyPassing > 0 || $0.presence != .both } }
    /// Whether any record fails after the change that did not before.
    public var hasNewFailures: Bool { rows.contains { $0.newlyFailing > 0 } }

    /// One line per format and locale: what changed.
    public var description: String {
        var lines = ["review: \(before) → \(after)"]
        for row in rows {
            var parts = ["\(row.records) records"]
            if row.presence == .added { parts.append("format added") }
            if row.presence == .removed { parts.append("format removed") }
            parts.append(row.changed == 0 && row.newlyFailing == 0 && row.newlyPassing == 0 ? "unchanged" : "\(row.changed) changed")
            if row.newlyFailing > 0 { parts.append("\(row.newlyFailing) newly failing (\(row.firstFailure ?? ""))") }
            if row.newlyPassing > 0 { parts.append("\(row.newlyPassing) newly passing") }
            if row.invalid > 0 { parts.append("\(row.invalid) not alerts") }
            lines.append("  \(row.format) [\(row.locale)]: " + parts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
