import AlertJSON
import AlertBatch
import AlertModel
import AlertPresentation
import AlertRendering
import Benchmark
import Foundation

/// The feed every benchmark reads: `ALERTKIT_BENCH_FEED`, else `.data/feed-10k.ndjson` (scripts/bench.sh writes
/// it with `scripts/gen-feed.py --count 10000 --seed 1`).
let feed: [[UInt8]] = {
    let path = ProcessInfo.processInfo.environment["ALERTKIT_BENCH_FEED"] ?? ".data/feed-10k.ndjson"
    guard let data = FileManager.default.contents(atPath: path) else {
        fatalError("no feed at \(path): run scripts/bench.sh, which generates it")
    }
    return data.split(separator: UInt8(ascii: "\n")).map { Array($0) }
}()

let pipeline = AlertPipeline(formats: try! FormatRegistry.standard(templates: []))
let alerts = feed.map { try! pipeline.decoder.decode($0).alert }
let views = alerts.map { pipeline.presenters.present($0, in: pipeline.context) }

/// Figures are per alert: each iteration handles 1,000 alerts of the feed in turn (`scalingFactor: .kilo`), and the
/// scaled metrics (time, allocations) are shown per alert, in the stage budgets' units.
let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident]

/// The record for the `index`th alert of an iteration, cycling through the feed.
@inline(__always) func record(_ index: Int) -> Int { index % feed.count }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: metrics, timeUnits: .nanoseconds, scalingFactor: .kilo,
                                           maxDuration: .seconds(5), maxIterations: 200)

    Benchmark("decode+validate") { benchmark in
        for index in benchmark.scaledIterations { blackHole(try pipeline.decoder.decode(feed[record(index)])) }
    }

    Benchmark("present") { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(pipeline.presenters.present(alerts[record(index)], in: pipeline.context))
        }
    }

    let emits: [(String, RenderOptions, String)] = [
        ("html", RenderOptions(fragment: true), "html fragment"), ("html", .default, "html page"),
        ("markdown", .default, "markdown"), ("text", .default, "text"), ("json", .default, "json"),
        ("slack", .default, "slack"), ("sms", .default, "sms"),
    ]
    for (format, options, label) in emits {
        let emitter = try! pipeline.formats.emitter(named: format)
        Benchmark("emit \(label)") { benchmark in
            for index in benchmark.scaledIterations { blackHole(try emitter.renderDocument(views[record(index)], options: options)) }
        }
    }

    // Everything else batch does for a rendered alert: its NDJSON line, as `alertkit batch --ndjson` writes it.
    let fragments = views.map { HTMLEmitter().renderDocument($0, options: RenderOptions(fragment: true)) }
    Benchmark("ndjson line of an html fragment") { benchmark in
        for index in benchmark.scaledIterations {
            let document = fragments[record(index)]
            var line = JSONLine(capacity: document.count + 128)
            line.add("position", index)
            line.add("source", "feed")
            line.add("line", index + 1)
            line.add("id", views[record(index)].id)
            line.add("format", "html")
            line.add("document", document: document)
            blackHole(line.finished())
        }
    }

    // One job, the whole way: bytes in, the NDJSON line out. Its allocation count is the per-alert total.
    let processor = try! RecordProcessor(pipeline: pipeline, format: "html", options: RenderOptions(fragment: true))
    Benchmark("one alert, bytes to html fragment line") { benchmark in
        for index in benchmark.scaledIterations {
            guard case .rendered(let id, let document, _) = processor.process(feed[record(index)]) else { continue }
            var line = JSONLine(capacity: document.count + 128)
            line.add("position", index)
            line.add("id", id)
            line.add("document", document: document)
            blackHole(line.finished())
        }
    }

    for (jobs, fragment) in [(1, true), (2, true), (1, false), (2, false)] {
        let processor = try! RecordProcessor(pipeline: pipeline, format: "html", options: RenderOptions(fragment: fragment))
        Benchmark("batch runner, html \(fragment ? "fragments" : "pages"), \(jobs) job\(jobs == 1 ? "" : "s")") { benchmark in
            var next = 0
            let count = benchmark.scaledIterations.count
            BatchRunner(jobs: jobs).run(
                read: {
                    guard next < count else { return nil }
                    defer { next += 1 }
                    return BatchRecord(position: next, source: "feed", line: next + 1, index: next, bytes: feed[record(next)])
                },
                transform: { record -> Int in
                    guard case .rendered(let id, let document, _) = processor.process(record) else { return 0 }
                    var line = JSONLine(capacity: document.count + 128)
                    line.add("position", record.position)
                    line.add("id", id)
                    line.add("document", document: document)
                    return line.finished().count
                },
                emit: { _, size in blackHole(size); return true })
        }
    }
}
