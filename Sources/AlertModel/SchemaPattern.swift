import Foundation

/// A compiled `pattern` keyword. `NSRegularExpression` is immutable and documented as safe to share
/// between threads, which is what makes this `Sendable`.
final class SchemaPattern: @unchecked Sendable {
    let source: String
    private let regex: NSRegularExpression

    init(_ source: String) throws {
        self.source = source
        regex = try NSRegularExpression(pattern: source)
    }

    func matches(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: range) != nil
    }
}
