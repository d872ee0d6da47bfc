import AlertBatch
import AlertPresentation
import AlertRendering
import AlertReview
import AlertTemplates
import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `alertkit review [INPUT...] --before SIDE --after SIDE`: what a template or wording change does to every
/// channel, before it ships.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Render every alert with the templates before and after a change and say, per format and locale, what changed.",
        discussion: """
        Each side is a templates folder, `shipped` (what AlertKit ships), or a git REF:PATH (a templates folder as a \
        commit has it, read with git archive: no checkout). Every record is rendered on both sides in every format and \
        locale either side has, matched by position, with a fixed clock. Changes that differ only in the alerts' own \
        values are one cluster, named after the catalog key or template lines they come from. Each channel's limits \
        (Slack blocks and text lengths, SMS encoding and length, push payload size, email line length, subject and \
        size, and the limits a template declares with max-bytes= or max-characters=) are checked on both sides, so a \
        change that breaks one is a new limit finding. See docs/review.md.
        Exit 0 when nothing that --fail-on names happened, 2 when it did, 64 on usage errors, 66 when an input or \
        side cannot be read, 73 when an output cannot be written.
        """
    )

    @Argument(help: ArgumentHelp("Alerts as batch takes them: NDJSON or JSON files, folders, - for standard input "
                                 + "(default: the shipped samples and the samples/ folder of either side).", valueName: "input"))
    var inputs: [String] = []

    @Option(help: ArgumentHelp("The side before the change: a templates folder, shipped, or a git REF:PATH.", valueName: "side"))
    var before: String = "shipped"

    @Option(help: ArgumentHelp("The side after the change: a templates folder, shipped, or a git REF:PATH.", valueName: "side"))
    var after: String

    @Option(name: [.short, .customLong("format")], parsing: .singleValue,
            help: ArgumentHelp("A format to compare; repeat for several (default: every format either side has).", valueName: "format"))
    var formats: [String] = []

    @Option(name: .customLong("locale"), parsing: .singleValue,
            help: ArgumentHelp("A locale to compare; repeat for several (default: every locale either side has).", valueName: "locale"))
    var locales: [String] = []

    @Option(help: "The severity (0 to 1) from which an alert is urgent, on both sides.")
    var threshold: Double?

    @Option(name: .customLong("help-line"), help: ArgumentHelp("The help line's number, on both sides.", valueName: "number"))
    var helpLine: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "What fails the run: failures (new failures and new limit findings), changes (any change), never.", valueName: "what"))
    var failOn: String = ReviewReport.FailOn.failures.rawValue

    @Option(help: ArgumentHelp("Write a self-contained HTML report (index.html, with screenshots when Chromium is installed) into this folder.", valueName: "dir"))
    var report: String?

    @Option(help: ArgumentHelp("Write a Markdown summary for a pull-request comment (under 65,000 characters) to this file.", valueName: "file"))
    var summary: String?

    @Option(help: ArgumentHelp("Write the review as JSON (docs/review.schema.json) to this file.", valueName: "file"))
    var json: String?

    @Option(help: ArgumentHelp("Write JUnit XML, one test case per format and locale, to this file.", valueName: "file"))
    var junit: String?

    @Flag(inversion: .prefixedNo, help: "Screenshots of changed pages and emails in the report, when Chromium is installed.")
    var screenshots: Bool = true

    @Option(name: .shortAndLong, help: "Worker threads (default: the number of cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard ReviewReport.FailOn(rawValue: failOn) != nil else {
            throw ValidationError("--fail-on takes " + ReviewReport.FailOn.allCases.map(\.rawValue).joined(separator: ", ") + ", not \"\(failOn)\"")
        }
        if let threshold, !(0...1).contains(threshold) { throw ValidationError("--threshold takes a number from 0 to 1") }
        if let helpLine, HelpLine(helpLine) == nil { throw ValidationError("--help-line takes \(HelpLine.accepted), not \"\(helpLine)\"") }
        guard (1...BatchCommand.maxJobs).contains(jobs) else { throw ValidationError("--jobs takes 1 to \(BatchCommand.maxJobs), not \(jobs)") }
        for locale in locales where !ContentCatalog.isLocaleTag(locale) {
            throw ValidationError("--locale \"\(locale)\" is not a locale tag (en, es, pt-BR…)")
        }
        guard inputs.filter({ $0 == "-" }).count <= 1 else { throw ValidationError("- (standard input) can be given once") }
    }

    func run() throws {
        // Private (0700) and removed on SIGINT, SIGTERM and SIGHUP too: it holds the sides and rendered alerts.
        Self.installStopSignals()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-review-scratch-\(UUID().uuidString)")
        guard mkdir(scratch.path, 0o700) == 0, chmod(scratch.path, 0o700) == 0 else {
            throw Diagnostics.fail("\(scratch.path): cannot be created (\(String(cString: strerror(errno))))", code: ExitCodes.cannotCreate)
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        var beforeSide = try side(before, scratch: scratch.appendingPathComponent("before"))
        var afterSide = try side(after, scratch: scratch.appendingPathComponent("after"))
        beforeSide.extensions = AlertKitCommand.extensions
        afterSide.extensions = AlertKitCommand.extensions
        let inputs = try self.inputs.isEmpty ? defaultInputs(beforeSide, afterSide) : self.inputs.map(BatchInput.init)
        for input in inputs {
            do { try input.check() } catch { throw Diagnostics.fail(error.description, code: ExitCodes.noInput) }
        }
        try checkOutputs(against: inputs)
        for format in formats {
            let known = Set(((try? AlertKitCommand.extensions.formats(templates: beforeSide.folders))?.formats.map(\.name) ?? [])
                            + ((try? AlertKitCommand.extensions.formats(templates: afterSide.folders))?.formats.map(\.name) ?? []))
            guard known.contains(format) else {
                throw Diagnostics.fail("Error: no side has a format \"\(format)\"; known: \(known.sorted().joined(separator: ", "))", code: ExitCodes.usage)
            }
        }
        var options = PresentationOptions.default
        if let threshold { options.urgency = UrgencyPolicy(threshold: threshold, enabled: options.urgency.enabled) }
        if let helpLine { options.helpLine = HelpLine(helpLine) }
        let review = Review(before: beforeSide, after: afterSide, formats: formats.isEmpty ? nil : formats,
                            locales: locales.isEmpty ? nil : locales, options: options, jobs: jobs)
        try stopIfSignalled("nothing written")
        let stream = RecordStream(inputs: inputs, isStopped: { StopSignals.received != nil })
        var read = 0  // bytes of the inputs taken so far, for the share done and the time left
        let records = AnyIterator { StopSignals.received == nil ? stream.next() : nil }.lazy.map { record in
            read += record.bytes.count + 1
            return record.bytes
        }
        let terminal = isatty(STDERR_FILENO) == 1
        let progress = ProgressBar(totalBytes: ProgressBar.totalBytes(of: inputs.map(\.argument)),
                                   enabled: terminal, style: .live, label: "review: ")
        var blocks = 0
        let result = review.run(records) { done in
            progress.update(records: done, rejected: 0, bytes: read)
            blocks += 1
            if blocks % 64 == 0 { Self.returnFreeMemory() }
        }
        progress.clear()
        try stopIfSignalled("nothing written")
        let rule = ReviewReport.FailOn(rawValue: failOn) ?? .failures
        print(result)
        try write(result, rule: rule, review: review, inputs: inputs, scratch: scratch)
        if result.fails(on: rule) {
            Diagnostics.print("review: fails on \(rule.rawValue)" + (rule == .failures ? " (new failures or new limit findings)" : ""))
            throw ExitCodes.findings
        }
    }

    /// `batch`'s stop signals, with interrupted system calls restarted: review waits on git, tar, Chromium and
    /// ImageMagick through Foundation, whose reads of a pipe do not retry one (they stop the process). Its input is
    /// still polled, and a poll is never restarted, so a stop is seen as soon as it comes.
    private static func installStopSignals() {
        StopSignals.install()
        for number in StopSignals.handled {
            var action = sigaction()
            sigaction(number, nil, &action)
            action.sa_flags |= Int32(SA_RESTART)
            sigaction(number, &action, nil)
        }
    }

    /// Ends the run (128 + the signal's number, as `batch`) when a stop signal came; the scratch folder goes with it.
    private func stopIfSignalled(_ what: String) throws {
        guard let number = StopSignals.received else { return }
        Diagnostics.print("review: interrupted by \(StopSignals.name(number)): \(what)")
        throw ExitCode(128 + number)
    }

    /// Hands the memory freed by the worker threads back to the system (glibc keeps it in per-thread arenas,
    /// where a long review's RSS would creep up on memory it no longer uses).
    static func returnFreeMemory() {
        #if canImport(Glibc)
        // malloc_trim is glibc's own, not in the C module Swift imports: looked up once, called where it exists.
        if let trim = Self.mallocTrim { _ = trim(0) }
        #endif
    }

    #if canImport(Glibc)
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
        unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
    }
    #endif

    /// The side `text` names.
    private func side(_ text: String, scratch: URL) throws -> ReviewSide {
        if text == "shipped" { return .shipped }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw Diagnostics.fail("\(text): a side is a templates folder, not a file", code: ExitCodes.noInput) }
            return ReviewSide(folder: URL(fileURLWithPath: text))
        }
        guard text.contains(":") else {
            throw Diagnostics.fail("\(text): no such templates folder (a side is a folder, shipped, or a git REF:PATH)", code: ExitCodes.noInput)
        }
        do { return try ReviewSide.git(text, repository: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), scratch: scratch) } catch {
            throw Diagnostics.fail("\(error)", code: ExitCodes.noInput)
        }
    }

    /// The shipped samples and the sides' `samples/` folders.
    private func defaultInputs(_ sides: ReviewSide...) throws -> [BatchInput] {
        var inputs: [BatchInput] = []
        if let shipped = Self.shippedSamples() { inputs.append(BatchInput(shipped.path)) }
        for side in sides {  // a link out of a side is refused, as its templates' are
            do { inputs += try side.sampleFiles().map { BatchInput($0.path) } } catch {
                throw Diagnostics.fail("\(error)", code: ExitCodes.noInput)
            }
        }
        guard !inputs.isEmpty else {
            throw Diagnostics.fail("review: no alerts to review; name a feed, or keep samples/ in the templates folder", code: ExitCodes.noInput)
        }
        return inputs
    }

    /// The samples AlertKit ships: `SampleData` beside the shipped templates (the release archive), else in the
    /// source tree the binary was built in.
    static func shippedSamples() -> URL? {
        var candidates = [AlertTemplates.directory.deletingLastPathComponent().appendingPathComponent("SampleData")]
        var folder = AlertTemplates.directory.deletingLastPathComponent()
        for _ in 0..<5 {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("SampleData"))
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("email-alert.json").path) }
    }

    /// Refuses, as `batch` does and before anything is read or written, an output that would overwrite an input or
    /// be read as one: `--json`, `--summary` or `--junit` naming an input (its path, a link to it, a hard link of it)
    /// or a feed file in an input folder, and a `--report` folder that is an input folder, lies in one or holds an input.
    private func checkOutputs(against inputs: [BatchInput]) throws {
        let safety = OutputSafety(inputs: inputs)
        do throws(BatchInputError) {
            for (role, path) in [("--json", json), ("--summary", summary), ("--junit", junit)] {
                if let path { try safety.checkFile(path, role: role) }
            }
            if let report {
                do { try safety.checkDirectory(report) } catch {
                    // OutputSafety names batch's folder option; this one is --report.
                    let message = error.description
                    throw BatchInputError(message.hasPrefix("--out-dir ") ? "--report " + message.dropFirst("--out-dir ".count) : message)
                }
            }
        } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.usage)
        }
    }

    /// The files the options ask for.
    private func write(_ result: ReviewReport, rule: ReviewReport.FailOn, review: Review, inputs: [BatchInput], scratch: URL) throws {
        func save(_ text: String, to path: String) throws {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                throw Diagnostics.fail("\(path): cannot be written (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
            }
        }
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try save(String(decoding: (try? encoder.encode(result)) ?? Data(), as: UTF8.self) + "\n", to: json)
        }
        if let summary { try save(result.markdownSummary(), to: summary) }
        if let junit { try save(result.junit(failOn: rule), to: junit) }
        if let report {
            do { try FileManager.default.createDirectory(atPath: report, withIntermediateDirectories: true) } catch {
                throw Diagnostics.fail("\(report): cannot be created (\(error.localizedDescription))", code: ExitCodes.cannotCreate)
            }
            let taken = screenshots ? ReviewShots(scratch: scratch.appendingPathComponent("shots"))
                .take(result, review: review, records: { RecordStream(inputs: inputs, isStopped: { StopSignals.received != nil }) }) : .init()
            try stopIfSignalled("the report was not written")
            if let leftOut = taken.leftOut { Diagnostics.print("review: \(leftOut)") }
            try save(result.html(screenshots: taken.shots, screenshotNote: taken.note), to: report + "/index.html")
            Diagnostics.print("review: report written to \(report)/index.html")
        }
    }
}
