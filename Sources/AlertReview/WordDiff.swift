/// Two texts compared word by word: the runs they share and the runs that differ, in order.
///
/// A text is cut into tokens (a run of letters and digits, a run of white space, or any other single character), and
/// the two token lists are compared with Myers' algorithm (the shortest edit script), so a reworded sentence shows as
/// the words that changed, not as whole lines. Past `maxEdits` edits the middle that differs is one replacement.
public struct WordDiff: Sendable, Hashable {
    /// One run of the comparison: text on both sides, or text removed and text added at one place.
    public enum Run: Sendable, Hashable {
        /// Text both sides have.
        case same(String)
        /// Text the before side has and the after side has not, and the other way round, at one place.
        case changed(removed: String, added: String)
    }

    /// The runs, in document order.
    public let runs: [Run]

    /// The most edits the comparison looks for before it calls the whole differing middle one change.
    public static let maxEdits = 600

    /// `before` compared with `after`.
    public init(_ before: String, _ after: String) {
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
        var runs: [Run] = []
        func same(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let text = old[range].joined()
            if case .same(let previous)? = runs.last { runs[runs.count - 1] = .same(previous + text) } else { runs.append(.same(text)) }
        }
        func change(_ removed: Range<Int>, _ added: Range<Int>) {
            guard !removed.isEmpty || !added.isEmpty else { return }
            let r = old[removed].joined(), d = new[added].joined()
            if case .changed(let r0, let d0)? = runs.last { runs[runs.count - 1] = .changed(removed: r0 + r, added: d0 + d) } else {
                runs.append(.changed(removed: r, added: d))
            }
        }
        // The common head and tail cost nothing to find and are most of a document.
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        same(0..<head)
        let middleA = Array(a[head..<(a.count - tail)]), middleB = Array(b[head..<(b.count - tail)])
        if let script = Self.editScript(middleA, middleB) {
            var i = 0, j = 0
            for step in script {
                switch step {
                case .keep: same((head + i)..<(head + i + 1)); i += 1; j += 1
                case .delete: change((head + i)..<(head + i + 1), (head + j)..<(head + j)); i += 1
                case .insert: change((head + i)..<(head + i), (head + j)..<(head + j + 1)); j += 1
                }
            }
        } else {
            change(head..<(a.count - tail), head..<(b.count - tail))
        }
        same((a.count - tail)..<a.count)
        self.runs = Self.merged(runs)
    }

    /// The most characters of common text between two changes that are read as part of one change: a space or a
    /// short word that two rewordings happen to share ("Talk" → "on", " ", "to" → "every" reads as one rewording).
    static let shortestKept = 5

    /// `runs` with each short common text between two changes folded into one change.
    private static func merged(_ runs: [Run]) -> [Run] {
        var out: [Run] = []
        var index = 0
        while index < runs.count {
            if case .changed(let removed, let added) = runs[index], case .changed(let r0, let a0)? = out.last {
                out[out.count - 1] = .changed(removed: r0 + removed, added: a0 + added)
            } else if case .same(let text) = runs[index], text.count < shortestKept, index + 1 < runs.count,
                      case .changed(let r0, let a0)? = out.last, case .changed(let removed, let added) = runs[index + 1] {
                out[out.count - 1] = .changed(removed: r0 + text + removed, added: a0 + text + added)
                index += 1
            } else {
                out.append(runs[index])
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
        })
    }

    private init(runs: [Run]) { self.runs = runs }

    /// Whether the two texts were the same.
    public var isEmpty: Bool { !runs.contains { if case .changed = $0 { true } else { false } } }

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

    /// Myers' shortest edit script from `a` to `b`, or nil past `maxEdits` edits.
    private static func editScript(_ a: [Int], _ b: [Int]) -> [Step]? {
        let n = a.count, m = b.count
        if n == 0 { return Array(repeating: .insert, count: m) }
        if m == 0 { return Array(repeating: .delete, count: n) }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        outer: for d in 0...limit {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
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
            while x > previousX, y > previousY { steps.append(.keep); x -= 1; y -= 1 }
            if d > 0 { steps.append(x == previousX ? .insert : .delete) }
            x = previousX
            y = previousY
        }
        return steps.reversed()
    }
}
