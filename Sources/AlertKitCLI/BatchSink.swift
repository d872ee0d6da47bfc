import AlertBatch
import AlertModel
import AlertRendering
import Foundation

/// A record's outcome, already encoded by a worker: the writer only has to write it.
struct EncodedRecord: Sendable {
    enum Kind: Sendable { case rendered, skipped, rejected }

    var kind: Kind
    /// The alert's id, if known.
    var id: String?
    /// With `--ndjson` the record's line; with `--out-dir` the document.
    var output: [UInt8]
    /// The `--errors` line (rejected records).
    var errorLine: [UInt8] = []
    /// The standard-error lines: a rejected record's problems, or a rendered one's warnings.
    var messages: [String] = []
    /// Whether the document was fitted into its receiver's limits (`DocumentFit`).
    var fitted = false
    /// Why it was rejected (rejected records).
    var reason: FailureKind?

    /// Encodes an outcome for a directory of files (`ndjson == false`) or for NDJSON lines (naming `locale` when
    /// given: a run in several locales).
    init(_ record: BatchRecord, _ outcome: BatchOutcome, format: String, locale: String? = nil, ndjson: Bool) {
        switch outcome {
        case .rendered(let id, let document, let warnings):
            kind = .rendered
            self.id = id
            fitted = document.fit != nil
            messages = warnings.map { Diagnostics.line(Self.place(record), $0) }
            output = ndjson ? BatchLine.ndjson(record, outcome, format: format, locale: locale) : document.bytes
        case .skipped(let id):
            kind = .skipped
            self.id = id
            output = []
        case .rejected(let rejection):
            self = EncodedRecord(record, rejected: rejection, format: format, locale: locale, ndjson: ndjson)
        }
    }

    /// Encodes a rejection: the `--errors` line, the NDJSON line (with `ndjson`), the standard-error lines.
    init(_ record: BatchRecord, rejected rejection: BatchRejection, format: String, locale: String? = nil, ndjson: Bool) {
        kind = .rejected
        id = rejection.id
        reason = rejection.kind
        errorLine = BatchLine.errorLine(record, rejection)
        output = ndjson ? BatchLine.ndjson(record, .rejected(rejection), format: format, locale: locale) : []
        messages = rejection.problems.map { Diagnostics.line(Self.place(record), $0) }
    }

    /// `SOURCE:LINE`, as errors name a record.
    private static func place(_ record: BatchRecord) -> String {
        record.line > 0 ? "\(record.source):\(record.line)" : record.source
    }
}

/// Where a batch's outcomes go, in input order: files or standard output, the errors file, standard error,
/// the progress line and the counts. Used only from the runner's writer queue, one record at a time.
final class BatchSink: @unchecked Sendable {
    private let directory: AtomicDirectoryWriter?
    private var namer: OutputNamer
    private let standardOutput = DescriptorWriter(descriptor: STDOUT_FILENO)
    private let errors: DescriptorWriter?
    private let errorsPath: String?
    private let format: String
    private let failFast: Bool
    let progress: ProgressBar
    /// Records whose outputs are written (with `--ndjson`: flushed to standard output, so that a write that fails
    /// later does not count them).
    private(set) var rendered = 0, skipped = 0, rejected = 0
    /// The rejected records by why (`FailureKind`), as the summary breaks them down.
    private(set) var rejectedBy: [FailureKind: Int] = [:]
    /// Of the rendered records, those whose documents were fitted into their receiver's limits.
    private(set) var fitted = 0
    /// With `--ndjson`, the records whose lines wait in the buffer: where each line ends in it, and whether it is a
    /// rejection. When a write fails midway, the lines that ended before it count as written.
    private var unflushed: [(end: Int, rejected: FailureKind?, fitted: Bool)] = []
    private var bytes = 0
    /// Rejected records met so far, written or still in the buffer: what progress shows.
    private var seenRejected = 0
    /// The outcomes each record has (formats × locales, `RecordFanOut`): progress counts records, not documents.
    var outputsPerRecord = 1
    /// Why the run stopped writing, if an output failed.
    private(set) var outputFailure: String?
    /// Whether `--fail-fast` stopped the run.
    private(set) var stoppedEarly = false

    var writesNDJSON: Bool { directory == nil }

    init(outDir: String?, errorsPath: String?, format: OutputFormat, failFast: Bool, progress: ProgressBar) throws(BatchInputError) {
        directory = try outDir.map { dir throws(BatchInputError) in try AtomicDirectoryWriter(directory: dir) }
        namer = OutputNamer(fileExtension: format.fileExtension)
        errors = try errorsPath.map { path throws(BatchInputError) in try DescriptorWriter(path: path) }
        self.errorsPath = errorsPath
        self.format = format.name
        self.failFast = failFast
        self.progress = progress
    }

