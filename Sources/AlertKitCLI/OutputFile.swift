import AlertBatch
import Foundation

/// Writes one document to a path the way a user expects of `-o FILE`: a new or regular file is replaced
/// atomically (complete before it takes the name, keeping the old file's permissions); a character device or a
/// FIFO (`/dev/null`, `/dev/stdout`, a named pipe) is written through, never replaced; a symbolic link is followed
/// to its target and is itself left in place. A directory, a block device, a socket or a link to nothing is
/// refused. (The command's `-o`; batch writes its folders through `AtomicDirectoryWriter`.)
enum OutputFile {
    /// Writes `bytes` to `path`.
    static func write(_ bytes: [UInt8], to path: String) throws(BatchInputError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            var link = stat()
            if lstat(path, &link) == 0 {
                throw BatchInputError("\(path): is a symbolic link to nothing that exists; not replaced")
            }
            return try replace(path, with: bytes, mode: nil)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let target = OutputSafety.canonical(path)  // through any links: the link stays, its target is replaced
            try replace(target, with: bytes, mode: status.st_mode & 0o7777)
        case S_IFCHR, S_IFIFO:
            try writeThrough(path, bytes)
        case S_IFDIR:
            throw BatchInputError("\(path): is a directory")
        default:
            throw BatchInputError("\(path): is a block device or a socket; not written")
        }
    }

    private static func replace(_ path: String, with bytes: [UInt8], mode: mode_t?) throws(BatchInputError) {
        let url = URL(fileURLWithPath: path)
        let writer: AtomicDirectoryWriter
        guard FileIdentity(path: url.deletingLastPathComponent().path)?.isDirectory == true else {
            throw BatchInputError("\(path): cannot be written (its folder does not exist)")
        }
        do { writer = try AtomicDirectoryWriter(directory: url.deletingLastPathComponent().path) } catch {
            throw BatchInputError("\(path): cannot be written (\(error))")
        }
        do { try writer.write(bytes, as: url.lastPathComponent, mode: mode) } catch {
            throw BatchInputError(error.description)
        }
    }

    private static func writeThrough(_ path: String, _ bytes: [UInt8]) throws(BatchInputError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BatchInputError("\(path): cannot be written (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        do { try DescriptorWriter.writeAll(bytes, to: descriptor) } catch {
            throw BatchInputError("\(path): cannot be written (\(error))")
        }
    }
}
