/// Measures and fits SMS text: white space folded, 160 characters to a message when every one is in the GSM 03.38
/// alphabet (its extension characters `^{}\[~]|€` count twice), else 70 (UCS-2); a longer text is sent in parts of
/// 153 or 67 (3GPP TS 23.040's concatenation header takes the rest). A document is fitted into its budget of parts
/// by whole sentences (`fitDocument(_:segments:)`); the primitives here cut one text at a word with an ellipsis
/// (`...` in GSM-7, `…` in UCS-2), the last resort for a first sentence longer than the budget.
public enum SMSText {
    /// The GSM 03.38 basic alphabet.
    static let basic: Set<Character> = Set(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà")
    /// The extension table: each takes two septets.
    static let extended: Set<Character> = Set("^{}\\[~]|€")

    /// The septets a character takes in GSM-7 (1, or 2 for the extension table and for a carriage return and line
    /// feed), or `nil` if it has none.
    static func septets(_ character: Character) -> Int? {
        if character == "\r\n" { return 2 }  // one character, two septets: as the byte path counts it
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return nil }
        if basicScalars.contains(scalar.value) { return 1 }
        return extendedScalars.contains(scalar.value) ? 2 : nil
    }

    private static let basicScalars: Set<UInt32> = Set(basic.flatMap { $0.unicodeScalars.map(\.value) })
    private static let extendedScalars: Set<UInt32> = Set(extended.flatMap { $0.unicodeScalars.map(\.value) })

    /// Whether `text` can be sent in GSM-7.
    public static func isGSM7(_ text: String) -> Bool {
        if isASCII(text) {
            var text = text
            let table = asciiSeptets  // one look at the static, not one a byte
            return text.withUTF8 { bytes in !bytes.contains { table[Int($0)] == 0 } }
        }
        if isScalarWise(text) { return text.unicodeScalars.allSatisfy { scalarSeptets($0.value) != 0 } }
        return isGSM7Characters(text)
    }

    /// `isGSM7` by characters, for any text: the reference of the byte and scalar paths.
    static func isGSM7Characters(_ text: String) -> Bool {
        text.allSatisfy { septets($0) != nil }
    }

    /// The length `text` takes in its encoding: septets in GSM-7, UTF-16 code units in UCS-2.
    public static func length(_ text: String) -> Int {
        if isASCII(text) {  // ASCII: septets from a table, or one UTF-16 unit a byte
            var septetCount = 0
            let table = asciiSeptets
            for byte in text.utf8 {
                let septets = Int(table[Int(byte)])
                guard septets > 0 else { return text.utf8.count }
                septetCount += septets
            }
            return septetCount
        }
        if isScalarWise(text) {
            var septetCount = 0
            for scalar in text.unicodeScalars {
                let septets = Int(scalarSeptets(scalar.value))
                guard septets > 0 else { return text.utf16.count }
                septetCount += septets
            }
            return septetCount
        }
        return lengthCharacters(text)
    }

    /// `length` by characters, for any text: the reference of the byte and scalar paths.
    static func lengthCharacters(_ text: String) -> Int {
        isGSM7Characters(text) ? text.reduce(0) { $0 + (septets($1) ?? 0) } : text.utf16.count
    }

    /// Whether each of `text`'s Unicode scalars is a character of its own, from the ranges where GSM-7's alphabet and
    /// `plainCharacters` live (Latin up to U+02FF but the carriage return, which joins a line feed; Greek capitals;
    /// U+2010 to U+2026; the euro sign). Such text is walked by its scalars: grapheme breaking and hashing
    /// characters are most of what fitting an SMS costs. `SMSTextTests` holds each scalar to being a character alone.
    static func isScalarWise(_ text: String) -> Bool {
        if isASCII(text, orCarriageReturn: true) { return true }
        if isASCII(text) { return false }  // ASCII with a carriage return
        return text.unicodeScalars.allSatisfy { isScalarWise($0.value) }
    }

