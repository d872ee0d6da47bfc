/// Two texts compared word by word: the runs they share and the runs that differ, in order.
///
/// A text is cut into tokens (a run of letters and digits, a run of white space, or any other single character), and
/// the two token lists are compared with Myers' algorithm (the shortest edit script), so a reworded sentence shows as
/// the words that changed, not as whole lines. Past `maxEdits` edits the middle that differs is one replacement.
///
/// The work is linear in the texts and capped: each token is compared and copied a bounded number of times (the
/// common head and tail once, the middle once per edit looked for), and past `maxWork` steps the comparison stops
/// (`isPastWorkLimit`): the texts differ, and there is no word diff.
public struct WordDiff: Sendable, Hashable {
    /// One run of the comparison: text on both sides, or text removed and text added at one place.
    public enum Run: Sendable, Hashable {
        /// Text both sides have.
        case same(String)
        /// Text the before side has and the after side has not, and the other way round, at one place.
        case changed(removed: String, added: String)
    }

    /// The runs, in document order; none when the comparison stopped at its work limit.
    public let runs: [Run]

    /// Whether the comparison stopped at `maxWork` steps: the texts differ, and `runs` is empty (no word diff).
    public let isPastWorkLimit: Bool

    /// The steps the comparison took: each pair of tokens compared, each diagonal of the edit search visited, and each
    /// token copied into a run. At most `maxWork` (and one) when it stopped there.
    public let work: Int

    /// The most edits the comparison looks for before it calls the whole differing middle one change.
    public static let maxEdits = 600

    /// The most steps (`work`) a comparison takes by default: past them, a document is reported as changed, without
    /// a word diff. Ten million steps take well under a second; a page whose 1 MB alert changed at its top and its
    /// bottom takes about six steps a token.
    public static let maxWork = 10_000_000

