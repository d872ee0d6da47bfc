/// Makes third-party addresses in an alert's text inert for people and for autolinkers: `https://evil.example/x` becomes
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
///
/// This is for third-party places: where a value was found, a post's text and links. The customer's own identifiers
/// (`identifier(_:)`) are shown as the alert has them, unless they hold a link.
public enum Defang {
    /// `text` with its addresses and phone numbers defanged; text without any is returned as it is.
    public static func text(_ text: String) -> String {
        changed(text) ?? text
    }

    /// A customer's own identifier (the leaked e-mail address, phone number, account name or handle, account, routing
    /// or document number) as the alert has it, or defanged in full when it holds a link: see `isPlainIdentifier`.
    public static func identifier(_ text: String) -> String {
        identifierChanged(text) ?? text
    }

    /// `identifier(text)`, or `nil` when it is `text` itself.
    static func identifierChanged(_ text: String) -> String? {
        isPlainIdentifier(text) ? nil : changed(text)
    }

    /// Whether `text` is shown as it is when it is the customer's own: it holds no link scheme (`https://`, `mailto:`…)
    /// and no host name, but for an e-mail address's domain. A phone or account number, `matt.smith.77` and
    /// `liam.obrien` are plain; a host is a dotted name ending in a top-level domain that link finders know (two
    /// letters, or one of `genericDomains`: `evil.example`, `bit.ly`) or an IPv4 address.
    static func isPlainIdentifier(_ text: String) -> Bool {
        let needs = Needs(scanning: text)
        guard needs.scheme || needs.host else { return true }  // a number: the customer's own, never a link
        let scalars = Array(text.unicodeScalars)
        if needs.scheme, schemes(scalars) != scalars { return false }
        var index = 0
        while index < scalars.count {
            guard isHostCharacter(scalars[index]) else {
                index += 1
                continue
            }
            let (end, labels) = hostRun(in: scalars, from: index)
            let ofAddress = (index > 0 && scalars[index - 1] == "@") || (end < scalars.count && scalars[end] == "@")
            if labels.count >= 2, !ofAddress, let last = labels.last {
                let top = String(String.UnicodeScalarView(last)).lowercased()
                if isIPv4(labels) || (top.count == 2 && last.allSatisfy(isASCIILetter)) || genericDomains.contains(top) {
                    return false
                }
            }
            index = end
        }
        return true
    }

    /// Top-level domains beyond the two-letter country codes that mail clients, chat apps and Markdown renderers
    /// make links of, with the names reserved for examples and tests (RFC 2606, RFC 6761).
    static let genericDomains: Set<String> = [
        "com", "net", "org", "info", "biz", "edu", "gov", "mil", "int", "io", "app", "dev", "xyz", "online", "site",
        "top", "club", "shop", "store", "live", "tech", "blog", "link", "click", "win", "vip", "pro", "mobi", "name",
        "cloud", "email", "support", "help", "page", "zip", "mov", "onion", "bank", "pay", "money", "finance",
        "example", "test", "invalid", "localhost", "local", "arpa",
    ]

    /// `text` defanged, or `nil` when nothing in it needs to be (most texts: a site's name, a date, a masked number).
    static func changed(_ text: String) -> String? {
        let needs = Needs(scanning: text)
        guard needs.any else { return nil }
        var scalars = Array(text.unicodeScalars)
        if needs.scheme { scalars = schemes(scalars) }
        if needs.host { scalars = hosts(scalars) }
        if needs.phone { scalars = phones(scalars) }
        // UTF-8 bytes first: appending scalars to a String one by one is many times slower.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count + 16)
        for scalar in scalars { Unicode.UTF8.encode(scalar) { utf8.append($0) } }
        guard !utf8.elementsEqual(text.utf8) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Which passes a text needs, found in one pass over its bytes without allocating: most texts (a site's name,
    /// a date, a masked number) need none.
    struct Needs {
        var scheme = false, host = false, phone = false
        var any: Bool { scheme || host || phone }

        init(scanning text: String) {
            var previous: UInt8 = 0
            // The run of digits and phone separators being read: its digits, and its digit groups' lengths.
            var runDigits = 0, groups = 0, group = 0
            var shape: (Int, Int, Int) = (0, 0, 0)
            var plainSeparators = true
            func endRun() {
                if group > 0 { appendGroup() }
                if runDigits >= 7, !Defang.isExcludedShape(groups: groups, shape: shape, plainSeparators: plainSeparators) {
                    phone = true
                }
                runDigits = 0; groups = 0; group = 0; shape = (0, 0, 0); plainSeparators = true
            }
            func appendGroup() {
                switch groups {
                case 0: shape.0 = group
                case 1: shape.1 = group
                case 2: shape.2 = group
                default: break
                }
                groups += 1
                group = 0
            }
            var separators = 0, dotAfterWord = false
            for byte in text.utf8 {
                if dotAfterWord, Defang.isWordByte(byte) { host = true }
                dotAfterWord = byte == UInt8(ascii: ".") && Defang.isWordByte(previous)
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    runDigits += 1
                    group += 1
                    separators = 0
                case UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"),
                     UInt8(ascii: "+"):
                    if group > 0 { appendGroup() }
                    separators += 1
                    if separators > 1 || (byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".")) { plainSeparators = false }
                default:
                    endRun()
                    separators = 0
                    if byte == UInt8(ascii: ":") { scheme = true }
                    if byte >= 0x80 { host = true }  // letters or dots beyond ASCII: let the host pass judge
                }
                previous = byte
            }
            endRun()
        }
    }