    /// Writes one record's outcomes (one, or one a format and locale: `RecordFanOut`); `false` stops the run (an
    /// output failed, or `--fail-fast` met an error). A message or `--errors` line that several of a record's outcomes
    /// share (a record the decoder refused is refused in every format) is reported once.
    func emit(_ record: BatchRecord, _ outcomes: [EncodedRecord]) -> Bool {
        guard outputFailure == nil else { return false }  // a flush between records failed
        bytes += record.bytes.count + 1
        defer {
            progress.update(records: (rendered + skipped + rejected + unflushed.count) / outputsPerRecord,
                            rejected: seenRejected, bytes: bytes)
        }
        if outcomes.contains(where: { $0.kind == .rejected }) { seenRejected += 1 }
        var reported = Reported()
        for encoded in outcomes where !emit(record, encoded, reported: &reported) { return false }
        return true
    }

    /// What a record's outcomes have already reported on standard error and in `--errors`.
    private struct Reported {
        var messages: Set<String> = []
        var errorLines: Set<[UInt8]> = []
    }

    /// Writes one outcome; a rendered alert that gets no file (its name is taken, or a directory stands in its
    /// place) is rejected.
    private func emit(_ record: BatchRecord, _ encoded: EncodedRecord, reported: inout Reported) -> Bool {
        var encoded = encoded
        if encoded.kind == .rendered, let directory {
            do {
                try directory.write(encoded.output, as: try namer.name(for: encoded.id ?? ""))
            } catch let error as DirectoryWriteError where error.stopsRun {
                outputFailure = error.description
                return false
            } catch {
                encoded = EncodedRecord(record, rejected: BatchRejection(id: encoded.id, kind: .cannotCreate, problems: [.init(pointer: "", message: "\(error)")]),
                                        format: format, ndjson: false)
            }
        }
        do {
            switch encoded.kind {
            case .rendered:
                let messages = encoded.messages.filter { reported.messages.insert($0).inserted }
                if !messages.isEmpty { progress.clear() }
                for message in messages { Diagnostics.print(message) }
                if directory == nil {
                    try write(encoded.output, rejected: nil, fitted: encoded.fitted)
                } else {
                    rendered += 1
                    if encoded.fitted { fitted += 1 }
                }
            case .skipped:
                skipped += 1
            case .rejected:
                progress.clear()
                for message in encoded.messages where reported.messages.insert(message).inserted { Diagnostics.print(message) }
                if let errors, let errorsPath, reported.errorLines.insert(encoded.errorLine).inserted {
                    // Flushed at once: rejections reported are in the file even if the run is killed.
                    do { try errors.write(encoded.errorLine); try errors.flush() } catch {
                        outputFailure = "\(errorsPath): cannot be written (\(error))"
                        return false
                    }
                }
                let reason = encoded.reason ?? .internalError
                if directory == nil {
                    try write(encoded.output, rejected: reason)
                } else {
                    count(rejected: reason)
                }
                if failFast { stoppedEarly = true; return false }
            }
        } catch {
            outputFailure = standardOutputFailure(error)
            return false
        }
        return true
    }

    /// Writes to standard output; once the buffer has gone out, the records in it count as written.
    private func write(_ bytes: [UInt8], rejected reason: FailureKind?, fitted: Bool = false) throws(BatchInputError) {
        unflushed.append((standardOutput.buffered + bytes.count, reason, fitted))
        try standardOutput.write(bytes)
        if standardOutput.buffered == 0 { committed() }
    }

    /// Counts as written the waiting records whose lines ended within the buffer's first `bytes` (all of them when
    /// `nil`); the rest are lost with the buffer: not processed.
    private func committed(upTo bytes: Int? = nil) {
        for line in unflushed where bytes.map({ line.end <= $0 }) ?? true {
            if let reason = line.rejected { count(rejected: reason) } else { rendered += 1 }
            if line.fitted { fitted += 1 }
        }
        unflushed = []
    }

    private func count(rejected reason: FailureKind) {
        rejected += 1
        rejectedBy[reason, default: 0] += 1
    }

    /// Why standard output stopped, once the complete lines it took are counted; a line it took part of is cut.
    private func standardOutputFailure(_ error: BatchInputError) -> String {
        let written = standardOutput.writtenBeforeFailure
        let complete = unflushed.last { $0.end <= written }?.end ?? 0
        committed(upTo: written)
        return "standard output: cannot be written (\(error))"
            + (written > complete ? "; its last line is cut (\(written - complete) bytes of it were written)" : "")
    }

    /// Flushes standard output (the input is quiet: what was rendered goes out now); a failure stops the run at the
    /// next record, as a failed write does.
    func flush() {
        guard outputFailure == nil else { return }
        do { try standardOutput.flush(); committed() } catch { outputFailure = standardOutputFailure(error) }
    }

    /// Flushes standard output and the errors file.
    func finish() {
        progress.clear()
        do { try standardOutput.flush(); committed() } catch {
            let failure = standardOutputFailure(error)  // counts what went out whole, whichever output failed first
            outputFailure = outputFailure ?? failure
        }
        do { try errors?.close() } catch { outputFailure = outputFailure ?? "\(errorsPath ?? ""): cannot be written (\(error))" }
    }
}
