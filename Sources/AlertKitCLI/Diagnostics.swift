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

    /// Prints each issue as `file: /pointer: message`.
    static func report(_ issues: [ValidationIssue], in file: String) {
        for issue in issues { print("\(file): \(issue)") }
    }

    /// Prints a decoding failure: a syntax error with its line and column, or every contract breach.
    static func report(_ error: AlertDecodingError, in file: String) {
        switch error {
        case .notJSON(let syntax): print("\(file): \(syntax)")
        case .invalid(let issues): report(issues, in: file)
        }
    }
}
