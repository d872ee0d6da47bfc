import AlertModel
import ArgumentParser

/// The exit codes of `alertkit`, read from the one table of failures (`FailureKind.exitCode`; sysexits.h where
/// one fits). `table` lists them: `alertkit --help` prints it, and a test holds README.md's list to it.
public enum ExitCodes {
    /// Some record was rejected: `render`'s alert, or any of `batch`'s (and nothing else).
    public static let rejected = code(.invalidAlert)
    /// The same as `rejected`: an input is not a valid alert, or its document is over a limit.
    public static let invalidAlert = rejected
    /// A check found what it looks for: `review --fail-on`, `templates check`.
    public static let findings = code(.findings)
    /// The command line is wrong (ArgumentParser's own code for validation errors, EX_USAGE).
    public static let usage = ExitCode.validationFailure
    /// An input file cannot be read (EX_NOINPUT).
    public static let noInput = code(.noInput)
    /// AlertKit itself failed (EX_SOFTWARE): an error nothing above names, a bug to report.
    public static let internalError = code(.internalError)
    /// AlertKit's shipped templates and catalogs are not where the binary looks for them (EX_OSFILE).
    public static let missingResources = code(.missingResources)
    /// An output file cannot be written (EX_CANTCREAT).
    public static let cannotCreate = code(.cannotCreate)
    /// `serve`'s shutdown had to be forced (EX_TEMPFAIL).
    public static let forcedStop = code(.forcedStop)
    /// The configuration is wrong: a template that does not parse or includes itself, a bad catalog, icon or
    /// settings file (sysexits' EX_CONFIG). Never the same code as rejected records, so that a job feeding
    /// `batch` cannot take a broken setup for a feed whose every record was refused.
    public static let configuration = code(.configuration)

    /// The exit code of a kind that has one.
    public static func code(_ kind: FailureKind) -> ExitCode { ExitCode(kind.exitCode ?? internalError.rawValue) }

    /// What each code means in a few words; the kinds it stands for come from `FailureKind`.
    private static let summaries: [Int32: String] = [
        1: "some record was rejected", 2: "a check found what it looks for", 64: "usage error",
        66: "an input cannot be read", 70: "AlertKit failed, a bug to report", 72: "AlertKit's shipped templates are missing",
        73: "an output cannot be written", 75: "serve's shutdown had to be forced",
        78: "a configuration error, never 1, so that a job cannot take it for rejected records",
        128: "stopped by signal N",
    ]

    /// Every exit code with what it means and the kinds of failure that give it, in order; 128 + N (stopped by
    /// signal N) is not a constant.
    public static let table: [(code: Int32, meaning: String)] = {
        var codes: [Int32: [FailureKind]] = [:]
        for kind in FailureKind.allCases { if let code = kind.exitCode { codes[code, default: []].append(kind) } }
        return [(0, "success")] + codes.keys.sorted().map { code in
            (code, (summaries[code] ?? "") + " (" + codes[code]!.map(\.rawValue).joined(separator: ", ") + ")")
        }
    }()

    /// The table as `alertkit --help` prints it.
    static var help: String {
        "Exit codes: " + table.map { $0.code == 128 ? "128 + N: \($0.meaning)" : "\($0.code) \($0.meaning)" }
            .joined(separator: " · ") + "."
    }
}
