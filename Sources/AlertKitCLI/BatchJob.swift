import AlertBatch
import AlertModel
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
        /// Of the rendered, those fitted into their receiver's limits.
        var fitted = 0
        /// The rejected by why.
        var rejectedBy: [FailureKind: Int] = [:]
        /// Why the run stopped before the end of its inputs, if it did.
        var stop: Stop?
        /// Records read or left in the inputs that were never processed (a stop).
        var notProcessed = 0
        /// Whether part of the inputs (standard input, a pipe) was left unread and could not be counted.
        var restUncounted = false

        enum Stop: Equatable {
            case signal(Int32), failFast, output(String)
        }

        /// With rejections, `rejected: 2 invalid-alert, 1 not-json` (by `FailureKind`, as the error records name
        /// them): printed just before the summary line, which stays the run's last.
        var breakdownLine: String? {
            rejectedBy.isEmpty ? nil : "rejected: " + Self.breakdown(rejectedBy)
        }

        /// `N rendered, M rejected in T s (R alerts/s)` and what a stop left undone.
        var line: String {
            let total = rendered + skipped + rejected
            let rate = seconds > 0 ? Int((Double(total) / seconds).rounded()) : total
            var counts = "\(rendered) rendered"
            if fitted > 0 { counts += " (\(fitted) fitted to their receiver's limits)" }
            if skipped > 0 { counts += ", \(skipped) skipped (not urgent)" }
            counts += ", \(rejected) rejected"
            var line = counts + " in " + String(format: "%.2f", seconds) + " s (\(rate) alerts/s)"
            guard let stop else { return line }
            switch stop {
            case .signal(let number): line += "; interrupted by \(StopSignals.name(number))"
            case .failFast: line += "; stopped at the first error (--fail-fast)"
            case .output: line += "; stopped: an output could not be written"
            }
            let records = "\(notProcessed) record\(notProcessed == 1 ? "" : "s")"
            switch (restUncounted, notProcessed) {
            case (false, _): return line + ": \(records) not processed"
            case (true, 0): return line + ": the unread rest of the input not processed"
            case (true, _): return line + ": \(records), and the unread rest of the input, not processed"
            }
        }

        /// `2 invalid-alert, 1 not-json`: the most first, then by name (`FailureKind`'s names, as error records and
        /// metrics give them).
        static func breakdown(_ counts: [FailureKind: Int]) -> String {
            counts.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }
                .map { "\($0.value) \($0.key.rawValue)" }.joined(separator: ", ")
        }
    }

    func run() throws -> Summary {
        let start = DispatchTime.now()
        let stream = RecordStream(inputs: inputs, maxRecordBytes: processor.pipeline.decoder.limits.maxBytes,
                                  isStopped: { StopSignals.received != nil })
        let processor = processor
        let format = processor.emitter.format.name
        let ndjson = sink.writesNDJSON
        let sink = sink
        var read = 0
        runner.run(read: {
                       guard StopSignals.received == nil, let record = stream.next() else { return nil }
                       read += 1
                       return record
                   },
                   mayWait: { stream.mayWait },
                   transform: { record in EncodedRecord(record, processor.process(record), format: format, ndjson: ndjson) },
                   emit: { record, encoded in sink.emit(record, encoded) },
                   flush: { sink.flush() })
        sink.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var summary = Summary(rendered: sink.rendered, skipped: sink.skipped, rejected: sink.rejected, seconds: seconds,
                              fitted: sink.fitted, rejectedBy: sink.rejectedBy)
        if let failure = sink.outputFailure {
            summary.stop = .output(failure)
        } else if let number = StopSignals.received {
            summary.stop = .signal(number)
        } else if sink.stoppedEarly {
            summary.stop = .failFast
        } else if stream.wasStopped {
            summary.stop = .signal(SIGINT)
        }
        if summary.stop != nil {
            let (rest, complete) = stream.countRemaining()
            summary.notProcessed = read - (sink.rendered + sink.skipped + sink.rejected) + rest
            summary.restUncounted = !complete
        }
        return summary
    }
}
