@testable import AlertReview
import AlertTestSupport
import Testing

@Suite("Word diff")
struct WordDiffTests {
    /// The before text is the same runs and the removed text; the after text, the same runs and the added text.
    static func sides(_ diff: WordDiff) -> (String, String) {
        diff.runs.reduce(into: ("", "")) { sides, run in
            switch run {
            case .same(let text): sides.0 += text; sides.1 += text
            case .changed(let removed, let added): sides.0 += removed; sides.1 += added
            }
        }
    }

    @Test("one reworded word is one change, with the rest the same")
    func oneWord() {
        let diff = WordDiff("Change your password immediately.\nKeep an eye out.", "Change your password today.\nKeep an eye out.")
        #expect(diff.changes.map { "\($0.removed)→\($0.added)" } == ["immediately→today"])
        #expect(Self.sides(diff) == ("Change your password immediately.\nKeep an eye out.", "Change your password today.\nKeep an eye out."))
    }

    @Test("words reworded around a space or a short shared word read as one change; a longer shared text parts them")
    func merged() {
        let diff = WordDiff("Talk to an expert now. Then rest.", "Call us at once now. Then sleep.")
        #expect(diff.changes.map { "\($0.removed)→\($0.added)" } == ["Talk to an expert→Call us at once", "rest→sleep"])
    }

    @Test("any two texts: the runs give both back, and equal texts have no change", arguments: 0..<200)
    func roundTrip(seed: Int) {
        var generator = SplitMix(seed: UInt64(seed) + 1)
        let words = ["a", "b", "cc", " ", "\n", ".", "é", "<p>", "ddd", "  "]
        func text() -> String { (0..<Int.random(in: 0...40, using: &generator)).map { _ in words.randomElement(using: &generator)! }.joined() }
        let (a, b) = (text(), text())
        let diff = WordDiff(a, b)
        #expect(Self.sides(diff) == (a, b))
        #expect(WordDiff(a, a).isEmpty)
        #expect(diff.isEmpty == (a == b))
    }

    @Test("trimmed: the changes whole, the common text around them cut to the context with an ellipsis")
    func trimmed() {
        let head = String(repeating: "a ", count: 100), tail = String(repeating: "z ", count: 100)
        let diff = WordDiff(head + "old " + head + "x " + tail, head + "new " + head + "y " + tail)
        let short = diff.trimmed(context: 10)
        #expect(short.changes.map(\.removed) == diff.changes.map(\.removed) && short.changes.map(\.added) == ["new", "y"])
        #expect(short.runs.first == .same("…" + head.suffix(10)) && short.runs.last == .same(" " + tail.prefix(9) + "…"))
        #expect(short.runs[2] == .same(" " + head.prefix(9) + " … " + head.suffix(10)))
        #expect(diff.trimmed(context: 1000) == diff)
    }

    @Test("past the most edits it looks for, the differing middle is one change")
    func manyEdits() {
        let a = (0..<2000).map { "w\($0)" }.joined(separator: " "), b = (0..<2000).map { "v\($0)" }.joined(separator: " ")
        let diff = WordDiff("head " + a + " tail", "head " + b + " tail")
        #expect(diff.changes.count == 1)
        #expect(Self.sides(diff) == ("head " + a + " tail", "head " + b + " tail"))
    }

    @Test("the work is linear in the text between two changes: a change at the top and at the bottom of 20,000 words")
    func linearWork() {
        for words in [2_000, 20_000] {
            let middle = String(repeating: "word ", count: words)
            let diff = WordDiff("old " + middle + "end", "new " + middle + "fin")
            let tokens = 2 * (2 * words + 3)
            #expect(diff.changes.map { "\($0.removed)→\($0.added)" } == ["old→new", "end→fin"])
            #expect(diff.work <= 6 * tokens, "\(words) words: \(diff.work) steps for \(tokens) tokens")
        }
    }

    @Test("past its work cap a comparison stops at the cap: the texts are changed, with no word diff")
    func workCap() {
        let middle = String(repeating: "word ", count: 20_000)
        let (a, b) = ("old " + middle + "end", "new " + middle + "fin")
        let full = WordDiff(a, b)
        #expect(!full.isPastWorkLimit && full.work < WordDiff.maxWork && !full.isEmpty)
        #expect(WordDiff(a, b, maxWork: full.work) == full)
        let capped = WordDiff(a, b, maxWork: full.work - 1)
        #expect(capped.isPastWorkLimit && capped.runs.isEmpty && !capped.isEmpty && capped.work == full.work)
        // A middle that differs all through stops at the cap, wherever the search is.
        let x = (0..<50_000).map { "w\($0)" }.joined(separator: " "), y = (0..<50_000).map { "v\($0)" }.joined(separator: " ")
        for cap in [10, 5_000, 500_000] {
            let diff = WordDiff(x, y, maxWork: cap)
            #expect(diff.isPastWorkLimit && diff.work == cap + 1 && !diff.isEmpty, "\(cap): \(diff.work)")
        }
        #expect(WordDiff(x, y).work <= WordDiff.maxWork && !WordDiff(x, y).isPastWorkLimit)
    }
}
