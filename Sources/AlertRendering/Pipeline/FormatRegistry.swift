/// The output formats by name: a table, not a switch. `standard` has every format AlertKit ships: the four written in
/// Swift (`builtIn`: html, markdown, text, json) and the shipped templates' (email, slack, sms, push, teams).
public struct FormatRegistry: Sendable {
    private var emitters: [String: any AlertEmitter] = [:]
    private var aliases: [String: String] = [:]
    /// Templates that were not registered at all (one named like a built-in format), with why.
    private var refused: [TemplateError] = []
    /// What `TemplateChecker` finds in each template format's files (a name not in the context, an unknown
    /// transform), by format name.
    private var unresolved: [String: [TemplateError]] = [:]

    /// Creates a registry holding `emitters`.
    public init(_ emitters: [any AlertEmitter] = []) {
        for emitter in emitters { register(emitter) }
    }

    /// The formats written in Swift: HTML, Markdown, plain text and JSON. A template cannot take their names.
    public static let builtIn = FormatRegistry([HTMLEmitter(), MarkdownEmitter(), TextEmitter(), JSONEmitter()])

    /// Every format AlertKit ships: `builtIn` and the shipped templates (`standard(templates: [])`), so a presenter
    /// registered in Swift reaches email, Slack, SMS, push and Teams too. Should the shipped templates be missing
    /// (a binary copied without its resources), `problems` says so and the built-in formats remain.
    public static let standard: FormatRegistry = {
        do throws(TemplateError) { return try standard(templates: []) } catch {
            var registry = builtIn
            registry.refuse(error)
            return registry
        }
    }()

    /// Adds (or replaces) an emitter under its format's name and aliases.
    public mutating func register(_ emitter: any AlertEmitter) {
        emitters[emitter.format.name] = emitter
        unresolved[emitter.format.name] = nil  // what a replaced template lacked is no longer this format's
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

    /// The registered formats that do not load (`BrokenFormat`), by name: each fails with its error, the others
    /// render as usual.
    public var broken: [BrokenFormat] {
        emitters.values.compactMap { $0 as? BrokenFormat }.sorted { $0.format.name < $1.format.name }
    }

    /// What went wrong loading templates: each broken format's error, then each template that was refused a name.
    public var problems: [TemplateError] { broken.map(\.error) + refused }

    /// Records a template that was not registered, and why (`problems` lists it).
    mutating func refuse(_ error: TemplateError) { refused.append(error) }

    /// What the templates of the format `name` use that resolves to nothing (a name not in their context, a transform
    /// swift-mustache does not have), each with its file, line and column: rendered as empty text. The command line
    /// warns of the first and, with `--strict`, refuses the format.
    public func unresolvedNames(of name: String) -> [TemplateError] {
        unresolved[aliases[name.lowercased()] ?? name.lowercased()] ?? []
    }

    /// Records what `unresolvedNames(of:)` gives for `name`.
    mutating func setUnresolved(_ problems: [TemplateError], for name: String) { unresolved[name] = problems }

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
