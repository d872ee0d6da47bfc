import AlertPresentation
import TemplateCompiler

extension ContextType {
    /// The type of a template's context (the view model, `alert` and `product`), read off `ViewWalk`'s template walk
    /// over a view with every part filled in (`TemplateChecker.fullView()`): the one description of the context
    /// that `ViewWalk` spells out, here as the checker's symbol table. Items of one list are merged, so a member
    /// that only some have (a button effect's `afterSeconds`) is optional; `ViewWalkTests` holds it to
    /// `view.schema.json`.
    public static let templateContext: ContextType = {
        let product = ProductSettings(name: "n", appLink: "https://example.com/", smsOptOut: "o",
                                      sender: .init(name: "n", address: "a@example.com"), unsubscribe: "https://example.com/u")
        var builder = ContextTypeBuilder()
        ViewWalk.walkTemplateContext(TemplateChecker.fullView(), product: product, into: &builder)
        return builder.value
    }()
}

/// Builds a `ContextType` from `ViewWalk`'s calls: each visit leaves its type in `value`.
struct ContextTypeBuilder: ViewVisitor {
    var value: ContextType = .any
    private var objects: [[ContextObject.Member]] = []
    /// Whether the next member is one that some values leave out (`ViewVisitor.optional(_:)`).
    private var nextIsOptional = false

    mutating func object(_ members: (inout ContextTypeBuilder) -> Void) {
        objects.append([])
        members(&self)
        value = .object(ContextObject(objects.removeLast()))
    }

    mutating func key(_ name: String, _ body: (inout ContextTypeBuilder) -> Void) {
        let optional = nextIsOptional
        nextIsOptional = false
        body(&self)
        objects[objects.count - 1].append(ContextObject.Member(name: name, type: value, isOptional: optional))
    }

    mutating func list<Item>(_ items: [Item], _ element: (inout ContextTypeBuilder, Item) -> Void) {
        var item: ContextType?
        for each in items {
            element(&self, each)
            item = item.map { $0.merged(with: value) } ?? value
        }
        value = .list(item ?? .any)
    }

    mutating func optional(_ present: Bool) { nextIsOptional = present }
    mutating func string(_ value: String) { self.value = .string }
    mutating func integer(_ value: Int) { self.value = .integer }
    mutating func number(_ value: Double) { self.value = .number }
    mutating func boolean(_ value: Bool) { self.value = .boolean }
}