    /// `before` compared with `after`, stopping past `maxWork` steps.
    public init(_ before: String, _ after: String, maxWork: Int = WordDiff.maxWork) {
        let old = Self.tokens(before), new = Self.tokens(after)
        var table: [Substring: Int] = [:]
        func ids(_ tokens: [Substring]) -> [Int] {
            tokens.map { token in
                if let id = table[token] { return id }
                table[token] = table.count
                return table.count - 1
            }
        }
        let a = ids(old), b = ids(new)
        var budget = Budget(limit: maxWork)
        // The common head and tail cost a step a token to find and are most of a document.
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head], budget.spend() { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail], budget.spend() { tail += 1 }
        var segments = Segments()
        segments.same(0..<head)
        let script = budget.isSpent ? nil : Self.editScript(a[head..<(a.count - tail)], b[head..<(b.count - tail)], budget: &budget)
        if let script {
            var i = head, j = head
            for step in script {
                switch step {
                case .keep: segments.same(i..<(i + 1)); i += 1; j += 1
                case .delete: segments.change(i..<(i + 1), j..<j); i += 1
                case .insert: segments.change(i..<i, j..<(j + 1)); j += 1
                }
            }
        } else {
            segments.change(head..<(a.count - tail), head..<(b.count - tail))
        }
        segments.same((a.count - tail)..<a.count)
        // Each token is copied once, into the run that holds it.
        guard !budget.isSpent, budget.spend(a.count + b.count) else {
            self.init(runs: [], isPastWorkLimit: true, work: budget.spent)
            return
        }
        let merged = Self.merged(segments.list, old)
        self.init(runs: merged.map { segment in
            switch segment {
            case .same(let range): .same(old[range].joined())
            case .changed(let removed, let added): .changed(removed: old[removed].joined(), added: new[added].joined())
            }
        }, isPastWorkLimit: false, work: budget.spent)
    }

    private init(runs: [Run], isPastWorkLimit: Bool, work: Int) {
        self.runs = runs
        self.isPastWorkLimit = isPastWorkLimit
        self.work = work
    }

    /// The steps a comparison may still take.
    private struct Budget {
        let limit: Int
        private(set) var spent = 0

        /// Takes `steps`; false, and spent (one past the limit), when they are more than are left.
        mutating func spend(_ steps: Int = 1) -> Bool {
            guard steps <= limit - spent else {
                spent = limit + 1
                return false
            }
            spent += steps
            return true
        }

        var isSpent: Bool { spent > limit }
    }

    /// A run as token ranges: the common tokens (their range in the before side), or the removed and the added
    /// tokens at one place. Consecutive runs of a kind are one, extended in place.
    private enum Segment {
        case same(Range<Int>)
        case changed(Range<Int>, Range<Int>)
    }

    private struct Segments {
        private(set) var list: [Segment] = []

        mutating func same(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if case .same(let previous)? = list.last, previous.upperBound == range.lowerBound {
                list[list.count - 1] = .same(previous.lowerBound..<range.upperBound)
            } else {
                list.append(.same(range))
            }
        }

        mutating func change(_ removed: Range<Int>, _ added: Range<Int>) {
            guard !removed.isEmpty || !added.isEmpty else { return }
            if case .changed(let r0, let d0)? = list.last {
                list[list.count - 1] = .changed(r0.lowerBound..<removed.upperBound, d0.lowerBound..<added.upperBound)
            } else {
                list.append(.changed(removed, added))
            }
        }
    }

    /// The most characters of common text between two changes that are read as part of one change: a space or a
    /// short word that two rewordings happen to share ("Talk" → "on", " ", "to" → "every" reads as one rewording).
    static let shortestKept = 5

    /// `segments` with each short common text between two changes folded into one change. The common text lies
    /// between the two changes on both sides, so the folded change is the tokens from the first to the second.
    private static func merged(_ segments: [Segment], _ old: [Substring]) -> [Segment] {
        func isShort(_ range: Range<Int>) -> Bool {
            var characters = 0
            for index in range {
                characters += old[index].count
                if characters >= shortestKept { return false }
            }
            return true
        }
        var out: [Segment] = []
        var index = 0
        while index < segments.count {
            if case .changed(let removed, let added) = segments[index], case .changed(let r0, let a0)? = out.last {
                out[out.count - 1] = .changed(r0.lowerBound..<removed.upperBound, a0.lowerBound..<added.upperBound)
            } else if case .same(let range) = segments[index], isShort(range), index + 1 < segments.count,
                      case .changed(let r0, let a0)? = out.last, case .changed(let removed, let added) = segments[index + 1] {
                out[out.count - 1] = .changed(r0.lowerBound..<removed.upperBound, a0.lowerBound..<added.upperBound)
                index += 1
            } else {
                out.append(segments[index])
            }
            index += 1
        }
        return out
    }

    /// The diff with each common text longer than `context` characters on each side of a change shortened to them
    /// (an ellipsis marks the cut): what an example shows, and all a review keeps of a document.
    public func trimmed(context: Int) -> WordDiff {
        WordDiff(runs: runs.enumerated().map { index, run in
            guard case .same(let text) = run else { return run }
            let first = index == 0, last = index == runs.count - 1
            if first, text.count > context { return .same("…" + text.suffix(context)) }
            if last, text.count > context { return .same(text.prefix(context) + "…") }
            if !first, !last, text.count > 2 * context { return .same(text.prefix(context) + " … " + text.suffix(context)) }
            return run
        }, isPastWorkLimit: isPastWorkLimit, work: work)
    }

    /// Whether the two texts were the same.
    public var isEmpty: Bool { !isPastWorkLimit && !runs.contains { if case .changed = $0 { true } else { false } } }

    /// The changed runs alone, in order.
    public var changes: [(removed: String, added: String)] {
        runs.compactMap { if case .changed(let removed, let added) = $0 { (removed, added) } else { nil } }
    }

    /// `text` cut into tokens: runs of letters and digits, runs of white space, single other characters.
    static func tokens(_ text: String) -> [Substring] {
        var tokens: [Substring] = []
        var index = text.startIndex
        while index < text.endIndex {
            let first = text[index]
            var end = text.index(after: index)
            if first.isLetter || first.isNumber {
                while end < text.endIndex, text[end].isLetter || text[end].isNumber { end = text.index(after: end) }
            } else if first.isWhitespace {
                while end < text.endIndex, text[end].isWhitespace { end = text.index(after: end) }
            }
            tokens.append(text[index..<end])
            index = end
        }
        return tokens
    }

    private enum Step { case keep, delete, insert }

    /// Myers' shortest edit script from `a` to `b`, or nil past `maxEdits` edits or when `budget` runs out. Each
    /// diagonal visited, each pair of tokens compared, each step of the search kept for the way back and each step
    /// of the script costs one.
    private static func editScript(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, budget: inout Budget) -> [Step]? {
        let n = a.count, m = b.count, a0 = a.startIndex, b0 = b.startIndex
        if n == 0 || m == 0 {
            guard budget.spend(n + m) else { return nil }
            return n == 0 ? Array(repeating: .insert, count: m) : Array(repeating: .delete, count: n)
        }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...limit {
            guard budget.spend(v.count) else { return nil }
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                guard budget.spend() else { return nil }
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[a0 + x] == b[b0 + y] {
                    guard budget.spend() else { return nil }
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m { found = true; break outer }
            }
        }
        guard found else { return nil }
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1
            let previousX = v[offset + previousK], previousY = previousX - previousK
            guard budget.spend(x - max(previousX, 0) + 1) else { return nil }
            while x > previousX, y > previousY { steps.append(.keep); x -= 1; y -= 1 }
            if d > 0 { steps.append(x == previousX ? .insert : .delete) }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
