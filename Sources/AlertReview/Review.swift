import AlertModel
import AlertPresentation
import AlertRendering
import Dispatch
import Foundation

/// A change reviewed: every record rendered with the templates and catalogs of both sides, in every format and
/// locale, matched by position, and what changed counted per format and locale, grouped into clusters, with each
/// channel's limits checked on both sides. Rendering is deterministic (no clock reaches a document), so a document
/// differs only where the alert, the templates or the options do.
///
/// Records are read as they come and rendered on `jobs` threads, a block at a time; only counts, clusters and their
/// first examples are kept, so memory does not grow with the number of records.
public struct Review: Sendable {
    /// The side before the change.
    public var before: ReviewSide
    /// The side after it.
    public var after: ReviewSide
    /// The formats to compare; `nil` for every format either side has.
    public var formats: [String]?
    /// The locales to compare; `nil` for every locale either side has a catalog for.
    public var locales: [String]?
    /// The presentation options both sides render with (threshold, help line; reveal stays off).
    public var options: PresentationOptions
    /// The render options both sides use; without a date, both are dated `Review.pinnedDate`, so an email's `Date`
    /// (else the moment it is made) is the same on both sides and in every run.
    public var renderOptions: RenderOptions
    /// Threads that render.
    public var jobs: Int

    /// The date a review renders with unless its render options give one: 2000-01-01T00:00:00Z. A review compares
    /// documents; it sends none.
    public static let pinnedDate = Date(timeIntervalSince1970: 946_684_800)

    /// The most clusters a row keeps; changes past them are counted as ungrouped.
    public static let maxClusters = 200

    /// A review of `before` against `after`.
    public init(before: ReviewSide, after: ReviewSide, formats: [String]? = nil, locales: [String]? = nil,
                options: PresentationOptions = .default, renderOptions: RenderOptions = .default,
                jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.before = before
        self.after = after
        self.formats = formats
        self.locales = locales
        var options = options
        options.revealsSensitiveValues = false
        self.options = options
        var renderOptions = renderOptions
        renderOptions.date = renderOptions.date ?? Self.pinnedDate
        self.renderOptions = renderOptions
        self.jobs = max(1, jobs)
    }

    /// Renders every record of `records` (alert JSON) on both sides and reports what changed. `progress`, when
    /// given, is told the number of records done after each block.
    public func run(_ records: some Sequence<[UInt8]>, progress: ((Int) -> Void)? = nil) -> ReviewReport {
        let prepared = ReviewSide.Prepared(before, options: options)
        let sides = ReviewSides(before: prepared, after: ReviewSide.Prepared(after, options: options, sharing: (before, prepared)),
                                rendersAlike: before.rendersLike(after), renderOptions: renderOptions)
        let formatNames = formats ?? Array(Set(sides.before.formatNames + sides.after.formatNames)).sorted()
        let localeNames = locales ?? Array(before.locales.union(after.locales)).sorted()
        var rows = RowTally.rows(formats: formatNames, locales: localeNames, sides: sides)
        let plan = RecordPlan(formats: formatNames, locales: localeNames)
        var block: [[UInt8]] = []
        var done = 0
        func flush() {
            let results = ConcurrentMap.map(block, jobs: jobs) { sides.compare($0, plan: plan) }
            for (offset, result) in results.enumerated() {
                for (row, comparison) in result.enumerated() { rows[row].add(comparison, position: done + offset) }
            }
            done += block.count
            block.removeAll(keepingCapacity: true)
            progress?(done)
        }
        for record in records {
            block.append(record)
            if block.count == 256 { flush() }
        }
        if !block.isEmpty || done == 0 { flush() }
        let sources = ChangeSources(before: before, after: after, formats: formatNames, locales: localeNames)
        return ReviewReport(before: before.name, after: after.name, records: done,
                            rows: rows.map { $0.finished(sources: sources) })
    }
}

/// The formats and locales each record is compared in, row by row (format-major).
struct RecordPlan: Sendable {
    let formats: [String], locales: [String]
}

/// Maps a block of inputs on `jobs` threads, keeping their order.
enum ConcurrentMap {
    static func map<Input: Sendable, Output: Sendable>(_ inputs: [Input], jobs: Int,
                                                       _ transform: @Sendable (Input) -> Output) -> [Output] {
        guard jobs > 1, inputs.count > 1 else { return inputs.map(transform) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        defer {
            results.deinitialize()
            results.deallocate()
        }
        nonisolated(unsafe) let shared = results
        let threads = min(jobs, inputs.count)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: inputs.count, by: threads) { shared[index] = transform(inputs[index]) }
        }
        return results.map { $0! }
    }
}

extension Review {
    /// One record's document in `format` and `locale` on each side (nil where a side has none or fails): what a
    /// report shows in full, a screenshot for instance.
    public func documents(_ record: [UInt8], format: String, locale: String) -> (before: [UInt8]?, after: [UInt8]?) {
        func document(_ side: ReviewSide) -> [UInt8]? {
            let prepared = ReviewSide.Prepared(side, options: options)
            if case .rendered(let bytes, _) = prepared.emit(prepared.present(record, locale: locale), format: format, options: renderOptions) {
                return bytes
            }
            return nil
        }
        return (document(before), document(after))
    }
}
