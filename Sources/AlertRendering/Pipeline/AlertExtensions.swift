import AlertModel
import AlertPresentation
import Foundation

/// What a host adds to AlertKit in Swift: presenters (for an alert type, or for one match type of CyberAgent alerts)
/// and emitters (formats of its own). A value, built once at start: `AlertKitCommand.start(with:)` hands it to every
/// command and to the server, and `pipeline(templates:context:)` builds a library pipeline from it.
///
/// ```swift
/// var extensions = AlertExtensions()
/// extensions.register(LoyaltyPresenter(), for: MatchType(code: "IDLOYALTY"))
/// extensions.register(CSVEmitter())
/// ```
public struct AlertExtensions: Sendable {
    /// The presenters by alert type: AlertKit's, with what was registered.
    public var presenters: PresenterRegistry
    /// The emitters registered, in order; each is added after the templates, so it wins over a template of its name.
    public private(set) var emitters: [any AlertEmitter]

    /// AlertKit's presenters (`PresenterRegistry.standard`) and no emitter of the host's.
    public init(presenters: PresenterRegistry = .standard, emitters: [any AlertEmitter] = []) {
        self.presenters = presenters
        self.emitters = emitters
    }

    /// Registers (or replaces) the presenter of an alert type.
    public mutating func register(_ presenter: any AlertPresenting, for type: AlertType) {
        presenters.register(presenter, for: type)
    }

    /// Registers the presenter of one match type of CyberAgent alerts, in the CyberAgent presenter registered (AlertKit's
    /// unless one was registered for `.cyberAgent`). A code outside the contract (`IDLOYALTY`) is then accepted by the
    /// decoder without a warning, and its events shown as the presenter says in every format.
    public mutating func register(_ presenter: any LeakPresenting, for match: MatchType) {
        var cyberAgent = presenters.presenter(for: .cyberAgent) as? CyberAgentPresenter ?? CyberAgentPresenter()
        cyberAgent.register(presenter, for: match)
        presenters.register(cyberAgent, for: .cyberAgent)
    }

    /// Registers an emitter: a format of its own, or one that replaces a format of the same name.
    public mutating func register(_ emitter: any AlertEmitter) {
        emitters.append(emitter)
    }

    /// Every format: AlertKit's (`FormatRegistry.standard(templates:)`, with the templates of `folders`), then the
    /// registered emitters.
    public func formats(templates folders: [URL] = []) throws(TemplateError) -> FormatRegistry {
        var registry = folders.isEmpty ? FormatRegistry.standard : try FormatRegistry.standard(templates: folders)
        for emitter in emitters { registry.register(emitter) }
        return registry
    }

    /// A pipeline with these presenters and formats, the templates of `folders` and `context`.
    public func pipeline(templates folders: [URL] = [], decoder: AlertDecoder = AlertDecoder(),
                         context: PresentationContext = PresentationContext()) throws(TemplateError) -> AlertPipeline {
        AlertPipeline(decoder: decoder, presenters: presenters, context: context, formats: try formats(templates: folders))
    }
}
