import AlertBatch
import AlertPresentation
import AlertRendering
import ArgumentParser
import Foundation

/// `alertkit batch INPUT... --format F (--out-dir DIR | --ndjson)`.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render a feed of alerts on every core: NDJSON, JSON arrays, directories, standard input.",
        discussion: """
        Each INPUT is an NDJSON file (one alert per line), a file holding a JSON array of alerts (or one alert), a \
        directory of .json, .ndjson and .jsonl files, or - for standard input. Every record ends as one output or one error: outputs \
        go to --out-dir (one file per alert, named after its id, written atomically) or, with --ndjson, to \
        standard output in input order; errors go to standard error and to --errors. A summary line ends the run.
        A line or array element that is not JSON, a framing mistake (an array never closed, an empty input) and a file \
        that cannot be read each count as one rejected record. Outputs never overwrite inputs. SIGINT, SIGTERM or \
        SIGHUP stop the run cleanly: the summary says how many records were not processed. With --ndjson, several \
        formats (-f html -f text) and locales (--locales en,es) make one line per record, format and locale in one \
        pass: each record is decoded once, presented once per locale, and each line names its format (and, with \
        several locales, its locale); the summary then counts documents. See docs/batch.md.
        Exit 0 when every alert rendered, 1 when some were rejected, 64 on usage errors, 66 when an input named \
        on the command line does not exist or cannot be read, 73 when an output cannot be written, 128 + N when \
        stopped by signal N.
        """
    )

    @Argument(help: "NDJSON or JSON files, directories of .json files, or - for standard input.")
    var inputs: [String]

    @Option(name: [.short, .long], help: "The output format: \(AlertKitCommand.formatNames), or a template format of --templates (see `alertkit formats`); repeat it for several in one pass (--ndjson; default html).")
    var format: [String] = []

    @Option(help: ArgumentHelp("Several locales in one pass, comma-separated (en,es): one line per record and locale (--ndjson; instead of --locale).", valueName: "locales"))
    var locales: String?

    @Option(name: .customLong("out-dir"), help: ArgumentHelp("Write one file per alert into this directory.", valueName: "dir"))
    var outDir: String?

    @Flag(help: "Write one JSON line per record to standard output: position, source, line, id, format, document or error.")
    var ndjson = false

    @Option(name: .shortAndLong, help: "Worker threads (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: ArgumentHelp("Also write every error as a JSON line to this file.", valueName: "file"))
    var errors: String?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first rejected record.")
    var failFast = false

    @Flag(name: .customLong("urgent-only"), help: "Render only urgent alerts; the others are counted as skipped.")
    var urgentOnly = false

    @OptionGroup var document: DocumentFlags


    @Flag(inversion: .prefixedNo, help: "Show progress on standard error (default: when it is a terminal): a live line on a terminal, plain lines elsewhere.")
    var progress: Bool?

    @Option(name: .customLong("progress-interval"), help: ArgumentHelp(
        "Where standard error is not a terminal, seconds between progress lines (default 10).", valueName: "seconds"))
    var progressInterval: Double = 10

    @OptionGroup var presentation: PresentationFlags

    @OptionGroup var limits: LimitFlags

    func validate() throws {
        if outDir == nil && !ndjson { throw ValidationError("choose where outputs go: --out-dir DIR or --ndjson") }
        if outDir != nil && ndjson { throw ValidationError("--out-dir and --ndjson cannot be used together") }
        guard (1...Self.maxJobs).contains(jobs) else { throw ValidationError("--jobs takes 1 to \(Self.maxJobs), not \(jobs)") }
        guard inputs.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (standard input) can be given once") }
        if outputLocales.count > 1 || formats.count > 1 {
            guard ndjson else { throw ValidationError("several formats or locales in one pass write --ndjson, not --out-dir") }
        }
        if locales != nil, presentation.locale != nil { throw ValidationError("--locales and --locale cannot be used together") }
        for locale in outputLocales where !ContentCatalog.isLocaleTag(locale) {
            throw ValidationError("--locales takes locale tags (en, es, pt-BR…) separated by commas, not \"\(locale)\"")
        }
        if let locales, outputLocales.isEmpty || Set(outputLocales).count != outputLocales.count {
            throw ValidationError("--locales takes one or more different locale tags separated by commas, not \"\(locales)\"")
        }
        if Set(formats).count != formats.count { throw ValidationError("a format is given twice: \(formats.joined(separator: ", "))") }
        guard progressInterval >= 0, progressInterval.isFinite else {
            throw ValidationError("--progress-interval takes seconds, 0 or more, not \(progressInterval)")
        }
    }

    /// The formats asked for, in order; html when none is.
    private var formats: [String] { format.isEmpty ? ["html"] : format }

    /// The locales of `--locales`, in order; empty without it (`--locale`, the stored setting or en).
    private var outputLocales: [String] {
        locales.map { $0.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
    }

    /// The most worker threads a run may ask for.
    static let maxJobs = 1024

    func run() throws {
        let settings = try SettingsStore.default.load()  // read once: every flag group below takes it
        for input in inputs {
            do { try BatchInput(input).check() } catch {
                throw Diagnostics.fail(error.description, code: ExitCodes.noInput)
            }
        }
        // Before anything is opened for writing: no output may overwrite an input or be read as one.
        let safety = OutputSafety(inputs: inputs.map(BatchInput.init))
        do {
            if let errors { try safety.checkFile(errors, role: "--errors") }
            if ndjson { try safety.checkStandardOutput() }
            try safety.checkStandardError()
            if let outDir {
                try safety.checkDirectory(outDir)
                if let errors { try safety.checkFile(errors, outside: outDir, role: "--errors") }
            }
        } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.usage)
        }
        let registry = try presentation.formats(settings)
        for format in formats { _ = try presentation.emitter(format, in: registry) }
        let decoder = limits.decoder(settings)
        // One pipeline a locale (its catalog), shared by that locale's formats: a record is presented once per locale.
        let fanOut = RecordFanOut(locales: try (outputLocales.isEmpty ? [nil] : outputLocales.map(Optional.some)).map { locale in
            let context = try presentation.context(settings, locale: locale)
            let pipeline = AlertPipeline(decoder: decoder, presenters: AlertKitCommand.extensions.presenters, context: context,
                                         formats: registry)
            // Named by the tag asked for: a catalog of --templates may leave its own "locale" out (and inherit English's).
            return RecordFanOut.Locale(name: locale ?? context.catalog.locale, processors: try formats.map {
                try RecordProcessor(pipeline: pipeline, format: $0, options: document.options, urgentOnly: urgentOnly)
            })
        })
        let sink: BatchSink
        do {
            sink = try BatchSink(outDir: outDir, errorsPath: errors, format: fanOut.locales[0].processors[0].emitter.format,
                                 failFast: failFast, progress: ProgressBar(totalBytes: ProgressBar.totalBytes(of: inputs), enabled: showsProgress,
                                                        style: ProgressBar.style(forTerminal: isatty(STDERR_FILENO) == 1, interval: progressInterval)))
        } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.cannotCreate)
        }
        sink.outputsPerRecord = fanOut.outputsPerRecord
        StopSignals.install()
        let summary = try BatchJob(inputs: inputs.map(BatchInput.init), fanOut: fanOut, sink: sink,
                                   runner: BatchRunner(jobs: jobs)).run()
        switch summary.stop {
        case .output(let failure)?:
            Diagnostics.print(failure)
            if let breakdown = summary.breakdownLine { Diagnostics.print(breakdown) }
            Diagnostics.print(summary.line)
            throw ExitCodes.cannotCreate
        case .signal(let number)?:
            if let breakdown = summary.breakdownLine { Diagnostics.print(breakdown) }
            Diagnostics.print(summary.line)
            throw ExitCode(128 + number)
        default:
            if let breakdown = summary.breakdownLine { Diagnostics.print(breakdown) }
            Diagnostics.print(summary.line)
            if summary.rejected > 0 { throw ExitCodes.invalidAlert }
        }
    }

    private var showsProgress: Bool { progress ?? (isatty(STDERR_FILENO) == 1) }

}
