import AlertJSON
import AlertModel
import AlertPresentation

/// The whole pipeline in one value: decode and validate, present, emit. What the command line uses,
/// and the simplest way to embed AlertKit.
public struct AlertPipeline: Sendable {
    /// Reads and validates alerts.
    public var decoder: AlertDecoder
    /// Presenters by alert type.
    public var presenters: PresenterRegistry
    /// The catalog and presentation options. The decoder accepts the codes its catalog defines
    /// (`ContentCatalog.definedCodes`) without a warning.
    public var context: PresentationContext {
        get { presentation }
        set {
            presentation = newValue
            decoder.recognizedCodes.formUnion(newValue.catalog.definedCodes)
        }
    }
    /// The presentation options alone (reveal, urgency, help line): setting them keeps the catalog, so the decoder's
    /// codes are left as they are. What a service sets per request on a pipeline it keeps per locale.
    public var options: PresentationOptions {
        get { presentation.options }
        set { presentation.options = newValue }
    }
    private var presentation: PresentationContext
    /// Emitters by format name.
    public var formats: FormatRegistry

    /// Creates a pipeline; every part defaults to AlertKit's standard one. The decoder accepts, without a warning,
    /// the codes outside the contract that `presenters` handle (a match type registered in `CyberAgentPresenter`)
    /// and those the catalog defines (a match type with `data`, a category with words).
    public init(decoder: AlertDecoder = AlertDecoder(), presenters: PresenterRegistry = .standard,
                context: PresentationContext = PresentationContext(), formats: FormatRegistry = .standard) {
        var decoder = decoder
        decoder.recognizedCodes.formUnion(presenters.recognizedCodes)
        decoder.recognizedCodes.formUnion(context.catalog.definedCodes)
        self.decoder = decoder
        self.presenters = presenters
        self.presentation = context
        self.formats = formats
    }

    /// A rendered document and the warnings its alert raised.
    public struct Output: Sendable, Hashable {
        /// The document.
        public var document: String
        /// What the alert holds that was accepted but not understood.
        public var warnings: [ValidationIssue]
    }

    /// Decodes, presents and renders one alert's JSON, as text (`document(_:emitter:options:)` gives the bytes).
    public func render(_ json: some Collection<UInt8>, format: String,
                       options: RenderOptions = .default) throws -> Output {
        let rendered = try document(json, emitter: try formats.emitter(named: format), options: options)
        return Output(document: String(decoding: rendered.document.bytes, as: UTF8.self), warnings: rendered.warnings)
    }

    /// The one path from an alert's JSON to its document, which `alertkit render`, `alertkit batch` and the service
    /// all take: decode and validate (`AlertDecodingError`), present, emit within the document limits
    /// (`RenderLimitError`). The document is bytes, as it is written; the warnings are what the alert holds that
    /// was accepted but not understood.
    public func document(_ json: some Collection<UInt8>, emitter: any AlertEmitter,
                         options: RenderOptions = .default) throws -> (document: RenderedDocument, warnings: [ValidationIssue]) {
        let presented = try present(json)
        return (try emit(presented.view, with: emitter, options: options), presented.warnings)
    }

    /// The first half of `document(_:emitter:options:)`: the alert's view and its warnings, for a caller that looks
    /// at the view before emitting it (a batch that keeps only urgent alerts).
    public func present(_ json: some Collection<UInt8>) throws(AlertDecodingError) -> (view: AlertView, warnings: [ValidationIssue]) {
        let decoded = try decoder.decode(json)
        return (present(decoded), decoded.warnings)
    }

    /// The view of an alert already decoded (by this pipeline's decoder, or one that knows the same codes): what a
    /// caller that decodes once for several pipelines (`RecordFanOut`, one a locale) presents with each.
    public func present(_ decoded: DecodedAlert) -> AlertView {
        presenters.present(decoded.alert, in: context)
    }

    /// The second half: `view` through `emitter`, held to the decoder's document size limit and fitted into the
    /// limits of the emitter's receiver (`AlertEmitter.receiverLimits`): a document over one is made again with its
    /// long texts cut at a word and, if need be, only its first details and the number of the rest; what was done
    /// is the document's `fit`. One that cannot fit throws `RenderLimitError.overReceiverLimit`.
    public func emit(_ view: AlertView, with emitter: any AlertEmitter, options: RenderOptions) throws -> RenderedDocument {
        let options = limited(options)
        let document = try Self.sized(emitter.renderDocument(view, options: options), options)
        let limits = emitter.receiverLimits
        guard !limits.isEmpty else { return document }
        let findings = limits.check(document)
        guard !findings.isEmpty else { return document }
        return try DocumentFitter(emitter: emitter, options: options, limits: limits, catalog: context.catalog)
            .fit(view, findings: findings, document: document)
    }

    /// `document`, held to `options`' document size limit.
    static func sized(_ document: RenderedDocument, _ options: RenderOptions) throws(RenderLimitError) -> RenderedDocument {
        guard document.count <= options.maxDocumentBytes else {
            throw RenderLimitError.documentTooLarge(limit: options.maxDocumentBytes)
        }
        return document
    }

    /// `options` with the document size limit of the decoder's limits (`AlertLimits.maxDocumentBytes`), which the
    /// pipeline holds for every document it renders, and the catalog's product settings (`RenderOptions.product`).
    public func limited(_ options: RenderOptions) -> RenderOptions {
        var options = options
        options.maxDocumentBytes = decoder.limits.maxDocumentBytes
        options.product = context.catalog.product
        return options
    }

    /// The view of one alert's JSON.
    public func view(_ json: some Collection<UInt8>) throws(AlertDecodingError) -> AlertView {
        presenters.present(try decoder.decode(json).alert, in: context)
    }
}
