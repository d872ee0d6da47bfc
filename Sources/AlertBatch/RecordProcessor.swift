import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering

/// Turns one record into its outcome: decode and validate, present, render; the same steps and options
/// as `alertkit render`, so a batch output is byte for byte what `render` gives for that alert.
public struct RecordProcessor: Sendable {
    /// The pipeline: decoder, presenters, context and formats.
    public var pipeline: AlertPipeline
    /// The emitter of the chosen format.
    public var emitter: any AlertEmitter
    /// Fragment and text width.
    public var options: RenderOptions
    /// Leave out alerts that are not urgent.
    public var urgentOnly: Bool

    /// Creates a processor for a format; throws for an unknown format.
    public init(pipeline: AlertPipeline, format: String, options: RenderOptions, urgentOnly: Bool = false) throws {
        self.init(pipeline: pipeline, emitter: try pipeline.formats.emitter(named: format), options: options,
                  urgentOnly: urgentOnly)
    }

    /// Creates a processor for an emitter already chosen (the service finds it when it reads the request).
    public init(pipeline: AlertPipeline, emitter: any AlertEmitter, options: RenderOptions, urgentOnly: Bool = false) {
        self.pipeline = pipeline
        self.emitter = emitter
        self.options = pipeline.limited(options)
        self.urgentOnly = urgentOnly
    }

    /// The record's outcome.
    public func process(_ record: BatchRecord) -> BatchOutcome {
        if let unreadable = record.unreadable {
            return .rejected(BatchRejection(id: nil, kind: record.unreadableKind, problems: [.init(pointer: "", message: unreadable)]))
        }
        return process(record.bytes)
    }

    /// The outcome for one alert's JSON.
    public func process(_ bytes: [UInt8]) -> BatchOutcome {
        let presented: (view: AlertView, warnings: [ValidationIssue])
        do {
            presented = try pipeline.present(bytes)
        } catch {
            return .rejected(Self.rejection(error, in: bytes))
        }
        return outcome(presented.view, warnings: presented.warnings)
    }

    /// The rejection of a record the decoder refused.
    static func rejection(_ error: AlertDecodingError, in bytes: [UInt8]) -> BatchRejection {
        BatchRejection(id: id(in: bytes), kind: error.kind, problems: error.problems)
    }

    /// The outcome for an alert already presented (`view`, from this processor's pipeline's presenters and
    /// context) with its decoder's `warnings`: `RecordFanOut` presents once for every format of a locale.
    public func outcome(_ view: AlertView, warnings decoderWarnings: [ValidationIssue]) -> BatchOutcome {
        if urgentOnly && !view.urgent { return .skipped(id: view.id) }
        do {
            let document = try pipeline.emit(view, with: emitter, options: options)
            var warnings = decoderWarnings.map(AlertProblem.init(issue:))
            if let fit = document.fit { warnings.append(AlertProblem(pointer: "", message: fit.warning)) }
            return .rendered(id: view.id, document: document, warnings: warnings)
        } catch let error as RenderLimitError {
            return .rejected(BatchRejection(id: view.id, kind: error.kind, problems: [.init(pointer: "", message: error.description)]))
        } catch {
            return .rejected(BatchRejection(id: view.id, kind: .internalError, problems: [.init(pointer: "", message: "cannot be rendered: \(error)")]))
        }
    }

    /// The `id` of a record that is JSON but not a valid alert, to help find it.
    private static func id(in bytes: [UInt8]) -> String? {
        (try? JSONParser().parse(bytes))?["id"]?.stringValue
    }
}
