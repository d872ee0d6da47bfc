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
        self.pipeline = pipeline
        self.emitter = try pipeline.formats.emitter(named: format)
        self.options = pipeline.limited(options)
        self.urgentOnly = urgentOnly
    }

    /// The record's outcome.
    public func process(_ record: BatchRecord) -> BatchOutcome {
        if let unreadable = record.unreadable {
            return .rejected(BatchRejection(id: nil, problems: [.init(pointer: "", message: unreadable)]))
        }
        return process(record.bytes)
    }

    /// The outcome for one alert's JSON.
    public func process(_ bytes: [UInt8]) -> BatchOutcome {
        let decoded: DecodedAlert
        do {
            decoded = try pipeline.decoder.decode(bytes)
        } catch {
            return .rejected(BatchRejection(id: Self.id(in: bytes), problems: Self.problems(error)))
        }
        let view = pipeline.presenters.present(decoded.alert, in: pipeline.context)
        if urgentOnly && !view.urgent { return .skipped(id: view.id) }
        do {
            let warnings = decoded.warnings.map { BatchRejection.Problem(pointer: $0.pointer.description, message: $0.message) }
            let document = try emitter.renderDocument(view, options: options)
            guard document.count <= options.maxDocumentBytes else {
                throw RenderLimitError.documentTooLarge(limit: options.maxDocumentBytes)
            }
            return .rendered(id: view.id, document: document, warnings: warnings)
        } catch let error as RenderLimitError {
            return .rejected(BatchRejection(id: view.id, problems: [.init(pointer: "", message: error.description)]))
        } catch {
            return .rejected(BatchRejection(id: view.id, problems: [.init(pointer: "", message: "cannot be rendered: \(error)")]))
        }
    }

    private static func problems(_ error: AlertDecodingError) -> [BatchRejection.Problem] {
        switch error {
        case .notJSON(let syntax):
            return [.init(pointer: "", message: syntax.description)]
        case .invalid(let issues):
            return issues.map { .init(pointer: $0.pointer.description, message: $0.message) }
        }
    }

    /// The `id` of a record that is JSON but not a valid alert, to help find it.
    private static func id(in bytes: [UInt8]) -> String? {
        (try? JSONParser().parse(bytes))?["id"]?.stringValue
    }
}
