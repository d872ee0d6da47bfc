import AlertModel
import AlertPresentation
import AlertRendering
import Foundation

/// What a side made of one record in one format.
enum Outcome: Sendable, Equatable {
    /// The document, and the limits it is past.
    case rendered([UInt8], [LimitFinding])
    /// The record is not a valid alert (the same on both sides: the input, not the templates).
    case invalid(String)
    /// The side failed: its templates or catalog do not load, or this document failed.
    case failed(String)
    /// The side has no such format or locale.
    case absent
}

/// One record compared in one format and locale: what each side made of it (the documents themselves are not
/// kept: a block of records holds only this), whether the two documents are the same, and for a changed document,
/// its change's key and diff.
struct Comparison: Sendable {
    let before: Outcome, after: Outcome
    /// Whether both sides rendered the same bytes.
    let same: Bool
    var id: String?
    /// The change as its reader sees it (`ReaderText`: an email's decoded text, a page's visible text), grouped by
    /// its key; and, where that reading differs from the document's bytes, the diff of the source too.
    var change: (key: ChangeKey, diff: WordDiff)?
    var sourceDiff: WordDiff?

    /// `before` and `after` compared; their documents are dropped.
    init(_ before: Outcome, _ after: Outcome) {
        if case .rendered(let a, _) = before, case .rendered(let b, _) = after { same = a == b } else { same = false }
        self.before = before.withoutDocument
        self.after = after.withoutDocument
    }
}

extension Outcome {
    /// The outcome with an empty document in place of the rendered one.
    var withoutDocument: Outcome {
        if case .rendered(_, let findings) = self { return .rendered([], findings) }
        return self
    }
}

/// Both sides of a review, made ready.
struct ReviewSides: Sendable {
    let before: ReviewSide.Prepared, after: ReviewSide.Prepared
    /// Whether the sides differ in catalogs alone: then two equal views make the same document.
    let rendersAlike: Bool
    let renderOptions: RenderOptions

    /// The unchanged text kept on each side of a change in an example.
    static let context = 160

    /// `record` compared in every format and locale of `plan`, row by row.
    func compare(_ record: [UInt8], plan: RecordPlan) -> [Comparison] {
        var comparisons: [Comparison] = []
        comparisons.reserveCapacity(plan.formats.count * plan.locales.count)
        var values: [String]?  // the alert's own strings, read when a document changed
        var perLocale: [[Comparison]] = []
        for locale in plan.locales {
            let old = before.present(record, locale: locale), new = after.present(record, locale: locale)
            let sameView: Bool
            if rendersAlike, case .success(let a) = old, case .success(let b) = new { sameView = a.view == b.view } else { sameView = false }
            var row: [Comparison] = []
            for format in plan.formats {
                let oldOutcome = before.emit(old, format: format, options: renderOptions)
                let newOutcome = sameView && before.has(format) == after.has(format)
                    ? oldOutcome : after.emit(new, format: format, options: renderOptions)
                var comparison = Comparison(oldOutcome, newOutcome)
                if case .rendered(let a, _) = oldOutcome, case .rendered(let b, _) = newOutcome, !comparison.same {
                    let mediaType = after.mediaType(of: format) ?? before.mediaType(of: format) ?? ""
                    let source = { WordDiff(String(decoding: a, as: UTF8.self), String(decoding: b, as: UTF8.self)) }
                    let diff: WordDiff
                    if let read = ReaderText.of(a, mediaType: mediaType), let readAfter = ReaderText.of(b, mediaType: mediaType),
                       read != readAfter {
                        diff = WordDiff(read, readAfter)
                        comparison.sourceDiff = source().trimmed(context: Self.context)
                    } else {
                        diff = source()  // a change of markup alone, or a format read as it is written
                    }
                    if values == nil { values = ChangeKey.values(ofAlert: record) }
                    comparison.change = (ChangeKey(diff, values: values ?? []), diff.trimmed(context: Self.context))
                    comparison.id = (try? new.get().view.id) ?? (try? old.get().view.id)
                } else if case .rendered(_, let findings) = newOutcome, !findings.isEmpty {
                    comparison.id = (try? new.get().view.id)
                } else if case .rendered(_, let findings) = oldOutcome, !findings.isEmpty {
                    comparison.id = (try? old.get().view.id)
                } else if case .failed = newOutcome {
                    comparison.id = (try? new.get().view.id) ?? (try? old.get().view.id)
                }
                row.append(comparison)
            }
            perLocale.append(row)
        }
        for formatIndex in plan.formats.indices {  // format-major, as the report's rows are
            for localeIndex in plan.locales.indices { comparisons.append(perLocale[localeIndex][formatIndex]) }
        }
        return comparisons
    }
}