    /// Whether `text` is ASCII (and, with `orCarriageReturn`, holds no carriage return either), read off its bytes
    /// eight at a time (the checks above run over each message several times; a walk of its `utf8` view costs
    /// several instructions a byte).
    static func isASCII(_ text: String, orCarriageReturn: Bool = false) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            var index = 0
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & highs != 0 { return false }
                if orCarriageReturn {
                    let matched = word ^ (ones &* 0x0D)  // a zero byte where the word has a carriage return
                    if (matched &- ones) & ~matched & highs != 0 { return false }
                }
                index += 8
            }
            while index < bytes.count {
                if bytes[index] >= 0x80 || orCarriageReturn && bytes[index] == 0x0D { return false }
                index += 1
            }
            return true
        } ?? text.utf8.allSatisfy { $0 < 0x80 && !(orCarriageReturn && $0 == 0x0D) }
    }

    /// Whether `value` is a scalar `isScalarWise(_:)` accepts.
    @inline(__always)
    static func isScalarWise(_ value: UInt32) -> Bool {
        (value < 0x300 && value != 0x0D) || (0x391...0x3A9).contains(value) || (0x2010...0x2026).contains(value) || value == 0x20AC
    }

    /// The septets of each scalar below U+0400 in GSM-7 (0: none), and of the euro sign.
    private static let lowSeptets: [UInt8] = (0..<0x400).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return 0 }
        return UInt8(septets(Character(scalar)) ?? 0)
    }

    /// The septets of a scalar `isScalarWise(_:)` accepts (0: none).
    @inline(__always)
    private static func scalarSeptets(_ value: UInt32) -> UInt8 {
        value < 0x400 ? lowSeptets[Int(value)] : value == 0x20AC ? 2 : 0
    }

    /// `text` folded and cut to fit one message: by its bytes when it is ASCII (nearly every message, and the
    /// character walk is most of an SMS's cost), else by its characters. `SMSTextTests` holds the two equal.
    public static func fit(_ text: String) -> String {
        fitASCII(text) ?? fitCharacters(text)
    }

    /// The septets of each ASCII byte in GSM-7 (0: none).
    private static let asciiSeptets: [UInt8] = (0..<128).map { byte in
        UInt8(septets(Character(Unicode.Scalar(UInt8(byte)))) ?? 0)
    }

    /// `fit` for ASCII text, on its bytes; `nil` when `text` is not ASCII. ASCII white space is what
    /// `Character.isWhitespace` says of it: tab to carriage return, and space.
    static func fitASCII(_ text: String, gsm encoding: Bool? = nil, limit room: Int? = nil) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var words: [(start: Int, end: Int, septets: Int)] = []
            var gsm = true
            var start = -1, septetCount = 0
            let table = asciiSeptets
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    if start >= 0 { words.append((start, index, septetCount)) }
                    start = -1
                    continue
                }
                if start < 0 { start = index; septetCount = 0 }
                let septets = Int(table[Int(byte)])
                if septets == 0 { gsm = false } else { septetCount += septets }
            }
            if start >= 0 { words.append((start, bytes.count, septetCount)) }
            gsm = encoding ?? gsm
            func size(_ word: (start: Int, end: Int, septets: Int)) -> Int { gsm ? word.septets : word.end - word.start }
            func text(_ word: (start: Int, end: Int, septets: Int)) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[word.start..<word.end])
            }
            let limit = room ?? (gsm ? 160 : 70)
            let total = words.reduce(0) { $0 + size($1) } + max(0, words.count - 1)
            var out: [UInt8] = []
            out.reserveCapacity(min(bytes.count, limit + 3))
            guard total > limit else {
                for (number, word) in words.enumerated() {
                    if number > 0 { out.append(0x20) }
                    out.append(contentsOf: text(word))
                }
                return String(decoding: out, as: UTF8.self)
            }
            let room = limit - (gsm ? 3 : 1)
            var used = 0
            for word in words {
                let next = used + (out.isEmpty ? 0 : 1) + size(word)
                if next > room { break }
                if !out.isEmpty { out.append(0x20) }
                out.append(contentsOf: text(word))
                used = next
            }
            if out.isEmpty, let first = words.first {  // one word longer than the message: cut inside it
                for byte in text(first) {
                    let cost = gsm ? Int(table[Int(byte)]) : 1
                    if used + cost > room { break }
                    out.append(byte)
                    used += cost
                }
            }
            while let last = out.last, last == UInt8(ascii: ".") || last == UInt8(ascii: ",") || last == UInt8(ascii: ";")
                    || last == UInt8(ascii: ":") { out.removeLast() }
            return String(decoding: out, as: UTF8.self) + (gsm ? "..." : "…")
        }
    }

    /// Characters GSM-7 lacks, and the plain ones a reader takes for them: typographic quotes, dashes and ellipses,
    /// and the no-break space. Letters are never made plain: a Spanish or Portuguese text keeps its accents and is
    /// sent in UCS-2 (`fitDocument` counts its budget so).
    public static let plainCharacters: [Character: String] = [
        "\u{2018}": "'", "\u{2019}": "'", "\u{201A}": "'", "\u{201B}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
        "\u{201E}": "\"", "\u{2010}": "-", "\u{2011}": "-", "\u{2012}": "-", "\u{2013}": "-", "\u{2014}": "-",
        "\u{2015}": "-", "\u{2026}": "...", "\u{00A0}": " ",
    ]

    /// `text` with its typographic quotes, dashes and ellipses made plain (`’` → `'`, `–` → `-`, `…` → `...`) when
    /// that alone makes it GSM-7, which fits 160 characters to a
    /// message where UCS-2 fits 70; else `text` itself. Review reports it (`sms.plain`).
    public static func plainIfGSM7(_ text: String) -> String {
        // ASCII text has nothing to make plain (nearly every English message): no walk over its characters.
        guard !isASCII(text), !isGSM7(text) else { return text }
        guard isScalarWise(text) else { return plainIfGSM7Characters(text) }
        var plain: [UInt8] = []
        plain.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 {
                plain.append(UInt8(scalar.value))
            } else if let replacement = plainScalars[scalar.value] {
                plain.append(contentsOf: replacement.utf8)
            } else {
                UTF8.encode(scalar) { plain.append($0) }
            }
        }
        let made = String(decoding: plain, as: UTF8.self)
        return isGSM7(made) ? made : text
    }

    /// `plainCharacters` by scalar (each of its characters is one scalar).
    private static let plainScalars: [UInt32: String] = Dictionary(uniqueKeysWithValues: plainCharacters.map { character, text in
        (character.unicodeScalars.first!.value, text)
    })

    /// `plainIfGSM7` by characters, for any text: the reference of the scalar path.
    static func plainIfGSM7Characters(_ text: String) -> String {
        guard !isGSM7Characters(text) else { return text }
        var plain = ""
        plain.reserveCapacity(text.utf8.count)
        for character in text {
            if let replacement = plainCharacters[character] { plain += replacement } else { plain.append(character) }
        }
        return isGSM7Characters(plain) ? plain : text
    }

    /// `fit` by characters, for any text (the reference `fitASCII` is held to). One pass over the characters: each
    /// word's length in both encodings is counted once. `gsm` and `limit`, when given, stand for the message this
    /// text is the start of.
    static func fitCharacters(_ text: String, gsm encoding: Bool? = nil, limit room: Int? = nil) -> String {
        var words: [(text: Substring, septets: Int, units: Int)] = []
        var gsm = true
        var start: String.Index?
        var septetCount = 0, unitCount = 0
        for index in text.indices {
            let character = text[index]
            if character.isWhitespace {
                if let begin = start { words.append((text[begin..<index], septetCount, unitCount)) }
                start = nil
                continue
            }
            if start == nil { start = index; septetCount = 0; unitCount = 0 }
            if let septets = septets(character) { septetCount += septets } else { gsm = false }
            unitCount += character.utf16.count
        }
        if let begin = start { words.append((text[begin...], septetCount, unitCount)) }
        gsm = encoding ?? gsm
        func size(_ word: (text: Substring, septets: Int, units: Int)) -> Int { gsm ? word.septets : word.units }
        let limit = room ?? (gsm ? 160 : 70)
        let total = words.reduce(0) { $0 + size($1) } + max(0, words.count - 1)
        guard total > limit else { return words.map(\.text).joined(separator: " ") }
        let ellipsis = gsm ? "..." : "…"
        let room = limit - (gsm ? 3 : 1)
        var cut = ""
        var used = 0
        for word in words {
            let next = used + (cut.isEmpty ? 0 : 1) + size(word)
            if next > room { break }
            if !cut.isEmpty { cut += " " }
            cut += word.text
            used = next
        }
        if cut.isEmpty, let first = words.first {  // one word longer than the message: cut inside it
            for character in first.text {
                let cost = gsm ? (septets(character) ?? 0) : character.utf16.count
                if used + cost > room { break }
                cut.append(character)
                used += cost
            }
        }
        while let last = cut.last, ".,;:".contains(last) { cut.removeLast() }
        return cut + ellipsis
    }
}
