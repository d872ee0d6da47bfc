/// Makes addresses in an alert's text inert for people and for autolinkers: `https://evil.example/x` becomes
/// `hxxps://evil[.]example/x`, `ana@example.org` becomes `ana@example[.]org`, `mailto:` becomes `mailto[:]`, and a
/// phone number `+1 (555) 123-4567` becomes `+1 (555)[-]123[-]4567`. Mail clients, chat apps and Markdown renderers
/// then find no link, address or number to make clickable, while a reader still recognizes it.
///
/// The rules, in order:
/// - `http://`, `https://` and `ftp://` become `hxxp://`, `hxxps://` and `fxp://`; any other `scheme://` becomes
///   `scheme[://]`; `mailto:`, `tel:`, `sms:`, `callto:`, `javascript:`, `data:`, `file:`, `vbscript:` get `[:]`.
/// - In a run of letters, digits, hyphens and dots that may be a host name (a label after a dot of at least two
///   letters: `evil.example`, `matt.smith.77`) or an IPv4 address, every dot between two labels becomes `[.]`; an
///   e-mail address keeps its local part (`ana.garcia@example[.]org`).
/// - A run of 7 to 15 digits joined only by spaces, `-`, `.`, `(`, `)` or a leading `+` (a phone number) is cut
///   into pieces of at most four digits joined by `[-]`. Dates (`2016-09-06`, `09-06-2016`), ZIP+4 codes and
///   SSN-shaped numbers are left as they are.
public enum Defang {
    /// `text` with its addresses and phone numbers defanged; text without any is returned as it is.
    public static func text(_ text: String) -> String {
        guard mayNeedDefanging(text) else { return text }
        var scalars = Array(text.unicodeScalars)
        scalars = schemes(scalars)
        scalars = hosts(scalars)
        scalars = phones(scalars)
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// Whether `text` has a dot, a colon or seven digits: without one, nothing in it can be an address or a number.
    private static func mayNeedDefanging(_ text: String) -> Bool {
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: ":"): return true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits >= 7 { return true }
            default: continue
            }
        }
        // Letters and digits beyond ASCII (a full-width dot, say) are rare in addresses; check them the slow way.
        return text.utf8.contains { $0 >= 0x80 } && text.unicodeScalars.contains { $0 == "\u{FF0E}" || $0 == "\u{3002}" }
    }

    private static let schemesWithoutSlashes: Set<String> = ["mailto", "tel", "sms", "callto", "javascript", "data",
                                                              "file", "vbscript"]

    /// Replaces link schemes: `https://` → `hxxps://`, `ftp://` → `fxp://`, `other://` → `other[://]`, `mailto:` →
    /// `mailto[:]`.
    private static func schemes(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count + 8)
        var index = 0
        while index < input.count {
            let scalar = input[index]
            guard scalar == ":" else {
                output.append(scalar)
                index += 1
                continue
            }
            // The scheme: the letters, digits, `+`, `-`, `.` just before the colon, starting with a letter.
            var start = output.count
            while start > 0, isSchemeCharacter(output[start - 1]) { start -= 1 }
            while start < output.count, !isASCIILetter(output[start]) { start += 1 }
            let scheme = String(String.UnicodeScalarView(output[start...])).lowercased()
            let slashes = index + 2 < input.count && input[index + 1] == "/" && input[index + 2] == "/"
            if !scheme.isEmpty, slashes {
                switch scheme {
                case "http", "https":
                    output[start + 1] = "x"
                    output[start + 2] = "x"
                    output.append(contentsOf: "://".unicodeScalars)
                case "ftp":
                    output[start + 1] = "x"
                    output.append(contentsOf: "://".unicodeScalars)
                case "hxxp", "hxxps", "fxp":  // already defanged
                    output.append(contentsOf: "://".unicodeScalars)
                default:
                    output.append(contentsOf: "[://]".unicodeScalars)
                }
                index += 3
            } else if schemesWithoutSlashes.contains(scheme) {
                output.append(contentsOf: "[:]".unicodeScalars)
                index += 1
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return output
    }

    /// Defangs the dots of host names and IPv4 addresses.
    private static func hosts(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count + 8)
        var index = 0
        while index < input.count {
            guard isHostCharacter(input[index]) else {
                output.append(input[index])
                index += 1
                continue
            }
            var end = index
            while end < input.count, isHostCharacter(input[end]) || isDot(input[end]) { end += 1 }
            let run = input[index..<end]
            // Labels: the parts between dots, without dots at the ends.
            let labels = run.split(whereSeparator: isDot)
            let innerDots = labels.count - 1
            // An e-mail address's local part (`ana.garcia@`) is no host: only its domain is defanged.
            let isLocalPart = end < input.count && input[end] == "@"
            let isHost = !isLocalPart && innerDots >= 1 && {
                let isIPv4 = labels.count == 4 && labels.allSatisfy { $0.allSatisfy(isASCIIDigit) && $0.count <= 3 }
                return isIPv4 || labels.dropFirst().contains { $0.count >= 2 && $0.allSatisfy { $0.properties.isAlphabetic } }
            }()
            if isHost {
                // Every dot with a label character on both sides becomes `[.]`.
                for position in index..<end {
                    let scalar = input[position]
                    if isDot(scalar), position > index, position + 1 < end,
                       isHostCharacter(input[position - 1]), isHostCharacter(input[position + 1]) {
                        output.append(contentsOf: "[.]".unicodeScalars)
                    } else {
                        output.append(scalar)
                    }
                }
            } else {
                output.append(contentsOf: run)
            }
            index = end
        }
        return output
    }

    /// Cuts phone numbers into pieces of at most four digits joined by `[-]`.
    private static func phones(_ input: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count + 8)
        var index = 0
        while index < input.count {
            let startsNumber = isASCIIDigit(input[index])
                || ((input[index] == "+" || input[index] == "(") && index + 1 < input.count && isASCIIDigit(input[index + 1]))
            // A number starts after something that is not a letter or digit (not inside a word like `A1234567`).
            let atBoundary = index == 0 || !(input[index - 1].properties.isAlphabetic || isASCIIDigit(input[index - 1]))
            guard startsNumber, atBoundary else {
                output.append(input[index])
                index += 1
                continue
            }
            var end = index
            while end < input.count, isPhoneCharacter(input[end]) { end += 1 }
            // The run ends with its last digit or closing parenthesis.
            while end > index, !(isASCIIDigit(input[end - 1]) || input[end - 1] == ")") { end -= 1 }
            let run = Array(input[index..<end])
            let followedByWord = end < input.count && (input[end].properties.isAlphabetic || isASCIIDigit(input[end]))
            if let defanged = defangedPhone(run), !followedByWord {
                output.append(contentsOf: defanged)
            } else {
                output.append(contentsOf: run)
            }
            index = max(end, index + 1)
        }
        return output
    }

    /// The phone number `run` cut into pieces, or `nil` if it is not one.
    private static func defangedPhone(_ run: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        // Digit groups and the separators before each.
        var groups: [(separator: [Unicode.Scalar], digits: [Unicode.Scalar])] = []
        var separator: [Unicode.Scalar] = []
        for scalar in run {
            if isASCIIDigit(scalar) {
                if separator.isEmpty, !groups.isEmpty { groups[groups.count - 1].digits.append(scalar) } else {
                    groups.append((separator, [scalar]))
                    separator = []
                }
            } else {
                separator.append(scalar)
            }
        }
        let total = groups.reduce(0) { $0 + $1.digits.count }
        guard (7...15).contains(total) else { return nil }
        let shape = groups.map(\.digits.count)
        let dateLike = [[4, 2, 2], [2, 2, 4], [1, 2, 4], [2, 1, 4], [1, 1, 4], [5, 4], [3, 2, 4]].contains(shape)
            && groups.dropFirst().allSatisfy { $0.separator.count == 1 && "-/.".unicodeScalars.contains($0.separator[0]) }
        guard !dateLike else { return nil }
        // Long groups split from the right: four digits, then threes.
        var pieces: [(separator: [Unicode.Scalar], digits: [Unicode.Scalar])] = []
        for group in groups {
            var digits = group.digits[...]
            var chunks: [ArraySlice<Unicode.Scalar>] = []
            var size = 4
            while digits.count > 4 {
                chunks.insert(digits.suffix(size), at: 0)
                digits = digits.dropLast(size)
                size = 3
            }
            chunks.insert(digits, at: 0)
            for (offset, chunk) in chunks.enumerated() {
                pieces.append((offset == 0 ? group.separator : [], Array(chunk)))
            }
        }
        var output: [Unicode.Scalar] = []
        var digitsInPiece = 0
        for piece in pieces {
            if output.isEmpty {
                output += piece.separator + piece.digits
                digitsInPiece = piece.digits.count
            } else if digitsInPiece + piece.digits.count <= 4, !piece.separator.isEmpty {
                output += piece.separator + piece.digits
                digitsInPiece += piece.digits.count
            } else {
                // Keep parentheses; spaces, hyphens and dots give way to the break.
                output += piece.separator.filter { $0 == ")" } + Array("[-]".unicodeScalars)
                    + piece.separator.filter { $0 == "(" } + piece.digits
                digitsInPiece = piece.digits.count
            }
        }
        return output
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    private static func isSchemeCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isASCIILetter(scalar) || isASCIIDigit(scalar) || scalar == "+" || scalar == "-" || scalar == "."
    }
    private static func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "-" || scalar == "_" || isASCIIDigit(scalar) || scalar.properties.isAlphabetic
    }
    /// A dot, or the full-width and ideographic dots that some clients accept in host names.
    private static func isDot(_ scalar: Unicode.Scalar) -> Bool { scalar == "." || scalar == "\u{FF0E}" || scalar == "\u{3002}" }
    private static func isPhoneCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isASCIIDigit(scalar) || " -.()+".unicodeScalars.contains(scalar)
    }
}
