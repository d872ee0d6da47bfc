import Foundation

/// Paths and helpers the test targets share: the package's folders, the sample alerts, the feed generator.
public enum Fixtures {
    /// The package's root folder.
    /// The moment tests pin every document to (`RenderOptions.date`, the CLI's `SOURCE_DATE_EPOCH`): the email's `Date`
    /// is otherwise the moment it is made. 2016-09-12T00:00:00Z, the exercise sample's date.
    public static let pinnedDate = Date(timeIntervalSince1970: 1_473_638_400)
    /// `pinnedDate` as `SOURCE_DATE_EPOCH` takes it.
    public static let pinnedEpoch = "1473638400"

    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        preconditionFailure("no Package.swift above \(#filePath)")
    }()

    /// `SampleData/`.
    public static var sampleDirectory: URL { packageRoot.appendingPathComponent("SampleData") }

    /// The sanitizer the tests run under (`scripts/sanitize.sh` sets `ALERTKIT_SANITIZER`), if any: it makes every
    /// process several times slower and larger, so bounds on time and memory do not apply then.
    public static var sanitizer: String? { ProcessInfo.processInfo.environment["ALERTKIT_SANITIZER"] }

    /// The names (without `.json`) of every file in `SampleData/`, sorted.
    public static var sampleNames: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: sampleDirectory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The bytes of `SampleData/NAME.json`.
    public static func sample(_ name: String) throws -> Data {
        try Data(contentsOf: sampleDirectory.appendingPathComponent(name + ".json"))
    }

    /// The email alert sample with `count` events, each a different address: `count` details, the list a template
    /// can repeat inside itself.
    public static func emailAlert(events count: Int) throws -> [UInt8] {
        guard var alert = try JSONSerialization.jsonObject(with: sample("email-alert")) as? [String: Any],
              let event = (alert["events"] as? [[String: Any]])?.first else {
            throw CocoaError(.fileReadCorruptFile)
        }
        alert["events"] = (0..<count).map { index -> [String: Any] in
            var copy = event
            var data = copy["data"] as? [String: Any] ?? [:]
            data["email"] = "user\(index)@example.com"
            copy["data"] = data
            return copy
        }
        return Array(try JSONSerialization.data(withJSONObject: alert))
    }

    /// The project's feed generator, `scripts/gen-feed.py`.
    public static var feedGenerator: URL {
        packageRoot.appendingPathComponent("scripts/gen-feed.py")
    }

    /// The lines `gen-feed.py` writes for `arguments`.
    public static func generateFeed(_ arguments: [String]) throws -> [Data] {
        let result = try run("/usr/bin/env", ["python3", feedGenerator.path] + arguments)
        guard result.status == 0 else { throw FixtureError("gen-feed.py failed: \(result.standardError)") }
        return result.standardOutput.split(separator: UInt8(ascii: "\n")).map { Data($0) }
    }

    /// The result of running a program.
    public struct ProcessResult: Sendable {
        /// The exit status.
        public var status: Int32
        /// What it wrote to standard output.
        public var standardOutput: Data
        /// What it wrote to standard error, as text.
        public var standardError: String
        /// Standard output as text.
        public var output: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// Runs a program to the end, feeding it `input`, and collects what it wrote.
    public static func run(_ executable: String, _ arguments: [String], input: Data? = nil,
                           in directory: URL? = nil, environment: [String: String] = [:]) throws -> ProcessResult {
        let process = Process()
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        let writer = Thread {
            if let input { stdin.fileHandleForWriting.write(input) }
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = LockedData()
        let reader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1000) }
        return ProcessResult(status: process.terminationStatus, standardOutput: outputData,
                             standardError: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// Plain text of an HTML document: tags removed, the entities cmark writes decoded, white space folded.
    public static func visibleText(ofHTML html: String) -> String {
        var text = html
        if let style = text.range(of: "<style>"), let end = text.range(of: "</style>") {
            text.removeSubrange(style.lowerBound..<end.upperBound)
        }
        text = text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The targets of every link (`href="…"`) in an HTML document, in order.
    public static func links(inHTML html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "href=\"([^\"]*)\"")
        let range = NSRange(html.startIndex..., in: html)
        return pattern.matches(in: html, range: range).compactMap { Range($0.range(at: 1), in: html).map { String(html[$0]) } }
    }

    /// The first string of `needles` that does not appear in `haystack` after the one before it; `nil` if all do, in order.
    public static func firstOutOfOrder(_ needles: [String], in haystack: String) -> String? {
        var rest = haystack[...]
        for needle in needles {
            guard let range = rest.range(of: needle) else { return needle }
            rest = rest[range.upperBound...]
        }
        return nil
    }
}

/// A fixture that could not be prepared.
public struct FixtureError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}

private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    func get() -> Data { lock.withLock { data ?? Data() } }
}

/// A folder of a test's own under the system's temporary directory, removed with everything in it when the
/// test is done with it.
public final class ScratchDirectory: @unchecked Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder whose name starts with `prefix`, in `parent` (the temporary directory by default).
    public init(_ prefix: String, in parent: URL = FileManager.default.temporaryDirectory) throws {
        url = parent.appendingPathComponent("\(prefix)-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` as `name` (creating folders on the way) and gives its path.
    @discardableResult
    public func file(_ name: String, _ text: String) throws -> String {
        try file(name, Data(text.utf8))
    }

    /// Writes `data` as `name` (creating folders on the way) and gives its path.
    @discardableResult
    public func file(_ name: String, _ data: Data) throws -> String {
        let url = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }
}
