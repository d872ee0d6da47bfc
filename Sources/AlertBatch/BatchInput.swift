import Foundation

/// An input named on the command line: an NDJSON file, a file holding a JSON array of alerts (or one alert),
/// a directory of feed files (searched recursively, in name order, following symbolic links), or `-` for
/// standard input.
public struct BatchInput: Sendable, Hashable {
    /// The argument as given.
    public let argument: String

    /// The file name extensions a directory's feed files have (compared without regard to case).
    public static let feedExtensions: Set<String> = ["json", "ndjson", "jsonl"]

    /// One file of an input, or a problem found in its place.
    public enum Entry: Sendable, Hashable {
        /// A file to read.
        case file(String)
        /// An entry that cannot be read as a file (a broken link, a FIFO, a folder that cannot be listed): it
        /// stands as one rejected record.
        case problem(path: String, message: String)
    }

    /// Creates an input from its argument.
    public init(_ argument: String) { self.argument = argument }

    /// How errors name it.
    public var displayName: String { argument == "-" ? "<stdin>" : argument }

    /// Checks the input exists and is readable, before a run starts.
    public func check() throws(BatchInputError) {
        guard argument != "-" else {
            guard FileIdentity(descriptor: STDIN_FILENO) != nil else { throw BatchInputError("<stdin>: standard input is closed") }
            return
        }
        guard let identity = FileIdentity(path: argument) else {
            throw BatchInputError("\(argument): \(errno == ENOENT ? "no such file or directory" : String(cString: strerror(errno)))")
        }
        guard access(argument, identity.isDirectory ? R_OK | X_OK : R_OK) == 0 else {
            throw BatchInputError("\(argument): cannot be read (\(String(cString: strerror(errno))))")
        }
    }

    /// The files this input stands for: itself, or a directory's feed files in path order. Symbolic links are
    /// followed; a folder or file reached again through a link is not read twice, so links cannot make a loop.
    public func entries() -> [Entry] { walk().entries }

    /// The entries, and every folder the walk went through (for `OutputSafety`).
    func walk() -> (entries: [Entry], directories: [String]) {
        guard argument != "-" else { return ([.file("-")], []) }
        guard let identity = FileIdentity(path: argument), identity.isDirectory else { return ([.file(argument)], []) }
        var visited: Set<FileIdentity> = [identity]
        var found: [(key: String, entry: Entry)] = []
        let root = argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument
        var directories = [root]
        walk(root, relative: "", visited: &visited, directories: &directories, into: &found)
        return (found.sorted { $0.key < $1.key }.map(\.entry), directories)
    }

    private func walk(_ directory: String, relative: String, visited: inout Set<FileIdentity>, directories: inout [String],
                      into found: inout [(key: String, entry: Entry)]) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted() } catch {
            found.append((relative, .problem(path: directory, message: "cannot be listed (\(Self.reason(error)))")))
            return
        }
        for name in names {
            let path = directory + "/" + name
            let key = relative.isEmpty ? name : relative + "/" + name
            var link = stat()
            guard lstat(path, &link) == 0 else { continue }  // gone since it was listed
            let isLink = link.st_mode & S_IFMT == S_IFLNK
            guard let identity = FileIdentity(path: path) else {
                if isLink {  // a feed file or a folder of them, for all one can tell
                    found.append((key, .problem(path: path, message: "is a symbolic link to nothing that exists")))
                }
                continue
            }
            if identity.isDirectory {
                if visited.insert(identity).inserted {
                    directories.append(path)
                    walk(path, relative: key, visited: &visited, directories: &directories, into: &found)
                }
            } else if Self.isFeedFile(name), visited.insert(identity).inserted {
                found.append((key, identity.isRegularFile ? .file(path)
                    : .problem(path: path, message: "is not a regular file (a FIFO, socket or device); not read")))
            }
        }
    }

    static func isFeedFile(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return feedExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    private static func reason(_ error: Error) -> String {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
            ?? error.localizedDescription
    }

    /// Opens one file (or standard input) as a feed.
    static func open(_ path: String, maxRecordBytes: Int, isStopped: @escaping @Sendable () -> Bool) throws -> FeedReader {
        let descriptor: Int32 = path == "-" ? STDIN_FILENO : Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw BatchInputError("cannot be read (\(String(cString: strerror(errno))))") }
        if let identity = FileIdentity(descriptor: descriptor), identity.isDirectory {
            if path != "-" { close(descriptor) }
            throw BatchInputError("is a directory, not a feed")
        }
        let reader = ByteReader(source: DescriptorSource(descriptor: descriptor, closes: path != "-", isStopped: isStopped))
        return FeedReader(reader: reader, maxRecordBytes: maxRecordBytes)
    }
}
