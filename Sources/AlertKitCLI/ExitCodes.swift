import ArgumentParser

/// The exit codes of `alertkit`, one per kind of failure (sysexits.h where one fits).
public enum ExitCodes {
    /// An input is not JSON, or breaks the alert contract.
    public static let invalidAlert = ExitCode(1)
    /// The command line is wrong (ArgumentParser's own code for validation errors).
    public static let usage = ExitCode.validationFailure
    /// An input file cannot be read.
    public static let noInput = ExitCode(66)
    /// The configuration is wrong: a template that does not parse or includes itself, a bad catalog, icon or
    /// settings file (sysexits' EX_CONFIG). Never the same code as rejected records, so that a job feeding
    /// `batch` cannot take a broken setup for a feed whose every record was refused.
    public static let configuration = ExitCode(78)
    /// An output file cannot be written.
    public static let cannotCreate = ExitCode(73)
}
