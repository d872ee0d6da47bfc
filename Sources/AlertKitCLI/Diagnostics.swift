import AlertModel
import ArgumentParser
import Foundation

/// Error and warning lines on standard error: `file: /json/pointer: message`.
enum Diagnostics {
    static func print(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
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
