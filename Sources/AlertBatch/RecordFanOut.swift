import AlertJSON
import AlertModel
import AlertPresentation
import AlertRendering

/// One record into several documents at once: every format in every locale (`alertkit batch -f html -f text
/// --locales en,es`). The record is decoded once (once more only for a locale whose catalog defines other codes, so
/// that its warnings are its own), presented once per locale, and emitted once per format: each output is the bytes
/// `RecordProcessor` gives for that format and locale alone.
public struct RecordFanOut: Sendable {
    /// One locale's processors, one a format, all on the same pipeline (that locale's catalog).
    public struct Locale: Sendable {
        /// The locale's name, as outputs carry it (`en`, `es`).
        public var name: String
        /// A processor a format, in the order the outputs take.
        public var processors: [RecordProcessor]

        /// Creates a locale's processors; they must share one pipeline (presented once, emitted by each).
        public init(name: String, processors: [RecordProcessor]) {
            precondition(!processors.isEmpty, "a locale needs at least one format")
            self.name = name
            self.processors = processors
        }
    }

    /// One document (or rejection) of a record.
    public struct Output: Sendable {
        /// Its locale.
        public var locale: String
        /// Its format's name.
        public var format: String
        /// What became of the record in that format and locale.
        public var outcome: BatchOutcome
    }

    /// The locales, each with its formats.
    public var locales: [Locale]

    /// Creates a fan-out; at least one locale.
    public init(locales: [Locale]) {
        precondition(!locales.isEmpty, "a fan-out needs at least one locale")
        self.locales = locales
    }

    /// How many outputs each record has: formats × locales.
    public var outputsPerRecord: Int { locales.reduce(0) { $0 + $1.processors.count } }

    /// The decoder's size limit for one record, which every locale's pipeline shares.
    public var maxRecordBytes: Int { locales[0].processors[0].pipeline.decoder.limits.maxBytes }

    /// The record's outputs, locale by locale, format by format within each, in the order given.
    public func process(_ record: BatchRecord) -> [Output] {
        var outputs: [Output] = []
        outputs.reserveCapacity(outputsPerRecord)
        if record.unreadable != nil {
            for locale in locales {
                for processor in locale.processors {
                    outputs.append(Output(locale: locale.name, format: processor.emitter.format.name, outcome: processor.process(record)))
                }
            }
            return outputs
        }
        var decoded: (codes: Set<String>, result: Result<DecodedAlert, AlertDecodingError>)?
        for locale in locales {
            let first = locale.processors[0]
            let decoder = first.pipeline.decoder
            let result: Result<DecodedAlert, AlertDecodingError>
            if let decoded, decoded.codes == decoder.recognizedCodes {
                result = decoded.result
            } else {
                result = Result { () throws(AlertDecodingError) in try decoder.decode(record.bytes) }
                decoded = (decoder.recognizedCodes, result)
            }
            switch result {
            case .failure(let error):
                let rejection = RecordProcessor.rejection(error, in: record.bytes)
                for processor in locale.processors {
                    outputs.append(Output(locale: locale.name, format: processor.emitter.format.name, outcome: .rejected(rejection)))
                }
            case .success(let alert):
                let view = first.pipeline.present(alert)
                for processor in locale.processors {
                    outputs.append(Output(locale: locale.name, format: processor.emitter.format.name,
                                          outcome: processor.outcome(view, warnings: alert.warnings)))
                }
            }
        }
        return outputs
    }
}
