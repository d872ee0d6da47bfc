import AlertJSON
import AlertBatch
import AlertModel
import ArgumentParser
import Foundation

/// Error and warning lines on standard error: `file: /json/pointer: message`.
enum Diagnostics {
    /// Prints one line. Messages echo file names and values from alerts: their control characters are made
    /// visible (`ControlCharacters.visible`), so no message can drive the terminal or fake a line of its own.
    static func print(_ line: String) {
        let bytes = Array((ControlCharacters.visible(line) + "\n").utf8)
        try? DescriptorWriter.writeAll(bytes, to: STDERR_FILENO)  // with standard error gone, nothing is left to tell
    }

    /// Prints `line` and gives the exit code to throw.
    static func fail(_ line: String, code: ExitCode) -> ExitCode {
        print(line)
        return code
    }

    /// `place: /pointer: message`, the way every command names a problem (`/` for the record as a whole); a
    /// warning's message says `warning: ` itself (`ValidationIssue.message`).
    static func line(_ place: String, _ problem: AlertProblem) -> String {
        "\(place): \(problem.pointer.isEmpty ? "/" : problem.pointer): \(problem.message)"
    }

    /// Prints each issue (a warning) as `file: /pointer: message`.
    static func report(_ issues: [ValidationIssue], in file: String) {
        for issue in issues { print(line(file, AlertProblem(issue: issue))) }
    }

    /// Prints a decoding failure's problems (`AlertDecodingError.problems`, the one mapping every layer uses): every
    /// contract breach at its pointer, or a syntax error, which names its line and column instead of a pointer.
    static func report(_ error: AlertDecodingError, in file: String) {
        if case .notJSON(let syntax) = error { return print("\(file): \(syntax)") }
        for problem in error.problems { print(line(file, problem)) }
    }
}
