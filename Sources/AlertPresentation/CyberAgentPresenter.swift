import AlertModel

/// Presents CyberAgent alerts: each event by the presenter registered for its match type,
/// with the catalog's words for that type (its generic words for types it has none for).
public struct CyberAgentPresenter: AlertPresenting {
    private var leakPresenters: [String: any LeakPresenting]
    private let fallback: any LeakPresenting

    /// Creates the presenter with the standard detail for every match type, and advice by issuing country for
    /// passports (`PassportLeakPresenter`).
    public init(fallback: any LeakPresenting = StandardLeakPresenter()) {
        leakPresenters = [MatchKind.passport.rawValue: PassportLeakPresenter()]
        self.fallback = fallback
    }

    /// Registers a detail presenter for one match code, e.g. `IDCCN`, or a code outside the contract, e.g.
    /// `IDLOYALTY`, which the decoder of a pipeline built with this presenter then accepts without a warning.
    public mutating func register(_ presenter: any LeakPresenting, for match: MatchType) {
        leakPresenters[match.code] = presenter
    }

    /// The match codes outside the contract that have a registered presenter.
    public var recognizedCodes: Set<String> {
        Set(leakPresenters.keys.filter { MatchKind(rawValue: $0) == nil })
    }

    /// The view of a CyberAgent alert.
    public func present(_ alert: Alert, in context: PresentationContext) -> AlertView {
        guard case .cyberAgent(let events) = alert.events else {
            return PresenterRegistry.standard.present(alert, in: context)
        }
        let generic = context.catalog.alertTypes[AlertType.cyberAgent.name]!.generic
        let entries = events.map { event in
            let presenter = leakPresenters[event.match.code] ?? fallback
            let topic = presenter.topic(for: event, base: context.catalog.matchTypes[event.match.code] ?? generic,
                                        in: context)
            let severity = presenter.severity(of: event, topic: topic) ?? topic.severity ?? Severity.of(event.match)
            let value = event.value ?? topic.data?.value(in: event.data)
            return ViewAssembler.Entry(topic: topic, severity: min(1, max(0, severity)),
                                       detail: presenter.detail(for: event, topic: topic, in: context),
                                       identity: value.map { event.match.code + "\u{0}" + Self.identity(of: $0) })
        }
        return ViewAssembler(context: context).view(of: alert, entries: entries)
    }

    /// What makes two leaked values the same: their letters and digits (and `@`, `.`, `+`), ASCII letters in lower
    /// case (`4111 1111` = `41111111`, `Ana@Example.org` = `ana@example.org`). Other characters count as they are.
    static func identity(of value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "@"),
                 UInt8(ascii: "."), UInt8(ascii: "+"), 0x80...: bytes.append(byte)
            default: continue
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
