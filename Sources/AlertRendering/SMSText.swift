/// Fits text into one SMS: white space folded, at most 160 characters when every one is in the GSM 03.38 alphabet
/// (its extension characters `^{}\[~]|€` count twice), else at most 70 (UCS-2). Longer text is cut at a word and
/// ends with an ellipsis (`...` in GSM-7, `…` in UCS-2).
public enum SMSText {
    /// The GSM 03.38 basic alphabet.
    static let basic: Set<Character> = Set(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà")
    /// The extension table: each takes two septets.
    static let extended: Set<Character> = Set("^{}\\[~]|€")

    /// The septets a character takes in GSM-7 (1, or 2 for the extension table), or `nil` if it has none.
    static func septets(_ character: Character) -> Int? {
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return nil }
        if basicScalars.contains(scalar.value) { return 1 }
        return extendedScalars.contains(scalar.value) ? 2 : nil
    }

    private static let basicScalars: Set<UInt32> = Set(basic.flatMap { $0.unicodeScalars.map(\.value) })
    private static let extendedScalars: Set<UInt32> = Set(extended.flatMap { $0.unicodeScalars.map(\.value) })

    /// Whether `text` can be sent in GSM-7.
    public static func isGSM7(_ text: String) -> Bool {
        text.allSatisfy { septets($0) != nil }
    }

    /// The length `text` takes in its encoding: septets in GSM-7, UTF-16 code units in UCS-2.
    public static func length(_ text: String) -> Int {
        isGSM7(text) ? text.reduce(0) { $0 + (septets($1) ?? 0) } : text.utf16.count
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
    static func fitASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var words: [(start: Int, end: Int, septets: Int)] = []
            var gsm = true
            var start = -1, septetCount = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    if start >= 0 { words.append((start, index, septetCount)) }
                    start = -1
                    continue
                }
                if start < 0 { start = index; septetCount = 0 }
                let septets = Int(asciiSeptets[Int(byte)])
                if septets == 0 { gsm = false } else { septetCount += septets }
            }
            if start >= 0 { words.append((start, bytes.count, septetCount)) }
            func size(_ word: (start: Int, end: Int, septets: Int)) -> Int { gsm ? word.septets : word.end - word.start }
            func text(_ word: (start: Int, end: Int, septets: Int)) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[word.start..<word.end])
            }
            let limit = gsm ? 160 : 70
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
                    let cost = gsm ? Int(asciiSeptets[Int(byte)]) : 1
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

    /// `fit` by characters, for any text (the reference `fitASCII` is held to). One pass over the characters: each
    /// word's length in both encodings is counted once.
    static func fitCharacters(_ text: String) -> String {
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
        func size(_ word: (text: Substring, septets: Int, units: Int)) -> Int { gsm ? word.septets : word.units }
        let limit = gsm ? 160 : 70
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
