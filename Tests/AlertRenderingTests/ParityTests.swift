import AlertModel
import AlertPresentation
import AlertRendering
import AlertTestSupport
import Foundation
import Testing

/// Every section of the view model, in every document format, for every sample and locale.
@Suite("Parity of formats")
struct ParityTests {
    /// The texts of a view in reading order: what every document format must show. The page shows the popups after
    /// the buttons; a document (Markdown, text) has none, each action reading as its label and its popup's message.
    static func texts(of view: AlertView, document: Bool = false) -> [String] {
        var texts = [view.title]
        if view.urgent { texts.append(view.urgentLabel) }
        texts += [view.header.title, view.header.subtitle]
        for detail in view.details {
            texts.append(detail.value)
            for field in detail.fields {
                texts += field.kind == .quote ? [field.label, field.value] : [field.text]
            }
        }
        texts += [view.risks.title] + view.risks.paragraphs + [view.nextSteps.title] + view.nextSteps.items.map(\.text)
        texts += [view.help.title, view.help.text]
        if document {
            for action in view.actions(at: .help) + view.actions(at: .footer) { texts += [action.label, action.popup.message] }
            return texts.map(fold)
        }
        texts += view.actions(at: .help).map(\.label) + view.actions(at: .footer).map(\.label)
        for action in view.actions {
            texts += [action.popup.title, action.popup.message] + action.popup.buttons.map(\.label)
        }
        return texts.map(fold)
    }

    static func fold(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// What a reader sees of a document, white space folded.
    static func visible(_ document: String, format: String) -> String {
        switch format {
        case "html": Fixtures.visibleText(ofHTML: document)
        case "markdown": CommonMarkReader.visibleText(document)
        default: fold(document.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.drop(while: { $0 == ">" || $0 == " " }) }.joined(separator: "\n"))
        }
    }

    static let cases: [(String, String)] = Fixtures.sampleNames.flatMap { name in
        ContentCatalog.shippedLocales.map { (name, $0) }
    }

    @Test("HTML, Markdown and text show every section in order; JSON is the view itself", arguments: cases)
    func parity(sample: String, locale: String) throws {
        let context = PresentationContext(catalog: try .shipped(locale: locale))
        let pipeline = AlertPipeline(context: context)
        let json = try Fixtures.sample(sample)
        let view = try pipeline.view(json)
        for format in ["html", "markdown", "text"] {
            let expected = Self.texts(of: view, document: format != "html")
            let document = try pipeline.render(json, format: format).document
            let missing = Fixtures.firstOutOfOrder(expected, in: Self.visible(document, format: format))
            #expect(missing == nil, "\(format) lacks \(missing ?? "") or has it out of order")
        }
        let decoded = try JSONDecoder().decode(AlertView.self, from: Data(try pipeline.render(json, format: "json").document.utf8))
        #expect(decoded == view)
    }
}
