/// Names output files after alert ids: the name is a function of the id alone, distinct for distinct ids, safe
/// on every file system, and the same on every run.
///
/// Lowercase ASCII letters, digits, `-` and `.` stand for themselves; every other byte of the id's UTF-8 (uppercase
/// letters, `_`, `/`, `:`, spaces, non-ASCII…) is written `_` and two lowercase hex digits (`4930982:105` →
/// `4930982_3a105`). A `.` at the start or the end, and the first letter of a Windows device name (`con`,
/// `nul`, `com1`…), are written the same way. Since `_` only ever starts an escape, the id can be read back from
/// the name, and two ids never share one. An id whose name with its extension would be longer than 255 bytes (the
/// limit of common file systems) gets none
/// (`OutputNameError.tooLong`), and a name given before in the run is refused (`OutputNameError.repeated`), so
/// that no alert's file replaces another's.
public struct OutputNamer {
    /// Fingerprints of the names given in this run: 8 bytes each (Swift's per-process seeded hash, so ids cannot
    /// be crafted to collide; two distinct names share one with a chance of about 1 in 10¹³ at 10 million files).
    private var given: Set<Int> = []
    /// The file extension, without the dot.
    public let fileExtension: String
    /// The longest name, in bytes, before the extension and its dot.
    public var maxNameBytes: Int { 255 - 1 - fileExtension.utf8.count }

    /// Creates a namer for files ending in `.fileExtension`.
    public init(fileExtension: String) { self.fileExtension = fileExtension }

    /// The file name for an alert id, distinct from every name this namer gave before.
    public mutating func name(for id: String) throws(OutputNameError) -> String {
        let stem = Self.stem(id)
        guard stem.utf8.count <= maxNameBytes else { throw .tooLong(bytes: stem.utf8.count + 1 + fileExtension.utf8.count) }
        guard given.insert(stem.hashValue).inserted else { throw .repeated(name: stem + "." + fileExtension) }
        return stem + "." + fileExtension
    }

    /// The file name for an id, without its extension.
    public static func stem(_ id: String) -> String {
        let bytes = Array(id.utf8)
        guard !bytes.isEmpty else { return "_" }
        let device = isDeviceName(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        for (offset, byte) in bytes.enumerated() {
            let plain = (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
                || (byte == 0x2E && offset != 0 && offset != bytes.count - 1)
            if plain && !(device && offset == 0) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `con`, `prn`, `aux`, `nul`, `com0`–`com9`, `lpt0`–`lpt9` (any case), alone or before a `.`.
    private static func isDeviceName(_ bytes: [UInt8]) -> Bool {
        let stem = bytes.prefix(while: { $0 != 0x2E }).map { $0 | 0x20 }
        let text = String(decoding: stem, as: UTF8.self)
        if ["con", "prn", "aux", "nul"].contains(text) { return true }
        return stem.count == 4 && (text.hasPrefix("com") || text.hasPrefix("lpt")) && (0x30...0x39).contains(stem[3])
    }
}

/// Why an alert gets no file name.
public enum OutputNameError: Error, CustomStringConvertible, Equatable {
    /// The name, with its extension, would be longer than 255 bytes.
    case tooLong(bytes: Int)
    /// Another alert of the run has the same id, and its file has this name.
    case repeated(name: String)

    public var description: String {
        switch self {
        case .tooLong(let bytes):
            "its id makes a file name of \(bytes) bytes, more than the 255 a file system allows; not written"
        case .repeated(let name):
            "an earlier alert of this run has the same id, and with it the file name \(name); not written"
        }
    }
}
