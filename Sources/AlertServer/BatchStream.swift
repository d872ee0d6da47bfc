import AlertJSON
import AlertBatch
import AlertModel
import Foundation
import Hummingbird
import Synchronization

/// One `/v1/batch` stream: the request body goes through a `ByteChannel` into the batch command's own reader and
/// runner (on threads of their own), and their NDJSON lines come back through another into the response, so that the
/// lines are exactly `alertkit batch --ndjson`'s and neither body is ever held whole.
struct BatchStream: Sendable {
    let processor: RecordProcessor
    let jobs: Int
    /// The name records carry as their `source`.
    static let source = "<body>"

    /// How many records a stream rendered and rejected, how many warnings the rendered ones raised and how many of
    /// their documents were fitted into their receiver's limits.
    struct Counts: Sendable {
        var rendered = 0, rejected = 0, warnings = 0, fitted = 0
        /// The rejected by why (`FailureKind`), for the metrics.
        var rejectedBy: [FailureKind: Int] = [:]

        /// The stream's last line, `{"summary":{"rendered":…,"rejected":…,"warnings":…,"fitted":…}}`: written only when every
        /// record was read and answered, so that a client tells a whole answer from a cut one.
        var summaryLine: [UInt8] {
            var summary = JSONLine(capacity: 64)
            summary.add("rendered", rendered)
            summary.add("rejected", rejected)
            summary.add("warnings", warnings)
            summary.add("fitted", fitted)
            var line = JSONLine(capacity: 96)
            line.add("summary", raw: summary.closed())
            return line.finished()
        }
    }

    /// Writes the output lines of `body` to `writer`; the counts of what was written.
    /// `watch` is told how the body comes and times each write; when it closes the connection, the stream ends.
    /// `cut` is given the counts of a stream that ends early (the client gone, too slow, the server stopping) before
    /// the error is thrown, so that its log line and metrics count what it did.
    func run(body requestBody: RequestBody, writer: inout any ResponseBodyWriter, watch: StreamWatch,
             cut: @Sendable (Counts) -> Void = { _ in }) async throws -> Counts {
        let counts = Tally()
        do {
            return try await run(body: requestBody, writer: &writer, watch: watch, counts: counts)
        } catch {
            cut(counts.value.withLock { $0 })
            throw error
        }
    }

    private func run(body requestBody: RequestBody, writer: inout any ResponseBodyWriter, watch: StreamWatch,
                     counts: Tally) async throws -> Counts {
        let channel = ByteChannel(limit: 1 << 20)
        let body = ByteChannel(limit: 1 << 16, isStopped: { channel.isAbandoned })
        let processor = processor, jobs = jobs
        let format = processor.emitter.format.name
        let worker = Thread {
            let stream = RecordStream(source: body, name: Self.source, maxRecordBytes: processor.pipeline.decoder.limits.maxBytes)
            BatchRunner(jobs: jobs).run(
                read: { stream.next() },
                transform: { record -> (line: [UInt8], rejected: FailureKind?, warnings: Int, fitted: Bool) in
                    let outcome = processor.process(record)
                    guard case .rendered(_, let document, let warnings) = outcome else {
                        let reason: FailureKind = if case .rejected(let rejection) = outcome { rejection.kind } else { .internalError }
                        return (BatchLine.ndjson(record, outcome, format: format), reason, 0, false)
                    }
                    return (BatchLine.ndjson(record, outcome, format: format), nil, warnings.count, document.fit != nil)
                },
                emit: { _, result in
                    counts.value.withLock { counts in
                        if let reason = result.rejected {
                            counts.rejected += 1
                            counts.rejectedBy[reason, default: 0] += 1
                        } else {
                            counts.rendered += 1
                        }
                        counts.warnings += result.warnings
                        if result.fitted { counts.fitted += 1 }
                    }
                    return channel.put(result.line)
                })
            body.abandon()
            channel.finish()
        }
        worker.start()
        let feeder = DispatchQueue(label: "alertkit.serve.feed")
        defer { channel.abandon() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer {
                    body.finish()
                    watch.bodyEnded()
                }
                for try await buffer in requestBody {
                    watch.received(buffer.readableBytes)
                    let written = await withCheckedContinuation { continuation in
                        feeder.async {
                            watch.serverBusy(true)
                            defer { watch.serverBusy(false) }
                            continuation.resume(returning: body.put(buffer))
                        }
                    }
                    if !written { break }  // the reader stopped: the response was abandoned
                }
            }
            let reader = DispatchQueue(label: "alertkit.serve.lines")
            do {
                while let buffer = await withCheckedContinuation({ continuation in reader.async { continuation.resume(returning: channel.take()) } }) {
                    try await watch.writing { try await writer.write(buffer) }
                }
                try await group.waitForAll()
            } catch {
                // The client is gone (or was closed on): the worker stops at its next line, which closes the body
                // channel, which ends the feeder's wait. Abandoning only after the group would wait on the feeder,
                // blocked on a full channel, for good.
                channel.abandon()
                group.cancelAll()
                throw error
            }
        }
        let totals = counts.value.withLock { $0 }
        try await watch.writing { try await writer.write(ByteBuffer(bytes: totals.summaryLine)) }
        try await writer.finish(nil)
        return totals
    }
}

/// The counts of a stream, shared by its threads.
private final class Tally: Sendable {
    let value = Mutex(BatchStream.Counts())
}
