import ArgumentParser

/// The exit codes of `alertkit`, one per kind of failure (sysexits.h where one fits).
public enum ExitCodes {
    /// An input is not JSON, or breaks the alert contract.
    public static let invalidAlert = ExitCode(1)
    /// The command line is wrong (ArgumentParser's own code for validation errors).
    public static let usage = ExitCode.validationFailure
    /// An input file cannot be read.
    public static let noInput = ExitCode(66)
    /// An output file cannot be written.
    public static let cannotCreate = ExitCode(73)
}