    /// Dates (`2016-09-06`, `09-06-2016`, `9/6/2016`), ZIP+4 codes and SSN-shaped numbers, written with `-`, `.` or `/`
    /// between their groups: not phone numbers.
    static func isExcludedShape(groups: Int, shape: (Int, Int, Int), plainSeparators: Bool) -> Bool {
        guard plainSeparators else { return false }
        switch groups {
        case 2: return shape.0 == 5 && shape.1 == 4
        case 3: return [(4, 2, 2), (2, 2, 4), (1, 2, 4), (2, 1, 4), (1, 1, 4), (3, 2, 4)].contains { $0 == shape }
        default: return false
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
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

    /// The run of host characters and dots that starts at `start` (a host character): where it ends, and its labels
    /// (the parts between dots, without dots at the ends).
    private static func hostRun(in scalars: [Unicode.Scalar], from start: Int) -> (end: Int, labels: HostLabels) {
        var end = start
        while end < scalars.count, isHostCharacter(scalars[end]) || isDot(scalars[end]) { end += 1 }
        return (end, HostLabels(run: scalars[start..<end]))
    }

    /// The labels of a host run: its parts between dots, the empty ones left out (as `split(whereSeparator:)` gives
    /// them), read off the run without collecting them (every word of a text is a run: an array each was a tenth of
    /// an alert's allocations).
    struct HostLabels: Sequence {
        let run: ArraySlice<Unicode.Scalar>

        struct Iterator: IteratorProtocol {
            var rest: ArraySlice<Unicode.Scalar>
            mutating func next() -> ArraySlice<Unicode.Scalar>? {
                while let first = rest.first, Defang.isDot(first) { rest = rest.dropFirst() }
                guard !rest.isEmpty else { return nil }
                let end = rest.firstIndex(where: Defang.isDot) ?? rest.endIndex
                defer { rest = rest[end...] }
                return rest[..<end]
            }
        }

        func makeIterator() -> Iterator { Iterator(rest: run) }

        /// How many labels there are.
        var count: Int { reduce(0) { count, _ in count + 1 } }

        /// The last label.
        var last: ArraySlice<Unicode.Scalar>? { reduce(nil) { _, label in label } }
    }

    /// Whether `labels` are an IPv4 address's four numbers.
    private static func isIPv4(_ labels: HostLabels) -> Bool {
        labels.count == 4 && labels.allSatisfy { $0.allSatisfy(isASCIIDigit) && $0.count <= 3 }
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
            let (end, labels) = hostRun(in: input, from: index)
            let run = input[index..<end]
            let innerDots = labels.count - 1
            // An e-mail address's local part (`ana.garcia@`) is no host: only its domain is defanged.
            let isLocalPart = end < input.count && input[end] == "@"
            let isHost = !isLocalPart && innerDots >= 1
                && (isIPv4(labels) || labels.dropFirst().contains { $0.count >= 2 && $0.allSatisfy(isLetter) })
            if isHost {
                // Every dot with a label character on both sides becomes `[.]`.
                for position in index..<end {
                    let scalar = input[position]
                    if isDot(scalar), position > index, position + 1 < end,
                       isHostCharacter(input[position - 1]), isHostCharacter(input[position + 1]) {
                        output.append(contentsOf: bracketedDot)
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
            let atBoundary = index == 0 || !(isLetter(input[index - 1]) || isASCIIDigit(input[index - 1]))
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
            let followedByWord = end < input.count && (isLetter(input[end]) || isASCIIDigit(input[end]))
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
                output += piece.separator.filter { $0 == ")" } + bracketedDash
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
        scalar.isASCII ? scalar == "-" || scalar == "_" || isASCIIDigit(scalar) || isASCIILetter(scalar)
                       : scalar.properties.isAlphabetic
    }

    /// A letter: ASCII ones without a Unicode property lookup.
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isASCIILetter(scalar) : scalar.properties.isAlphabetic
    }
    /// A dot, or the full-width and ideographic dots that some clients accept in host names.
    private static func isDot(_ scalar: Unicode.Scalar) -> Bool { scalar == "." || scalar == "\u{FF0E}" || scalar == "\u{3002}" }
    private static func isPhoneCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", " ", "-", ".", "(", ")", "+": true
        default: false
        }
    }

    private static let bracketedDot = Array("[.]".unicodeScalars), bracketedDash = Array("[-]".unicodeScalars)
}
