import ArgumentParser

/// The exit codes of `alertkit`, one per kind of failure (sysexits.h where one fits). `table` is the one list:
/// `alertkit --help` prints it, and a test holds README.md's list to it.
public enum ExitCodes {
    /// An input is not JSON, breaks the alert contract or renders past a limit; `batch` rejected some record;
    /// `templates check` found a problem; `review` found what `--fail-on` names.
    public static let invalidAlert = ExitCode(1)
    /// The command line is wrong (ArgumentParser's own code for validation errors, EX_USAGE).
    public static let usage = ExitCode.validationFailure
    /// An input file cannot be read (EX_NOINPUT).
    public static let noInput = ExitCode(66)
    /// AlertKit's shipped templates and catalogs are not where the binary looks for them (EX_OSFILE).
    public static let missingResources = ExitCode(72)
    /// An output file cannot be written (EX_CANTCREAT).
    public static let cannotCreate = ExitCode(73)
    /// The configuration is wrong: a template that does not parse or includes itself, a bad catalog, icon or
    /// settings file (sysexits' EX_CONFIG). Never the same code as rejected records, so that a job feeding
    /// `batch` cannot take a broken setup for a feed whose every record was refused.
    public static let configuration = ExitCode(78)

    /// Every exit code with what it means, in order; 128 + N (stopped by signal N) is not a constant.
    public static let table: [(code: Int32, meaning: String)] = [
        (0, "success"),
        (invalidAlert.rawValue, "an input is not a valid alert, or its document is over a limit (batch: some record was rejected; templates check: a problem found; review: what --fail-on names happened)"),
        (usage.rawValue, "usage error"),
        (noInput.rawValue, "an input cannot be read"),
        (missingResources.rawValue, "AlertKit's shipped templates are missing"),
        (cannotCreate.rawValue, "an output cannot be written"),
        (configuration.rawValue, "a configuration error: a template that does not parse, includes itself or names no escaping, a bad catalog, icon or settings file, a link out of the templates folder (never 1, so a job cannot take it for rejected records)"),
        (128, "+ N: stopped by signal N (batch)"),
    ]

    /// The table as `alertkit --help` prints it.
    static var help: String {
        "Exit codes: " + table.map { "\($0.code) \($0.meaning)" }.joined(separator: " · ") + "."
    }
}