/// A record presented by one side, or the outcome every format then has.
typealias Presented = Result<(view: AlertView, pipeline: AlertPipeline), Stopped>

/// What stops a record before any format: no such locale, a side that does not load, an invalid alert.
struct Stopped: Error {
    let outcome: Outcome
}

extension ReviewSide {
    /// A side made ready: its formats, and a pipeline per locale (or why there is none).
    struct Prepared: Sendable {
        let formats: Result<FormatRegistry, ReviewFailure>
        let pipelines: [String: Result<AlertPipeline, ReviewFailure>]

        /// `side` made ready; a format that renders on `side` as on `shared`'s side takes `shared`'s emitter, so
        /// that both sides share its caches (and the memory they take).
        init(_ side: ReviewSide, options: PresentationOptions, sharing shared: (side: ReviewSide, prepared: Prepared)? = nil) {
            var formats = Result { try side.formats() }.mapError(ReviewFailure.init)
            if let shared, case .success(var registry) = formats, case .success(let theirs) = shared.prepared.formats {
                for format in registry.formats.map(\.name) {
                    guard let emitter = try? theirs.emitter(named: format), let own = try? registry.emitter(named: format),
                          type(of: emitter) == type(of: own), side.rendersLike(shared.side, format: format, emitter: own) else { continue }
                    registry.register(emitter)
                }
                formats = .success(registry)
            }
            self.formats = formats
            var pipelines: [String: Result<AlertPipeline, ReviewFailure>] = [:]
            for locale in side.locales {
                pipelines[locale] = formats.flatMap { formats in
                    Result { AlertPipeline(presenters: side.extensions.presenters,
                                           context: try side.context(locale: locale, options: options), formats: formats) }
                        .mapError(ReviewFailure.init)
                }
            }
            self.pipelines = pipelines
        }

        var formatNames: [String] { (try? formats.get())?.formats.map(\.name) ?? [] }

        /// The media type of `format` on this side, if it has it.
        func mediaType(of format: String) -> String? {
            (try? formats.get())?.formats.first { $0.name == format }?.mediaType
        }

        /// Whether the side has `format`; a side whose templates do not load has every format, failing.
        func has(_ format: String) -> Bool {
            switch formats {
            case .success(let registry): registry.formats.contains { $0.name == format }
            case .failure: true
            }
        }

        /// The record presented in `locale` by this side's pipeline.
        func present(_ record: [UInt8], locale: String) -> Presented {
            guard let pipeline = pipelines[locale] else { return .failure(Stopped(outcome: .absent)) }
            switch pipeline {
            case .failure(let failure): return .failure(Stopped(outcome: .failed(failure.message)))
            case .success(let pipeline):
                do { return .success((try pipeline.present(record).view, pipeline)) } catch {
                    return .failure(Stopped(outcome: .invalid(error.problems.first?.description ?? "not an alert")))
                }
            }
        }

        /// `presented` in `format`, with the limits its document is past.
        func emit(_ presented: Presented, format: String, options: RenderOptions) -> Outcome {
            switch presented {
            case .failure(let stopped):
                if case .invalid = stopped.outcome, !has(format) { return .absent }
                return stopped.outcome
            case .success(let (view, pipeline)):
                guard has(format), let emitter = try? pipeline.formats.emitter(named: format) else { return .absent }
                do {
                    let document = try pipeline.emit(view, with: emitter, options: options)
                    let bytes = document.bytes
                    var unfitted: String?
                    if let template = emitter as? TemplateFormat, template.fitsSMS {
                        unfitted = try template.renderUnfitted(view, options: pipeline.limited(options))
                    }
                    // A document fitted into its receiver's limits is reported by what the document as made broke.
                    return .rendered(bytes, (document.fit?.findings ?? []) + ChannelLimits.check(bytes, emitter: emitter, unfitted: unfitted))
                } catch RenderLimitError.overReceiverLimit {
                    // Rendering rejects it; a review shows the document as made, with every limit it breaks.
                    guard let bytes = try? emitter.renderDocument(view, options: pipeline.limited(options)).bytes else {
                        return .failed("the document cannot be rendered")
                    }
                    return .rendered(bytes, ChannelLimits.check(bytes, emitter: emitter))
                } catch {
                    return .failed(String(describing: error))
                }
            }
        }
    }
}

/// Why a side could not render: its templates or catalog do not load, or a document failed.
struct ReviewFailure: Error {
    let message: String
    init(_ error: any Error) { message = String(describing: error) }
}
