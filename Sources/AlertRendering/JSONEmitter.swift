import AlertModel
import AlertPresentation
import Foundation

/// The view model itself as JSON, actions and popups included, for native clients to lay out.
public struct JSONEmitter: AlertEmitter {
    /// Creates the emitter.
    public init() {}

    /// `json`, `application/json`.
    public let format = OutputFormat(name: "json", mediaType: "application/json", fileExtension: "json",
                                     summary: "the view model (with actions and popups) as JSON")

    /// Pretty-printed JSON with sorted keys; one line when `fragment` is set. Every string is as in the view, and
    /// control characters (`ControlCharacters`) are escaped, so printing the document cannot drive a terminal.
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        if let json = JSONViewWriter.json(of: view, pretty: !options.fragment) { return json + "\n" }
        return try Self.encoded(view, options: options)
    }

    /// The same document through `JSONEncoder`: what `JSONViewWriter` matches, and the fallback when it cannot.
    static func encoded(_ view: AlertView, options: RenderOptions) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = options.fragment ? [.sortedKeys, .withoutEscapingSlashes]
                                                    : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // DEL, C1 and bidirectional controls stand raw in JSONEncoder's strings: escape them too.
        return ControlCharacters.escapedInJSON(String(decoding: try encoder.encode(view), as: UTF8.self)) + "\n"
    }
}
