import Foundation

/// An input named on the command line: a path, or `-` for standard input.
struct InputFile {
    let argument: String

    /// How errors name the input.
    var displayName: String { argument == "-" ? "<stdin>" : argument }

    /// The input's bytes; prints a clear error and exits 66 if they cannot be read.
    func read() throws -> Data {
        if argument == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw Diagnostics.fail("\(displayName): no such file", code: ExitCodes.noInput)
        }
        guard !isDirectory.boolValue else {
            throw Diagnostics.fail("\(displayName): is a directory, not an alert file", code: ExitCodes.noInput)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: argument))
        } catch {
            throw Diagnostics.fail("\(displayName): cannot be read (\(error.localizedDescription))", code: ExitCodes.noInput)
        }
    }
}
