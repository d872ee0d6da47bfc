import AlertBatch
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

    /// Encodes an outcome for a directory of files (`ndjson == false`) or for NDJSON lines.
    init(_ record: BatchRecord, _ outcome: BatchOutcome, format: String, ndjson: Bool) {
        switch outcome {
        case .rendered(let id, let document, let warnings):
            kind = .rendered
            self.id = id
            messages = warnings.map { Diagnostics.line(Self.place(record), $0) }
            output = ndjson ? BatchLine.ndjson(record, outcome, format: format) : document.bytes
        case .skipped(let id):
            kind = .skipped
            self.id = id
            output = []
        case .rejected(let rejection):
            self = EncodedRecord(record, rejected: rejection, format: format, ndjson: ndjson)
        }
    }

    /// Encodes a rejection: the `--errors` line, the NDJSON line (with `ndjson`), the standard-error lines.
    init(_ record: BatchRecord, rejected rejection: BatchRejection, format: String, ndjson: Bool) {
        kind = .rejected
        id = rejection.id
        errorLine = BatchLine.errorLine(record, rejection)
        output = ndjson ? BatchLine.ndjson(record, .rejected(rejection), format: format) : []
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
    /// With `--ndjson`, records whose lines wait in the buffer.
    private var unflushed = (rendered: 0, rejected: 0)
    private var bytes = 0
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

    /// Writes one record's outcome; `false` stops the run (an output failed, or `--fail-fast` met an error).
    /// A rendered alert that gets no file (its name is taken, or a directory stands in its place) is rejected.
    func emit(_ record: BatchRecord, _ encoded: EncodedRecord) -> Bool {
        bytes += record.bytes.count + 1
        defer { progress.update(records: rendered + skipped + rejected + unflushed.rendered + unflushed.rejected, bytes: bytes) }
        var encoded = encoded
        if encoded.kind == .rendered, let directory {
            do {
                try directory.write(encoded.output, as: try namer.name(for: encoded.id ?? ""))
            } catch let error as DirectoryWriteError where error.stopsRun {
                outputFailure = error.description
                return false
            } catch {
                encoded = EncodedRecord(record, rejected: BatchRejection(id: encoded.id, problems: [.init(pointer: "", message: "\(error)")]),
                                        format: format, ndjson: false)
            }
        }
        do {
            switch encoded.kind {
            case .rendered:
                if !encoded.messages.isEmpty { progress.clear() }
                for message in encoded.messages { Diagnostics.print(message) }
                if directory == nil {
                    unflushed.rendered += 1
                    try write(encoded.output)
                } else {
                    rendered += 1
                }
            case .skipped:
                skipped += 1
            case .rejected:
                progress.clear()
                for message in encoded.messages { Diagnostics.print(message) }
                if let errors, let errorsPath {
                    // Flushed at once: rejections reported are in the file even if the run is killed.
                    do { try errors.write(encoded.errorLine); try errors.flush() } catch {
                        outputFailure = "\(errorsPath): cannot be written (\(error))"
                        return false
                    }
                }
                if directory == nil {
                    unflushed.rejected += 1
                    try write(encoded.output)
                } else {
                    rejected += 1
                }
                if failFast { stoppedEarly = true; return false }
            }
        } catch {
            outputFailure = "standard output: cannot be written (\(error))"
            unflushed = (0, 0)  // what waited in the buffer is lost with it: not processed
            return false
        }
        return true
    }

    /// Writes to standard output; once the buffer has gone out, the records in it count as written.
    private func write(_ bytes: [UInt8]) throws(BatchInputError) {
        try standardOutput.write(bytes)
        if standardOutput.buffered == 0 { committed() }
    }

    private func committed() {
        rendered += unflushed.rendered
        rejected += unflushed.rejected
        unflushed = (0, 0)
    }

    /// Flushes standard output and the errors file.
    func finish() {
        progress.clear()
        do { try standardOutput.flush(); committed() } catch { outputFailure = outputFailure ?? "standard output: cannot be written (\(error))" }
        do { try errors?.close() } catch { outputFailure = outputFailure ?? "\(errorsPath ?? ""): cannot be written (\(error))" }
    }
}
