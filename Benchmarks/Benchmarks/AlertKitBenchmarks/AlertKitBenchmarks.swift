import AlertBatch
import AlertModel
import AlertPresentation
import AlertRendering
import Benchmark
import Foundation

/// The feed every benchmark reads: `ALERTKIT_BENCH_FEED`, else `.data/feed-10k.ndjson` (scripts/bench.sh writes
/// it with `gen-feed.py --count 10000 --seed 1`). One iteration of each benchmark handles every record once.
let feed: [[UInt8]] = {
    let path = ProcessInfo.processInfo.environment["ALERTKIT_BENCH_FEED"] ?? ".data/feed-10k.ndjson"
    guard let data = FileManager.default.contents(atPath: path) else {
        fatalError("no feed at \(path): run scripts/bench.sh, which generates it")
    }
    return data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
}()

let pipeline = AlertPipeline()
let alerts = feed.map { try! pipeline.decoder.decode($0).alert }
let views = alerts.map { pipeline.presenters.present($0, in: pipeline.context) }

/// Per iteration: `feed.count` alerts. The throughput metric counts iterations, so alerts/s = it × records.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal]

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: metrics, timeUnits: .milliseconds,
                                           maxDuration: .seconds(10), maxIterations: 20)

    Benchmark("decode+validate (\(feed.count) alerts)") { benchmark in
        for record in feed { blackHole(try pipeline.decoder.decode(record)) }
    }

    Benchmark("present (\(feed.count) alerts)") { benchmark in
        for alert in alerts { blackHole(pipeline.presenters.present(alert, in: pipeline.context)) }
    }

    for (format, options, label) in [("html", RenderOptions(fragment: true), "html fragment"), ("html", RenderOptions.default, "html page"),
                                     ("markdown", .default, "markdown"), ("text", .default, "text"), ("json", .default, "json")] {
        let emitter = try! pipeline.formats.emitter(named: format)
        Benchmark("emit \(label) (\(feed.count) alerts)") { benchmark in
            for view in views { blackHole(try emitter.render(view, options: options)) }
        }
    }

    for (jobs, fragment) in [(1, true), (2, true), (1, false), (2, false)] {
        let processor = try! RecordProcessor(pipeline: pipeline, format: "html", options: RenderOptions(fragment: fragment))
        Benchmark("batch to html \(fragment ? "fragments" : "pages"), \(jobs) job\(jobs == 1 ? "" : "s") (\(feed.count) alerts)") { benchmark in
            var next = 0
            BatchRunner(jobs: jobs).run(
                read: {
                    guard next < feed.count else { return nil }
                    defer { next += 1 }
                    return BatchRecord(position: next, source: "feed", line: next + 1, index: next, bytes: feed[next])
                },
                transform: { record -> Int in
                    guard case .rendered(let id, let document, _) = processor.process(record) else { return 0 }
                    var line = JSONLine(capacity: document.utf8.count + 128)
                    line.add("position", record.position)
                    line.add("id", id)
                    line.add("document", document)
                    return line.finished().count
                },
                emit: { _, size in blackHole(size); return true })
        }
    }
}
