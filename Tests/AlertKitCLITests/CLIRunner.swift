import AlertTestSupport
import Foundation

/// Runs the `alertkit` binary that `swift build` put beside the test bundle.
enum CLI {
    static let executable: String = {
        let running = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var candidates = [running.deletingLastPathComponent().appendingPathComponent("alertkit")]
        candidates.append(Fixtures.packageRoot.appendingPathComponent(".build/debug/alertkit"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }?.path ?? candidates[0].path
    }()

    /// Runs `alertkit` with its settings in `config` (a file of the test's own) unless `environment` says otherwise.
    static func run(_ arguments: [String], input: Data? = nil, config: URL? = nil,
                    environment: [String: String] = [:]) throws -> Fixtures.ProcessResult {
        let settings = config ?? FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-none-\(UUID()).json")
        return try Fixtures.run(executable, arguments, input: input,
                                environment: environment.merging(["ALERTKIT_CONFIG": settings.path]) { $1 })
    }
}

extension CLI {
    /// Runs a shell script in which `$ALERTKIT` is the binary, for what a shell arranges (closed or redirected
    /// standard streams, FIFOs).
    static func shell(_ script: String, in directory: URL? = nil) throws -> Fixtures.ProcessResult {
        let settings = FileManager.default.temporaryDirectory.appendingPathComponent("alertkit-none-\(UUID()).json")
        return try Fixtures.run("/bin/sh", ["-c", script], in: directory,
                                environment: ["ALERTKIT": executable, "ALERTKIT_CONFIG": settings.path])
    }
}
