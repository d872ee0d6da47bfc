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
    /// The catalog and presentation options.
    public var context: PresentationContext
    /// Emitters by format name.
    public var formats: FormatRegistry

    /// Creates a pipeline; every part defaults to AlertKit's standard one. The decoder accepts, without a warning,
    /// the codes outside the contract that `presenters` handle (a match type registered in `CyberAgentPresenter`).
    public init(decoder: AlertDecoder = AlertDecoder(), presenters: PresenterRegistry = .standard,
                context: PresentationContext = PresentationContext(), formats: FormatRegistry = .standard) {
        var decoder = decoder
        decoder.recognizedCodes.formUnion(presenters.recognizedCodes)
        self.decoder = decoder
        self.presenters = presenters
        self.context = context
        self.formats = formats
    }

    /// A rendered document and the warnings its alert raised.
    public struct Output: Sendable, Hashable {
        /// The document.
        public var document: String
        /// What the alert holds that was accepted but not understood.
        public var warnings: [ValidationIssue]
    }

    /// Decodes, presents and renders one alert's JSON.
    public func render(_ json: some Collection<UInt8>, format: String,
                       options: RenderOptions = .default) throws -> Output {
        let emitter = try formats.emitter(named: format)
        let decoded = try decoder.decode(json)
        let view = presenters.present(decoded.alert, in: context)
        let options = limited(options)
        let document = try emitter.render(view, options: options)
        guard document.utf8.count <= options.maxDocumentBytes else {
            throw RenderLimitError.documentTooLarge(limit: options.maxDocumentBytes)
        }
        return Output(document: document, warnings: decoded.warnings)
    }

    /// `options` with the document size limit of the decoder's limits (`AlertLimits.maxDocumentBytes`), which the
    /// pipeline holds for every document it renders.
    public func limited(_ options: RenderOptions) -> RenderOptions {
        var options = options
        options.maxDocumentBytes = decoder.limits.maxDocumentBytes
        return options
    }

    /// The view of one alert's JSON.
    public func view(_ json: some Collection<UInt8>) throws(AlertDecodingError) -> AlertView {
        presenters.present(try decoder.decode(json).alert, in: context)
    }
}
