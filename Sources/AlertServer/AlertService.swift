import AlertJSON
import AlertBatch
import AlertModel
import AlertPresentation
import AlertRendering
import Foundation
import Logging

/// What the server renders with, loaded once at start: a pipeline per locale (the decoder with the configured limits
/// and the codes the locale's catalog defines, the presenters, the formats with the templates, the locale's catalog).
/// Every request reads it; nothing in it changes while the server runs.
struct AlertService: Sendable {
    let configuration: ServerConfiguration
    /// The pipeline of each locale, with the default options; a request copies its locale's and sets its options.
    let pipelines: [String: AlertPipeline]
    /// The pipeline with no locale's catalog: the formats and the decoder for `/v1/validate`.
    let pipeline: AlertPipeline

    /// Loads the templates and every locale's catalog (the shipped ones and those of the templates folder), with the
    /// presenters and emitters of `extensions` and the configuration's product settings in every locale.
    init(configuration: ServerConfiguration, extensions: AlertExtensions = AlertExtensions()) throws {
        self.configuration = configuration
        let folders = configuration.templates.map { [URL(fileURLWithPath: $0)] } ?? []
        if let folder = configuration.templates {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ServerConfigurationError("\(folder): no such templates folder")
            }
        }
        let formats: FormatRegistry
        do { formats = try extensions.formats(templates: folders) } catch {
            throw ServerConfigurationError(error.description)
        }
        var locales = Set(ContentCatalog.shippedLocales)
        for folder in folders {
            let catalog = folder.appendingPathComponent("catalog")
            for file in (try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [] where file.hasSuffix(".json") {
                locales.insert(String(file.dropLast(".json".count)))
            }
        }
        pipeline = AlertPipeline(decoder: AlertDecoder(limits: configuration.limits), presenters: extensions.presenters,
                                 formats: formats)
        var pipelines: [String: AlertPipeline] = [:]
        for locale in locales {
            var catalog: ContentCatalog
            do { catalog = try ContentCatalog.load(locale: locale, folders: folders) } catch {
                throw ServerConfigurationError(error.description)
            }
            catalog.product = configuration.product.applied(to: catalog.product)
            catalog.product.alertKeys = configuration.alertKeys
            if catalog.product.unsubscribeNeedsSigner {
                throw ServerConfigurationError("the unsubscribe address \"\(catalog.product.unsubscribe)\" names "
                                               + "{alertKey}, which needs the deployment's secret in "
                                               + "ALERTKIT_UNSUBSCRIBE_SECRET: the key is an HMAC of the alert's id")
            }
            if let link = catalog.product.actionLinkNeedingSigner {
                throw ServerConfigurationError("the action link \"\(link)\" names {alertKey}, which needs the deployment's "
                                               + "secret in ALERTKIT_UNSUBSCRIBE_SECRET: the key is an HMAC of the alert's id")
            }
            var localized = pipeline
            localized.context = PresentationContext(catalog: catalog, options: PresentationOptions(helpLine: configuration.helpLine))
            pipelines[locale] = localized
        }
        self.pipelines = pipelines
    }

    /// The formats, templates included.
    var formats: FormatRegistry { pipeline.formats }

    /// Loads the service for `configuration` and checks it as the server does at start and at each reload: with
    /// `strict`, a template that does not load or uses a name its context does not have is an error; without it, each
    /// is a warning (`logWarnings`, once the service is the one served; the broken format answers 500).
    static func checked(_ configuration: ServerConfiguration, extensions: AlertExtensions) throws -> AlertService {
        let service = try AlertService(configuration: configuration, extensions: extensions)
        let unresolved = service.formats.formats.flatMap { service.formats.unresolvedNames(of: $0.name) }
        if configuration.strict, !service.formats.problems.isEmpty || !unresolved.isEmpty {
            throw ServerConfigurationError("--strict: templates that do not load or use what their context does not have: "
                                           + (service.formats.problems + unresolved).map(\.description).joined(separator: "; "))
        }
        return service
    }

    /// Logs what `checked` lets through without `strict`: each template that does not load, each that uses a name its
    /// context does not have. Called once the service is served (a reload that fails says nothing of what it found).
    func logWarnings(to logger: Logger) {
        let service = self
        for format in service.formats.formats {
            if let first = service.formats.unresolvedNames(of: format.name).first {
                logger.warning("a template uses what its context does not have; it renders as empty text",
                               metadata: ["format": "\(format.name)", "error": "\(first)"])
            }
        }
        for problem in service.formats.problems {
            logger.warning("a template does not load; its format answers 500 until it is fixed",
                           metadata: ["error": "\(problem)"])
        }
    }

    /// What a request asks for: the format and how to present.
    struct Request: Sendable {
        var emitter: any AlertEmitter
        /// The locale, one of `pipelines`' keys.
        var locale: String
        var presentation: PresentationOptions
        var options: RenderOptions
    }

