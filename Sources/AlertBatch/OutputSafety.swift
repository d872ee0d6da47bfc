import Foundation

/// Checks, before anything is opened for writing, that no output of a run can overwrite or feed back into one of
/// its inputs: an output file that is an input (the same path, a symbolic link to it, or a hard link of it), an
/// output directory that is an input directory or lies inside one or holds one.
public struct OutputSafety {
    private let files: Set<FileIdentity>
    /// Canonical paths of the input files and of every folder the inputs' walks go through (links followed).
    private let filePaths: [String]
    private let directories: [String]

    /// Looks at every input (each directory's files and folders included, through links); for `-`, at the file
    /// standard input is redirected from, if it is one.
    public init(inputs: [BatchInput]) {
        var files: Set<FileIdentity> = []
        var filePaths: [String] = [], directories: [String] = []
        for input in inputs {
            guard input.argument != "-" else {
                if let identity = FileIdentity(descriptor: STDIN_FILENO), identity.isRegularFile {
                    files.insert(identity)
                    filePaths.append(Self.canonical("/proc/self/fd/0"))  // the file standard input reads, by its path
                }
                continue
            }
            let walk = input.walk()
            directories += walk.directories.map(Self.canonical)
            for case .file(let path) in walk.entries {
                if let identity = FileIdentity(path: path) { files.insert(identity) }
                filePaths.append(Self.canonical(path))
            }
        }
        self.files = files
        self.filePaths = filePaths
        self.directories = directories
    }

    /// Throws if writing `path` (a file to be created or truncated) could change an input.
    public func checkFile(_ path: String, role: String) throws(BatchInputError) {
        var link = stat(), target = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, stat(path, &target) != 0 {
            throw BatchInputError("\(role) \(path) is a symbolic link to nothing that exists: writing it would create a "
                                  + "file where it points; choose another file")
        }
        if let identity = FileIdentity(path: path), identity.isRegularFile, files.contains(identity) {
            throw BatchInputError("\(role) \(path) is one of the inputs (or a link to one): it would be overwritten "
                                  + "before it is read; choose another file")
        }
        let canonical = Self.canonical(path)
        let folder = URL(fileURLWithPath: canonical).deletingLastPathComponent().path
        if BatchInput.isFeedFile(URL(fileURLWithPath: canonical).lastPathComponent), directories.contains(folder) {
            throw BatchInputError("\(role) \(path) is in an input folder, where it would be read as an input; "
                                  + "choose a file outside the inputs")
        }
    }

    /// Throws if standard output is redirected into one of the inputs (`>> feed.ndjson`): the run would read what it
    /// writes.
    public func checkStandardOutput() throws(BatchInputError) {
        try checkStream(STDOUT_FILENO, name: "standard output")
    }

    /// Throws if standard error (the messages a run prints) is redirected into one of the inputs or an input folder.
    public func checkStandardError() throws(BatchInputError) {
        try checkStream(STDERR_FILENO, name: "standard error")
    }

    private func checkStream(_ descriptor: Int32, name: String) throws(BatchInputError) {
        guard let identity = FileIdentity(descriptor: descriptor), identity.isRegularFile else { return }
        let path = Self.canonical("/proc/self/fd/\(descriptor)")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if files.contains(identity) || (BatchInput.isFeedFile(URL(fileURLWithPath: path).lastPathComponent)
                                        && directories.contains(folder)) {
            throw BatchInputError("\(name) is one of the inputs or in an input folder: it would be read as it is "
                                  + "written; redirect it to another file")
        }
    }

    /// Throws if files written into `directory` could replace an input or be read as one.
    public func checkDirectory(_ directory: String) throws(BatchInputError) {
        let out = Self.canonical(directory)
        let overlap = directories.first { $0 == out || Self.contains($0, out) || Self.contains(out, $0) }
            ?? filePaths.first { Self.contains(out, $0) }
        if let overlap {
            throw BatchInputError("--out-dir \(directory) overlaps the input \(overlap): outputs could replace "
                                  + "inputs or be read as inputs; choose a folder apart from the inputs")
        }
    }

    /// Throws if `file` lies in `directory` (an output could take its name).
    public func checkFile(_ file: String, outside directory: String, role: String) throws(BatchInputError) {
        if Self.contains(Self.canonical(directory), Self.canonical(file)) {
            throw BatchInputError("\(role) \(file) is inside --out-dir \(directory), where an output could replace it; "
                                  + "choose a file outside it")
        }
    }

    private static func contains(_ directory: String, _ path: String) -> Bool {
        path.hasPrefix(directory == "/" ? "/" : directory + "/")
    }

    /// The absolute path with every symbolic link resolved, for the part of it that exists.
    package static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let url = URL(fileURLWithPath: path)
        let parent = url.deletingLastPathComponent().path
        guard parent != path, !parent.isEmpty else { return url.standardizedFileURL.path }
        let base = canonical(parent)
        return (base == "/" ? "" : base) + "/" + url.lastPathComponent
    }
}
