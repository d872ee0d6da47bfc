import Foundation

/// Writes files into one directory atomically: each is complete before it takes its name (by `rename`), so a
/// run killed midway leaves whole files or none, never a partial one. Temporary names are `.alertkit-PID-N.tmp`;
/// those of processes no longer running are removed when a writer opens the directory.
public final class AtomicDirectoryWriter {
    /// The directory.
    public let directory: String
    private var counter = 0
    private let prefix: String
    /// Whether files are first written without a name (`O_TMPFILE`); off after linking one fails.
    private var unnamedFiles = true

    /// Opens (creating if needed) a directory and removes temporary files that dead runs left behind.
    public init(directory: String) throws(BatchInputError) {
        self.directory = directory
        self.prefix = ".alertkit-\(getpid())-"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BatchInputError("\(directory): cannot be created (\(error.localizedDescription))")
        }
        guard FileIdentity(path: directory)?.isDirectory == true else {
            throw BatchInputError("\(directory): is not a directory")
        }
        removeStaleTemporaries()
    }

    /// Writes `bytes` as `name` (a bare file name, no separators), replacing a regular file of that name (an
    /// earlier run's output). A directory, symbolic link or other non-regular file of that name is never replaced:
    /// that is an error for this file alone (`DirectoryWriteError.stopsRun` is false), while a full disk, a
    /// read-only or vanished folder stops the run.
    ///
    /// On Linux the bytes go first into a file with no name at all (`O_TMPFILE`), which vanishes if the process
    /// dies; only when complete does it get its name: directly when no file has it (so a run into a new folder never
    /// makes a temporary name, even killed with SIGKILL), else a temporary name and then, by `rename`, its own (a
    /// kill between the two leaves the temporary name, which the next writer of the folder removes). Elsewhere (or
    /// on a file system without `O_TMPFILE`) it is written under the temporary name from the start.
    /// `mode` gives the file's permission bits (default: 0644 less the umask).
    public func write(_ bytes: [UInt8], as name: String, mode: mode_t? = nil) throws(DirectoryWriteError) {
        precondition(!name.contains("/") && name != "." && name != "..", "not a bare file name: \(name)")
        let target = directory + "/" + name
        var existing = stat()
        if lstat(target, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            throw DirectoryWriteError("\(target): \(Self.kind(existing.st_mode)) of that name is there; not replaced",
                                      stopsRun: false)
        }
        counter += 1
        let temporary = directory + "/" + prefix + String(counter) + ".tmp"
        var named = false
        var descriptor: Int32 = -1
        #if os(Linux)
        if unnamedFiles {
            descriptor = open(directory, O_DIRECTORY | 0o20000000 /* O_TMPFILE */ | O_WRONLY | O_CLOEXEC, mode ?? 0o644)
        }
        #endif
        if descriptor < 0 {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode ?? 0o644)
            named = true
        }
        guard descriptor >= 0 else { throw failure(name) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = failure(name)
                if named { unlink(temporary) }
                throw error
            }
            written += count
        }
        if let mode { _ = fchmod(descriptor, mode) }
        if !named, linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0 {
            return  // no file had the name: the whole file took it at once, and no temporary name ever existed
        }
        if !named && linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporary, AT_SYMLINK_FOLLOW) != 0 {
            // No /proc to name the file through: from now on, write under the temporary name from the start.
            unnamedFiles = false
            return try write(bytes, as: name, mode: mode)
        }
        guard rename(temporary, target) == 0 else {
            let error = failure(name)
            unlink(temporary)
            throw error
        }
    }

    private func failure(_ name: String) -> DirectoryWriteError {
        let code = errno
        // Errors of this one name; anything else (no space, read-only, no permission, I/O) stops the run.
        let local = [EISDIR, ENOTDIR, ENAMETOOLONG, EEXIST, ENOTEMPTY, EINVAL].contains(code)
        return DirectoryWriteError("\(directory)/\(name): cannot be written (\(String(cString: strerror(code))))", stopsRun: !local)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "a special file (FIFO, socket or device)"
        }
    }

    private func removeStaleTemporaries() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(".alertkit-") && name.hasSuffix(".tmp") {
            let parts = name.dropFirst(".alertkit-".count).split(separator: "-")
            // This process has written nothing yet, so a name with its own PID is a dead run's too (containers
            // reuse PIDs: every run may be PID 1).
            guard let pid = parts.first.flatMap({ pid_t($0) }),
                  pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            unlink(directory + "/" + name)
        }
    }
}

/// `write(2)`, under a name the method above does not hide.
func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

/// A file that could not be written into the output directory.
public struct DirectoryWriteError: Error, CustomStringConvertible {
    /// What went wrong, naming the file.
    public let description: String
    /// Whether the run cannot go on (no space, a read-only folder…); otherwise only this file failed.
    public let stopsRun: Bool

    init(_ description: String, stopsRun: Bool) {
        self.description = description
        self.stopsRun = stopsRun
    }
}