    /// The request's options from its query: `format` (default html), `locale` (en), `fragment`, `threshold`,
    /// `reveal`.
    func request(format: String?, locale: String?, fragment: String?, threshold: String?, reveal: String?,
                 width: String? = nil, date: String? = nil) throws(ProblemDetails) -> Request {
        let name = format ?? "html"
        let emitter: any AlertEmitter
        do { emitter = try formats.emitter(named: name) } catch { throw ProblemDetails.unknownFormat(name, known: error.known) }
        if emitter is BrokenFormat { throw ProblemDetails.brokenFormat(emitter.format.name) }
        let localeName = locale ?? "en"
        guard var presentation = pipelines[localeName]?.options else {
            throw ProblemDetails.badParameter("locale", "no locale \"\(localeName)\"; known: \(pipelines.keys.sorted().joined(separator: ", "))")
        }
        let isFragment = try Self.flag("fragment", fragment)
        let reveals = try Self.flag("reveal", reveal)
        if reveals && !configuration.allowReveal { throw ProblemDetails.revealRefused }
        presentation.revealsSensitiveValues = reveals
        if let threshold {
            guard let value = Double(threshold), (0...1).contains(value) else {
                throw ProblemDetails.badParameter("threshold", "a number from 0 to 1, not \"\(threshold)\"")
            }
            presentation.urgency = UrgencyPolicy(threshold: value, enabled: presentation.urgency.enabled)
        }
        var options = RenderOptions(fragment: isFragment, maxDocumentBytes: configuration.limits.maxDocumentBytes,
                                    timeLimit: .milliseconds(Int64(configuration.renderTimeout * 1000)))
        if let width {
            guard let columns = Int(width), RenderOptions.textWidths.contains(columns) else {
                throw ProblemDetails.badParameter("width", "a whole number from \(RenderOptions.textWidths.lowerBound) to "
                                           + "\(RenderOptions.textWidths.upperBound), not \"\(width)\"")
            }
            options.textWidth = columns
        }
        if let date {
            guard let moment = RenderOptions.date(date) else {
                throw ProblemDetails.badParameter("date", "an RFC 3339 date-time such as 2026-11-25T09:30:00Z, not \"\(date)\"")
            }
            options.date = moment
        }
        return Request(emitter: emitter, locale: localeName, presentation: presentation, options: options)
    }

    private static func flag(_ name: String, _ value: String?) throws(ProblemDetails) -> Bool {
        switch value {
        case nil, "false", "0": return false
        case "true", "1": return true
        case let other?: throw ProblemDetails.badParameter(name, "true or false, not \"\(other)\"")
        }
    }

    /// One alert rendered: its document, or the problem to answer.
    func render(_ body: [UInt8], _ request: Request) throws(ProblemDetails) -> (document: RenderedDocument, warnings: [ProblemDetails.Item]) {
        let pipeline = pipeline(for: request)
        let presented: (view: AlertView, warnings: [ValidationIssue])
        do { presented = try pipeline.present(body) } catch { throw Self.problem(error) }
        do {
            let document = try pipeline.emit(presented.view, with: request.emitter, options: request.options)
            var warnings = presented.warnings.map(ProblemDetails.Item.init(issue:))
            if let fit = document.fit { warnings.append(ProblemDetails.Item(pointer: "", message: fit.warning)) }
            return (document, warnings)
        } catch let error as RenderLimitError {
            throw ProblemDetails.renderLimit(error)
        } catch {
            throw ProblemDetails.internalError
        }
    }

    /// The decoder of a locale's pipeline (`en` by default): the match types its catalog defines are known to it, as
    /// they are to `/v1/render` in that locale.
    func decoder(locale: String?) throws(ProblemDetails) -> AlertDecoder {
        let name = locale ?? "en"
        guard let pipeline = pipelines[name] else {
            throw ProblemDetails.badParameter("locale", "no locale \"\(name)\"; known: \(pipelines.keys.sorted().joined(separator: ", "))")
        }
        return pipeline.decoder
    }

    /// Every problem of `body` as an alert (none when it is valid) and its warnings (what it holds that is accepted
    /// but not understood); an error when it is not JSON.
    func validate(_ body: [UInt8], with decoder: AlertDecoder) throws(ProblemDetails) -> (problems: [ProblemDetails.Item], warnings: [ProblemDetails.Item]) {
        do {
            let decoded = try decoder.decode(body)
            return ([], decoded.warnings.map(ProblemDetails.Item.init(issue:)))
        } catch {
            if case .notJSON = error { throw Self.problem(error) }
            return (Self.items(error.problems.filter { !$0.message.hasPrefix("warning: ") }),
                    Self.items(error.problems.filter { $0.message.hasPrefix("warning: ") }))
        }
    }

    /// The record processor a `/v1/batch` stream runs, as `alertkit batch` does.
    func processor(_ request: Request) -> RecordProcessor {
        // The format was found in `formats` when the request was read.
        RecordProcessor(pipeline: pipeline(for: request), emitter: request.emitter, options: request.options)
    }

    /// The request's locale's pipeline with the request's options (reveal, threshold): the catalog and the decoder's
    /// codes stay as they were made at start.
    private func pipeline(for request: Request) -> AlertPipeline {
        var pipeline = pipelines[request.locale] ?? pipeline  // the locale was found in `pipelines` when the request was read
        pipeline.options = request.presentation
        return pipeline
    }

    static func problem(_ error: AlertDecodingError) -> ProblemDetails {
        switch error {
        case .notJSON(let syntax): .badRequest(syntax.description, problems: items(error.problems))
        case .tooLarge: ProblemDetails(.tooLarge, detail: error.problems.first?.message ?? "", problems: items(error.problems))
        case .invalid: .invalidAlert(items(error.problems))
        }
    }

    static func items(_ problems: [AlertProblem]) -> [ProblemDetails.Item] {
        problems.map { ProblemDetails.Item(pointer: $0.pointer, message: $0.message) }
    }
}
