extension SMSText {
    /// The parts an SMS may take unless its template says otherwise (`sms-segments=N` on its first line): two, which
    /// carry 306 GSM-7 characters or 134 UCS-2 ones and which every carrier joins into one message on the phone.
    public static let defaultSegments = 2

    /// The budgets a template may declare: one part to ten.
    public static let segmentBudgets = 1...10

    /// The most characters `segments` parts carry: one part alone 160 (GSM-7) or 70 (UCS-2); each part of a longer
    /// message 153 or 67, its concatenation header taking the rest (3GPP TS 23.040).
    public static func capacity(gsm: Bool, segments: Int) -> Int {
        segments <= 1 ? (gsm ? 160 : 70) : segments * (gsm ? 153 : 67)
    }

    /// The parts `text` (already folded) takes: in GSM-7 when every character has septets, else in UCS-2.
    public static func segments(_ text: String) -> Int {
        let gsm = isGSM7(text), count = length(text)
        let (single, each) = gsm ? (160, 153) : (70, 67)
        return count <= single ? 1 : (count + each - 1) / each
    }

    /// A `fit=sms` template's document as an SMS of at most `segments` parts. Each line is one or more sentences,
    /// in the order the template gives them; the last line (the product's app link and opt-out text) is kept whole
    /// when there is more than one. Sentences are kept whole, in order, while the message stays within its budget; one
    /// that does not fit is left out and the next tried. Only a first sentence longer than the whole budget is cut,
    /// at a word and with an ellipsis. Typographic punctuation is written plain when that keeps the message GSM-7;
    /// letters never are (a Spanish message keeps its accents in UCS-2, its budget counted in UCS-2).
    public static func fitDocument(_ document: String, segments: Int = defaultSegments) -> String {
        fitDocument(document, segments: segments, scalarWise: true)
    }

    /// `fitDocument`, walking scalars where `isScalarWise` allows when `scalarWise`; by characters (the reference)
    /// when not.
    static func fitDocument(_ document: String, segments: Int, scalarWise: Bool) -> String {
        let (plain, isGSM, measure) = scalarWise ? (plainIfGSM7, isGSM7, length)
            : (plainIfGSM7Characters, isGSM7Characters, lengthCharacters)
        var lines = document.split(whereSeparator: \.isNewline).map { line in
            scalarWise && isScalarWise(String(line))
                ? line.unicodeScalars.split(whereSeparator: TemplateEscaping.isWhitespace).map(String.init).joined(separator: " ")
                : line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { return "" }
        let tail = lines.count > 1 ? lines.removeLast() : ""
        func message(_ kept: [String]) -> String {
            plain((tail.isEmpty ? kept : kept + [tail]).joined(separator: " "))
        }
        func fits(_ text: String) -> Bool { measure(text) <= capacity(gsm: isGSM(text), segments: segments) }
        var kept: [String] = []
        for sentence in lines.flatMap(sentences) {
            if fits(message(kept + [sentence])) {
                kept.append(sentence)
            } else if kept.isEmpty {  // the first sentence alone is over the budget: cut at a word, the tail kept whole
                let whole = message([sentence]), gsm = isGSM(whole)
                let budget = capacity(gsm: gsm, segments: segments)
                let room = budget - (tail.isEmpty ? 0 : measure(plain(tail)) + 1)
                let body = plain(sentence)
                guard room > (gsm ? 3 : 1) else {
                    return fitASCII(whole, gsm: gsm, limit: budget) ?? fitCharacters(whole, gsm: gsm, limit: budget)
                }
                kept.append(fitASCII(body, gsm: gsm, limit: room) ?? fitCharacters(body, gsm: gsm, limit: room))
                break
            }
        }
        return message(kept)
    }

    /// The sentences of a folded line: it is split after a `.`, `!` or `?` followed by a space and a letter that
    /// starts a sentence (a capital, a digit, `¿`, `¡` or any letter past ASCII), so "e.g. this" stays one.
    static func sentences(_ line: String) -> [String] {
        let bytes = Array(line.utf8)
        var result: [String] = [], start = 0, index = 0
        while index + 2 < bytes.count {
            let byte = bytes[index], next = bytes[index + 2]
            if (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?")),
               bytes[index + 1] == UInt8(ascii: " "),
               (next >= UInt8(ascii: "A") && next <= UInt8(ascii: "Z")) || (next >= UInt8(ascii: "0") && next <= UInt8(ascii: "9"))
                || next >= 0x80 {
                result.append(String(decoding: bytes[start...index], as: UTF8.self))
                start = index + 2
                index += 2
                continue
            }
            index += 1
        }
        result.append(String(decoding: bytes[start...], as: UTF8.self))
        return result
    }
}
