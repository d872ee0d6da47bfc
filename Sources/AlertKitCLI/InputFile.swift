import AlertBatch
import AlertModel
import Foundation

/// An input named on the command line: a path (a file, a FIFO, `/dev/stdin`, a process substitution), or `-`
/// for standard input.
struct InputFile {
    let argument: String

    /// How errors name the input.
    var displayName: String { argument == "-" ? "<stdin>" : argument }

    /// The input's identity, to refuse an output that would overwrite it.
    var identity: FileIdentity? { argument == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: argument) }

    /// The input's bytes; prints a clear error and exits 66 if they cannot be read, 1 if they are more than
    /// `maxBytes` (the alert size limit): reading stops there, so a larger input is never held.
    func read(maxBytes: Int = AlertLimits.default.maxBytes) throws -> [UInt8] {
        let descriptor: Int32
        if argument == "-" {
            guard let identity = FileIdentity(descriptor: STDIN_FILENO) else {
                throw Diagnostics.fail("<stdin>: standard input is closed", code: ExitCodes.noInput)
            }
            guard !identity.isDirectory else {
                throw Diagnostics.fail("<stdin>: standard input is a directory, not an alert file", code: ExitCodes.noInput)
            }
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(argument, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(errno) }
            if FileIdentity(descriptor: descriptor)?.isDirectory == true {
                close(descriptor)
                throw Diagnostics.fail("\(displayName): is a directory, not an alert file", code: ExitCodes.noInput)
            }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            bytes += block[0..<count]
            if bytes.count > maxBytes {
                throw Diagnostics.fail("\(displayName): /: more than \(maxBytes) bytes, the alert size limit "
                                       + "(--max-alert-bytes); not read further", code: ExitCodes.invalidAlert)
            }
        }
    }

    private func failure(_ code: Int32) -> Error {
        let reason = code == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(code))))"
        return Diagnostics.fail("\(displayName): \(reason)", code: ExitCodes.noInput)
    }
}
