import AlertTestSupport
import Foundation
import Testing

/// `alertkit review`'s own safety: its scratch folder (the sides' files, rendered alerts, screenshots) is private
/// while it runs and goes with it when a signal stops it, as `batch`'s partial files do; and a Chromium that cannot
/// start with its sandbox leaves the report without screenshots, saying why, never run without it. (With a real
/// Chromium and a hostile side: Tests/Browser/test_review.py.)
///
/// Nested in `ReviewCommandTests`, whose `.serialized` covers it: `leftovers()` looks at the shared temporary folder,
/// so no other review may run beside these tests (CI once saw another test's scratch folder there).
extension ReviewCommandTests {
    @Suite("alertkit review: scratch folder and browser sandbox")
    struct Safety {
        @Test("SIGTERM or SIGINT once the review's scratch folder holds a git side: the 0700 folder goes, exit 128 + N as batch",
              arguments: [SIGTERM, SIGINT])
        func stopped(signal: Int32) throws {
            let temporary = try ScratchDirectory("alertkit-review-signal-tmp")  // the review's TMPDIR: its scratch folder is the only thing in it
            let own = try ScratchDirectory("alertkit-review-signal")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.executable)
            // A git side is read into the scratch folder first (git archive, then tar); then the review waits on its
            // standard input, kept open. The signal comes during the one or the other.
            process.arguments = ["review", "-", "--before", "HEAD:Templates", "--after", "Templates", "--format", "text"]
            process.currentDirectoryURL = Fixtures.packageRoot
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["TMPDIR": temporary.url.path, "ALERTKIT_CONFIG": own.path("none.json")]) { $1 }
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: try own.file("stderr.txt", "")))
            try process.run()
            defer { try? input.fileHandleForWriting.close() }
            // The state: the scratch folder holds the git side's files.
            let deadline = Date().addingTimeInterval(120)
            var scratch: String?
            while Date() < deadline, process.isRunning {
                scratch = try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).first { $0.hasPrefix("alertkit-review-scratch-") }
                if let scratch, FileManager.default.fileExists(atPath: temporary.path(scratch) + "/before/side") { break }
                usleep(10_000)
            }
            let folder = try #require(scratch, "no scratch folder appeared")
            var status = stat()
            #expect(stat(temporary.path(folder), &status) == 0 && status.st_mode & 0o777 == 0o700, "mode \(String(status.st_mode & 0o777, radix: 8))")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let said = try String(contentsOfFile: own.path("stderr.txt"), encoding: .utf8)
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal,
                    "\(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus): \(said)")
            #expect(said.contains("review: interrupted by \(signal == SIGTERM ? "SIGTERM" : "SIGINT")"), "\(said)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).isEmpty)
        }

        @Test("a Chromium whose sandbox does not start: no screenshots, the report and the terminal say why, never --no-sandbox")
        func noSandbox() throws {
            let after = try ReviewCommandTests.folder(step: "Change your password today.")
            // In /tmp, which every user can search: as root, review runs Chromium as an unused user id, which must reach
            // the fake (the run's TMPDIR may be private to root, as scripts/test.sh makes it).
            let bin = try ScratchDirectory("alertkit-review-cli-bin", in: URL(fileURLWithPath: "/tmp"))
            // Chromium as it fails where there are no user namespaces and no setuid helper; it says so if given --no-sandbox.
            let fake = try bin.file("chromium", """
                #!/bin/sh
                echo "[1:1:FATAL:zygote_host_impl_linux.cc(127)] No usable sandbox! Update your kernel or see ..." >&2
                for argument in "$@"; do [ "$argument" = --no-sandbox ] && echo "run with --no-sandbox: the sandbox was switched off" >&2; done
                exit 1

                """)
            #expect(chmod(fake, 0o755) == 0 && chmod(bin.url.path, 0o755) == 0)
            let out = try ScratchDirectory("alertkit-review-cli-out")
            let result = try CLI.run(["review", "--after", after.url.path, "--locale", "en", "--format", "html", "--report", out.path("report")],
                                     environment: ["PATH": bin.url.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
            #expect(result.status == 0, "\(result.standardError)")
            let page = try String(contentsOfFile: out.path("report/index.html"), encoding: .utf8)
            #expect(page.contains("No screenshots: Chromium did not start with its sandbox") && page.contains("No usable sandbox!"), "\(page)")
            #expect(!page.contains("<img"))
            #expect(result.standardError.contains("review: No screenshots: Chromium did not start with its sandbox"), "\(result.standardError)")
            #expect(!result.standardError.contains("switched off") && !page.contains("switched off"))
            #expect(try ReviewCommandTests.leftovers().isEmpty)
        }
    }
}
