import AlertBatch
import AlertModel
import Foundation

/// One `alertkit batch` run: the inputs' records through the processors on the runner's workers, into the sink.
struct BatchJob {
    let inputs: [BatchInput]
    /// Every record's outputs: one, or one a format and locale.
    let fanOut: RecordFanOut
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
        /// With several formats or locales, what each record became: `3 formats × 2 locales`, and how many documents
        /// that is (the counts above are then of documents, not records).
        var fanOut: (words: String, outputs: Int)?
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
            let total = (rendered + skipped + rejected) / (fanOut?.outputs ?? 1)  // records
            let rate = seconds > 0 ? Int((Double(total) / seconds).rounded()) : total
            var counts = "\(rendered) rendered"
            if fitted > 0 { counts += " (\(fitted) fitted to their receiver's limits)" }
            if skipped > 0 { counts += ", \(skipped) skipped (not urgent)" }
            counts += ", \(rejected) rejected"
            if let fanOut { counts += ": \(total) record\(total == 1 ? "" : "s") × \(fanOut.words)" }
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
        let stream = RecordStream(inputs: inputs, maxRecordBytes: fanOut.maxRecordBytes,
                                  isStopped: { StopSignals.received != nil })
        let fanOut = fanOut
        let namesLocale = fanOut.locales.count > 1  // lines name their locale when a run has several
        let ndjson = sink.writesNDJSON
        let sink = sink
        var read = 0
        runner.run(read: {
                       guard StopSignals.received == nil, let record = stream.next() else { return nil }
                       read += 1
                       return record
                   },
                   mayWait: { stream.mayWait },
                   transform: { record in
                       fanOut.process(record).map {
                           EncodedRecord(record, $0.outcome, format: $0.format, locale: namesLocale ? $0.locale : nil, ndjson: ndjson)
                       }
                   },
                   emit: { record, encoded in sink.emit(record, encoded) },
                   flush: { sink.flush() })
        sink.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        var summary = Summary(rendered: sink.rendered, skipped: sink.skipped, rejected: sink.rejected, seconds: seconds,
                              fitted: sink.fitted, rejectedBy: sink.rejectedBy)
        if fanOut.outputsPerRecord > 1 {
            let formats = fanOut.locales[0].processors.count, locales = fanOut.locales.count
            summary.fanOut = ("\(formats) format\(formats == 1 ? "" : "s") × \(locales) locale\(locales == 1 ? "" : "s")",
                              fanOut.outputsPerRecord)
        }
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
            // The sink counts documents; a record whose documents were written only in part (a failed write,
            // --fail-fast at its second format) counts as not processed.
            summary.notProcessed = read - (sink.rendered + sink.skipped + sink.rejected) / fanOut.outputsPerRecord + rest
            summary.restUncounted = !complete
        }
        return summary
    }
}
