/// The output formats by name: a table, not a switch. `standard` has html, markdown, text and json.
public struct FormatRegistry: Sendable {
    private var emitters: [String: any AlertEmitter] = [:]
    private var aliases: [String: String] = [:]

    /// Creates a registry holding `emitters`.
    public init(_ emitters: [any AlertEmitter] = []) {
        for emitter in emitters { register(emitter) }
    }

    /// HTML, Markdown, plain text and JSON.
    public static let standard = FormatRegistry([HTMLEmitter(), MarkdownEmitter(), TextEmitter(), JSONEmitter()])

    /// Adds (or replaces) an emitter under its format's name and aliases.
    public mutating func register(_ emitter: any AlertEmitter) {
        emitters[emitter.format.name] = emitter
        for alias in emitter.format.aliases { aliases[alias] = emitter.format.name }
    }

    /// The emitter for a format name or alias.
    public func emitter(named name: String) throws(UnknownFormatError) -> any AlertEmitter {
        let key = name.lowercased()
        guard let emitter = emitters[aliases[key] ?? key] else {
            throw UnknownFormatError(name: name, known: formats.map(\.name))
        }
        return emitter
    }

    /// Every registered format, by name.
    public var formats: [OutputFormat] {
        emitters.values.map(\.format).sorted { $0.name < $1.name }
    }
}

/// A format name that no emitter is registered under.
public struct UnknownFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name asked for.
    public var name: String
    /// The names that are registered.
    public var known: [String]

    /// `unknown format "x"; known formats: html, json, markdown, text`.
    public var description: String {
        "unknown format \"\(name)\"; known formats: \(known.joined(separator: ", "))"
    }
}
