import AlertJSON
import AlertModel
import AlertPresentation
import Foundation

/// The view model itself as JSON, actions and popups included, for native clients to lay out.
public struct JSONEmitter: AlertEmitter {
    /// The shared sections' JSON by what they hold: 768 entries (the 1-million feed's advice in use fits; 1,024 took its
    /// peak memory to 72 MB).
    private let cache = BoundedCache<JSONSectionKey, [SharedRun]>(limit: 768)

    /// Creates the emitter.
    public init() {}

    /// `json`, `application/json`.
    public let format = OutputFormat(name: "json", mediaType: "application/json", fileExtension: "json",
                                     summary: "the view model (with actions and popups) as JSON")

    /// Pretty-printed JSON with sorted keys; one line when `fragment` is set. Every string is as in the view, and
    /// control characters (`ControlCharacters`) are escaped, so printing the document cannot drive a terminal.
    public func render(_ view: AlertView, options: RenderOptions) throws -> String {
        String(decoding: try renderDocument(view, options: options).bytes, as: UTF8.self)
    }

    /// The view model's JSON, its actions, help, steps, risks and sources (the same for every alert with the same
    /// advice) held as shared runs, written once per kind of advice.
    public func renderDocument(_ view: AlertView, options: RenderOptions) throws -> RenderedDocument {
        let pretty = !options.fragment
        let (advice, controls) = DocumentLayout.sharedKeys(view)
        // Two look-ups: the actions and help by the controls' key (nearly every alert shares them), the rest by the
        // advice's; each key's comparison costs more than a section's run.
        let shared = cache.value(for: JSONSectionKey(blocks: controls, pretty: pretty)) {
            [JSONViewWriter.section(.actions, of: view, pretty: pretty), JSONViewWriter.section(.help, of: view, pretty: pretty)]
        }
        let own = cache.value(for: JSONSectionKey(blocks: advice, pretty: pretty)) {
            [.nextSteps, .risks, .sources].map { JSONViewWriter.section($0, of: view, pretty: pretty) }
        }
        let sections = JSONSections(actions: shared[0], help: shared[1], nextSteps: own[0], risks: own[1], sources: own[2])
        if let document = JSONViewWriter.document(of: view, pretty: pretty, sections: sections, newline: true) { return document }
        return RenderedDocument(bytes: Array(try Self.encoded(view, options: options).utf8))
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
