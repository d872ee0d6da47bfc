/// Fits text into one SMS: white space folded, at most 160 characters when every one is in the GSM 03.38 alphabet
/// (its extension characters `^{}\[~]|€` count twice), else at most 70 (UCS-2). Longer text is cut at a word and
/// ends with an ellipsis (`...` in GSM-7, `…` in UCS-2).
public enum SMSText {
    /// The GSM 03.38 basic alphabet.
    static let basic: Set<Character> = Set(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà")
    /// The extension table: each takes two septets.
    static let extended: Set<Character> = Set("^{}\\[~]|€")

    /// Whether `text` can be sent in GSM-7.
    public static func isGSM7(_ text: String) -> Bool {
        text.allSatisfy { basic.contains($0) || extended.contains($0) }
    }

    /// The length `text` takes in its encoding: septets in GSM-7, UTF-16 code units in UCS-2.
    public static func length(_ text: String) -> Int {
        isGSM7(text) ? text.reduce(0) { $0 + (extended.contains($1) ? 2 : 1) } : text.utf16.count
    }

    /// `text` folded and cut to fit one message.
    public static func fit(_ text: String) -> String {
        let folded = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let gsm = isGSM7(folded)
        let limit = gsm ? 160 : 70
        guard length(folded) > limit else { return folded }
        let ellipsis = gsm ? "..." : "…"
        let room = limit - length(ellipsis)
        var cut = ""
        for word in folded.split(separator: " ") {
            let next = cut.isEmpty ? String(word) : cut + " " + word
            if length(next) > room { break }
            cut = next
        }
        if cut.isEmpty {  // one word longer than the message: cut inside it
            for character in folded where length(cut + String(character)) <= room { cut.append(character) }
        }
        while let last = cut.last, ".,;:".contains(last) { cut.removeLast() }
        return cut + ellipsis
    }
}
