import Foundation

/// An input named on the command line: an NDJSON file, a file holding a JSON array of alerts (or one alert),
/// a directory of `.json` files (searched recursively, in name order), or `-` for standard input.
public struct BatchInput: Sendable, Hashable {
    /// The argument as given.
    public let argument: String

    /// Creates an input from its argument.
    public init(_ argument: String) { self.argument = argument }

    /// How errors name it.
    public var displayName: String { argument == "-" ? "<stdin>" : argument }

    /// Checks the input exists and is readable, before a run starts.
    public func check() throws(BatchInputError) {
        guard argument != "-" else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw BatchInputError("\(argument): no such file or directory")
        }
        guard FileManager.default.isReadableFile(atPath: argument) else {
            throw BatchInputError("\(argument): cannot be read")
        }
    }

    /// The files this input stands for: itself, or a directory's `.json` files in name order.
    public func files() throws -> [String] {
        guard argument != "-" else { return ["-"] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [argument]
        }
        let root = URL(fileURLWithPath: argument)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw BatchInputError("\(argument): cannot be listed")
        }
        var found: [String] = []
        for case let url as URL in walker where url.pathExtension.lowercased() == "json" {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                found.append(argument.hasSuffix("/") ? argument + relative(url, to: root) : argument + "/" + relative(url, to: root))
            }
        }
        return found.sorted()
    }

    private func relative(_ url: URL, to root: URL) -> String {
        String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
    }

    /// Opens one file (or standard input) and tells its kind by its first bytes: `[` is an array of alerts;
    /// a first line that is a whole JSON value starts NDJSON; a value spread over lines is one alert.
    static func open(_ path: String) throws -> RecordSource {
        let descriptor: Int32 = path == "-" ? STDIN_FILENO : Foundation.open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BatchInputError("cannot be read (\(String(cString: strerror(errno))))") }
        let reader = ByteReader(descriptor: descriptor, closes: path != "-")
        var line = 1
        while let byte = try reader.peek(), JSONBytes.isWhitespace(byte) {
            if byte == 0x0A { line += 1 }
            _ = try reader.next()
        }
        if try reader.peek() == UInt8(ascii: "[") {
            _ = try reader.next()
            return JSONArraySource(reader: reader, line: line)
        }
        guard let first = try reader.nextLine() else { return NDJSONSource(reader: reader) }
        if try reader.peek() == nil || JSONBytes.isBalanced(first) || first.first != UInt8(ascii: "{") {
            return NDJSONSource(reader: reader, firstLine: first, lineOfFirst: line)
        }
        return DocumentSource(reader: reader, prefix: first, line: line)
    }
}
