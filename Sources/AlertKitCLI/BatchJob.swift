import AlertBatch
import Foundation

/// One `alertkit batch` run: the inputs' records through the processor on the runner's workers, into the sink.
struct BatchJob {
    let inputs: [BatchInput]
    let processor: RecordProcessor
    let sink: BatchSink
    let runner: BatchRunner

    /// What a run did, for the summary line and the exit code.
    struct Summary {
        var rendered: Int, skipped: Int, rejected: Int
        var seconds: Double
        var stoppedEarly: Bool
        var outputFailure: String?

        /// `N rendered, M rejected in T s (R alerts/s)`.
        var line: String {
            let total = rendered + skipped + rejected
            let rate = seconds > 0 ? Int((Double(total) / seconds).rounded()) : total
            var counts = "\(rendered) rendered"
            if skipped > 0 { counts += ", \(skipped) skipped (not urgent)" }
            counts += ", \(rejected) rejected"
            let stop = stoppedEarly ? "; stopped at the first error (--fail-fast)" : ""
            return counts + " in " + String(format: "%.2f", seconds) + " s (\(rate) alerts/s)" + stop
        }
    }

    func run() throws -> Summary {
        let start = DispatchTime.now()
        let stream = RecordStream(inputs: inputs)
        let processor = processor
        let format = processor.emitter.format.name
        let ndjson = sink.writesNDJSON
        let sink = sink
        runner.run(read: stream.next,
                   transform: { record in EncodedRecord(record, processor.process(record), format: format, ndjson: ndjson) },
                   emit: { record, encoded in sink.emit(record, encoded) })
        sink.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return Summary(rendered: sink.rendered, skipped: sink.skipped, rejected: sink.rejected, seconds: seconds,
                       stoppedEarly: sink.stoppedEarly, outputFailure: sink.outputFailure)
    }
}
