import AlertModel
import AlertPresentation
import AlertRendering
import Foundation

/// A change reviewed: every record rendered with the templates and catalogs of both sides, in every format and
/// locale, matched by position, and what changed counted per format and locale. Rendering is deterministic (no
/// clock reaches a document), so a document differs only where the alert, the templates or the options do.
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

    /// A review of `before` against `after`.
    public init(before: ReviewSide, after: ReviewSide, formats: [String]? = nil, locales: [String]? = nil,
                options: PresentationOptions = .default) {
        self.before = before
        self.after = after
        self.formats = formats
        self.locales = locales
        self.options = options
    }

    /// Renders every record of `records` (alert JSON) on both sides and counts what changed.
    public func run(_ records: some Sequence<[UInt8]>) -> ReviewReport {
        let sides = [Prepared(before, options: options), Prepared(after, options: options)]
        let formatNames = formats ?? Array(Set(sides.flatMap(\.formatNames))).sorted()
        let localeNames = locales ?? Array(before.locales.union(after.locales)).sorted()
        var rows: [ReviewReport.Key: ReviewReport.Row] = [:]
        for format in formatNames {
            for locale in localeNames {
                rows[.init(format: format, locale: locale)] = ReviewReport.Row(
                    format: format, locale: locale,
                    presence: sides[0].has(format) ? (sides[1].has(format) ? .both : .removed) : (sides[1].has(format) ? .added : .neither))
            }
        }
        for (position, record) in records.enumerated() {
            for locale in localeNames {
                // Each side decodes and presents the record once per locale; only the emitting is per format.
                let (old, new) = (sides[0].present(record, locale: locale), sides[1].present(record, locale: locale))
                for format in formatNames {
                    rows[.init(format: format, locale: locale)]?.count(sides[0].emit(old, format: format),
                                                                       sides[1].emit(new, format: format), position: position)
                }
            }
        }
        return ReviewReport(before: before.name, after: after.name, rows: formatNames.flatMap { format in
            localeNames.compactMap { rows[.init(format: format, locale: $0)] }
        })
    }

    /// A side made ready: its formats, and a pipeline per locale (or why there is none).
    private struct Prepared {
        let formats: Result<FormatRegistry, ReviewFailure>
        let pipelines: [String: Result<AlertPipeline, ReviewFailure>]

        init(_ side: ReviewSide, options: PresentationOptions) {
            formats = Result { try side.formats() }.mapError(ReviewFailure.init)
            var pipelines: [String: Result<AlertPipeline, ReviewFailure>] = [:]
            for locale in side.locales {
                pipelines[locale] = formats.flatMap { formats in
                    Result { AlertPipeline(context: try side.context(locale: locale, options: options), formats: formats) }
                        .mapError(ReviewFailure.init)
                }
            }
            self.pipelines = pipelines
        }

        var formatNames: [String] { (try? formats.get())?.formats.map(\.name) ?? [] }

        /// Whether the side has `format`; a side whose templates do not load has every format, failing.
        func has(_ format: String) -> Bool {
            switch formats {
            case .success(let registry): registry.formats.contains { $0.name == format }
            case .failure: true
            }
        }

        /// The record presented in `locale` by this side's pipeline, or the outcome every format then has.
        func present(_ record: [UInt8], locale: String) -> Result<(AlertView, AlertPipeline), Stopped> {
            guard let pipeline = pipelines[locale] else { return .failure(Stopped(outcome: .absent)) }
            switch pipeline {
            case .failure(let failure): return .failure(Stopped(outcome: .failed(failure.message)))
            case .success(let pipeline):
                do { return .success((try pipeline.present(record).view, pipeline)) } catch {
                    return .failure(Stopped(outcome: .invalid(error.problems.first?.description ?? "not an alert")))
                }
            }
        }

        /// `presented` in `format`.
        func emit(_ presented: Result<(AlertView, AlertPipeline), Stopped>, format: String) -> ReviewReport.Outcome {
            switch presented {
            case .failure(let stopped):
                if case .invalid = stopped.outcome, !has(format) { return .absent }
                return stopped.outcome
            case .success(let (view, pipeline)):
                guard has(format) else { return .absent }
                do {
                    return .rendered(try pipeline.emit(view, with: try pipeline.formats.emitter(named: format), options: .default).bytes)
                } catch {
                    return .failed(String(describing: error))
                }
            }
        }
    }

    /// What stops a record before any format: no such locale, a side that does not load, an invalid alert.
    private struct Stopped: Error {
        let outcome: ReviewReport.Outcome
    }
}

/// Why a side could not render: its templates or catalog do not load, or a document failed.
struct ReviewFailure: Error {
    let message: String
    init(_ error: any Error) { message = String(describing: error) }
}
