import AlertRendering
import ArgumentParser
import Foundation

/// `--fragment`, `--width` and `--date`, shared by `render` and `batch`: the document choices that reach every
/// emitter as `RenderOptions`, read the same way as the service's `fragment`, `width` and `date` parameters.
struct DocumentFlags: ParsableArguments {
    @Flag(help: "HTML: only the alert's markup, to embed in another page.")
    var fragment = false

    @Option(help: ArgumentHelp("Text: the column to wrap at, 20 to 1000.", valueName: "columns"))
    var width: Int = 72

    @Option(help: ArgumentHelp("The moment the documents are made, as RFC 3339 (2026-11-25T09:30:00Z): the email's "
                               + "Date follows from it (default: SOURCE_DATE_EPOCH when set, else the moment "
                               + "each is made; pin it for reproducible output).", valueName: "date-time"))
    var date: String?

    func validate() throws {
        guard RenderOptions.textWidths.contains(width) else {
            throw ValidationError("--width takes \(RenderOptions.textWidths.lowerBound) to \(RenderOptions.textWidths.upperBound), not \(width)")
        }
        if let date, RenderOptions.date(date) == nil {
            throw ValidationError("--date takes an RFC 3339 date-time such as 2026-11-25T09:30:00Z, not \"\(date)\"")
        }
        if let epoch = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], Self.sourceDate(epoch) == nil {
            throw ValidationError("SOURCE_DATE_EPOCH takes a whole number of seconds since 1970-01-01 UTC, not \"\(epoch)\"")
        }
    }

    /// `SOURCE_DATE_EPOCH` (reproducible-builds.org): ASCII digits, seconds since 1970-01-01 UTC; `nil` otherwise.
    static func sourceDate(_ text: String) -> Date? {
        guard (1...12).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seconds = Int(text) else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The options every emitter gets (the pipeline sets the document size limit from its decoder's limits).
    var options: RenderOptions {
        RenderOptions(fragment: fragment, textWidth: width,
                      date: date.flatMap(RenderOptions.date)
                          ?? ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap(Self.sourceDate))
    }
}
