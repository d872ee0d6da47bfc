/// Names output files after alert ids, safely on every file system, and the same way on every run.
///
/// An id is kept as it is when it is already a safe name: lowercase ASCII letters, digits, `-`, `_` and `.`,
/// not starting with `.`, not ending with `.`, not a Windows device name (`con`, `nul`, `com1`…), at most 100
/// bytes. Otherwise each unsafe character becomes `_` (runs collapse, leading and trailing `.`/`_` go, a
/// device name gets a `_` in front, at most 64 characters, `alert` if nothing is left), and `-` plus eight hex
/// digits of the id's FNV-1a hash follow, so ids that clean alike still get names of their own. If a name
/// was already given in this run (the same id twice, say), `-2`, `-3`… follow it, in input order.
public struct OutputNamer {
    private var given: Set<UInt64> = []
    /// The file extension, without the dot.
    public let fileExtension: String

    /// Creates a namer for files ending in `.fileExtension`.
    public init(fileExtension: String) { self.fileExtension = fileExtension }

    /// The next file name for an alert id: distinct from every name this namer gave before.
    public mutating func name(for id: String) -> String {
        let base = Self.safeName(id)
        var candidate = base
        var counter = 1
        while !given.insert(Self.fnv1a64(candidate)).inserted {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        return candidate + "." + fileExtension
    }

    /// The file name stem for an id, before collisions are settled.
    public static func safeName(_ id: String) -> String {
        if isSafe(id) { return id }
        var cleaned: [UInt8] = []
        for byte in id.utf8 {
            let safe: UInt8
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                safe = byte
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                safe = byte + 32
            default:
                safe = UInt8(ascii: "_")
            }
            if safe == UInt8(ascii: "_") && cleaned.last == UInt8(ascii: "_") { continue }
            cleaned.append(safe)
        }
        let trim: Set<UInt8> = [UInt8(ascii: "."), UInt8(ascii: "_")]
        var stem = String(decoding: cleaned.drop(while: trim.contains).reversed().drop(while: trim.contains).reversed(),
                          as: UTF8.self)
        stem = String(stem.prefix(64))
        if stem.isEmpty { stem = "alert" }
        if isDeviceName(stem) { stem = "_" + stem }
        let hash = String(fnv1a64(id) & 0xFFFF_FFFF, radix: 16)
        return stem + "-" + String(repeating: "0", count: 8 - hash.count) + hash
    }

    private static func isSafe(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 100, id.first != ".", id.last != ".", !isDeviceName(id) else { return false }
        return id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// `con`, `prn`, `aux`, `nul`, `com0`–`com9`, `lpt0`–`lpt9`, alone or before a `.`.
    private static func isDeviceName(_ name: String) -> Bool {
        let stem = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? name
        if ["con", "prn", "aux", "nul"].contains(stem) { return true }
        return stem.count == 4 && (stem.hasPrefix("com") || stem.hasPrefix("lpt")) && stem.last!.isASCII && stem.last!.isNumber
    }

    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
