import AlertModel
import AlertPresentation
import TemplateCompiler

/// The shared parts of a compiled template's documents (`CompiledTemplate.sharedPartCount`: the runs of the template
/// that show only the advice, `TemplateContextValue.sharedMembers`), rendered for the first alert with each advice and
/// then held by reference, as the built-in formats hold theirs (`SharedRun`): an alert whose advice was seen before
/// renders only its own parts, from a context that holds only what they read.
final class TemplateParts: Sendable {
    /// The parts by the advice they show: 512 entries, as many kinds of advice as a large feed uses.
    private let cache = BoundedCache<LayoutKey, Parts>(limit: 512)
    /// Whether each part is also kept as quoted-printable (an email's part).
    private let quotedPrintable: Bool

    /// Parts to be made; with `quotedPrintable`, each is kept encoded too (`SharedRun.quotedPrintable`).
    init(quotedPrintable: Bool = false) {
        self.quotedPrintable = quotedPrintable
    }

    private struct Parts: Sendable {
        let runs: [SharedRun]
        let sizes: [Int]
    }

    /// `program`'s document for `view`, its shared parts made once per advice.
    func document(_ program: CompiledTemplate, _ view: AlertView, product: ProductSettings,
                  guard limits: RenderGuard) throws(RenderGuard.Stop) -> RenderedDocument {
        let key = DocumentLayout.adviceKey(view)
        if let parts = cache.value(for: key) {
            let context = TemplateContextValue.of(view, product: product, members: program.ownMembers)
            let document = try program.render(context, sharedParts: parts.sizes, guard: limits)
            return RenderedDocument(own: document.bytes, insertions: document.insertions.map { ($0.offset, parts.runs[$0.part]) })
        }
        let context = TemplateContextValue.of(view, product: product, members: program.usedMembers)
        let document = try program.render(context, sharedParts: nil, guard: limits)
        let runs = document.parts.map { bytes in
            SharedRun(bytes: bytes, quotedPrintable: quotedPrintable ? QuotedPrintableWriter.encoded(bytes) : nil)
        }
        cache.set(Parts(runs: runs, sizes: document.parts.map(\.count)), for: key)
        return RenderedDocument(own: document.bytes, insertions: document.insertions.map { ($0.offset, runs[$0.part]) })
    }
}
