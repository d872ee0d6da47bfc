@testable import AlertBatch
import Foundation
import Testing

@Suite("The parallel runner")
struct BatchRunnerTests {
    final class Collected: @unchecked Sendable {
        let lock = NSLock()
        var positions: [Int] = []
        var results: [Int] = []
        var maxInFlight = 0
        /// How many records had been emitted at each flush.
        var flushes: [Int] = []
    }

    @Test("results come back in input order whatever the workers' timing", arguments: [1, 2, 4])
    func order(jobs: Int) {
        var next = 0
        let collected = Collected()
        BatchRunner(jobs: jobs, chunkSize: 3).run(
            read: {
                guard next < 500 else { return nil }
                defer { next += 1 }
                return BatchRecord(position: next, source: "t", line: next + 1, index: next, bytes: [])
            },
            transform: { record in
                usleep(UInt32.random(in: 0...300))
                return record.position * 2
            },
            emit: { record, result in
                collected.lock.withLock { collected.positions.append(record.position); collected.results.append(result) }
                return true
            })
        #expect(collected.positions == Array(0..<500))
        #expect(collected.results == (0..<500).map { $0 * 2 })
    }

    @Test("reading stays a bounded distance ahead of writing")
    func bounded() {
        var read = 0
        let emitted = Collected()
        var farthest = 0
        BatchRunner(jobs: 2, chunkSize: 10).run(
            read: {
                guard read < 2000 else { return nil }
                let written = emitted.lock.withLock { emitted.positions.count }
                farthest = max(farthest, read - written)
                defer { read += 1 }
                return BatchRecord(position: read, source: "t", line: 1, index: read, bytes: [])
            },
            transform: { $0.position },
            emit: { record, _ in
                usleep(20)
                emitted.lock.withLock { emitted.positions.append(record.position) }
                return true
            })
        // At most 2 × jobs chunks in flight, plus the one being read.
        #expect(farthest <= 5 * 10)
        #expect(emitted.positions.count == 2000)
    }

    @Test("when emit says stop, nothing after that record is emitted")
    func stop() {
        var next = 0
        let collected = Collected()
        BatchRunner(jobs: 2, chunkSize: 4).run(
            read: {
                guard next < 1000 else { return nil }
                defer { next += 1 }
                return BatchRecord(position: next, source: "t", line: 1, index: next, bytes: [])
            },
            transform: { $0.position },
            emit: { record, _ in
                collected.lock.withLock { collected.positions.append(record.position) }
                return record.position != 41
            })
        #expect(collected.positions == Array(0...41))
        #expect(next < 1000)
    }

    @Test("before a wait for input, the records read so far are emitted and flushed, however few; never otherwise")
    func quietInput() {
        // Records come in bursts of 3 (a pipe that goes quiet after each): reading the first of the next burst waits
        // until the previous burst was emitted and flushed, as a reader that waits on a writer would. A runner that
        // kept a part-filled chunk would leave that wait to its deadline: the emitted counts show it.
        var next = 0
        let collected = Collected()
        let flushed = DispatchSemaphore(value: 0)
        var timedOut = 0
        BatchRunner(jobs: 2, chunkSize: 64).run(
            read: {
                guard next < 12 else { return nil }
                if next > 0 && next % 3 == 0 && flushed.wait(timeout: .now() + 30) == .timedOut { timedOut += 1 }
                defer { next += 1 }
                return BatchRecord(position: next, source: "t", line: 1, index: next, bytes: [])
            },
            mayWait: { next % 3 == 0 },
            transform: { $0.position },
            emit: { record, _ in
                collected.lock.withLock { collected.positions.append(record.position) }
                return true
            },
            flush: {
                collected.lock.withLock { collected.flushes.append(collected.positions.count) }
                flushed.signal()
            })
        #expect(timedOut == 0)
        #expect(collected.positions == Array(0..<12))
        #expect(collected.flushes == [3, 6, 9, 12])
    }
}
