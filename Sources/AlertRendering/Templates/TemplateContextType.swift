import AlertPresentation
import TemplateCompiler

extension ContextType {
    /// The type of a template's context (the view model, `alert` and `product`), read off `ViewWalk`'s template walk
    /// over `typeView`, a view with one of every part: the one description of the context that `ViewWalk` spells
    /// out, here as the checker's symbol table. Items of one list are merged, so a member that only some have (a
    /// button effect's `afterSeconds`) is optional; `TemplateContextTypeTests` holds it to `view.schema.json`.
    public static let templateContext: ContextType = {
        let product = ProductSettings(name: "n", appLink: "https://example.com/", smsOptOut: "o",
                                      sender: .init(name: "n", address: "a@example.com"), unsubscribe: "https://example.com/u")
        var builder = ContextTypeBuilder()
        ViewWalk.walkTemplateContext(typeView, product: product, into: &builder)
        return builder.value
    }()

    /// A view with every optional part present and every list holding an item (a button of each effect), built
    /// directly: no catalog is read to know the context's type.
    static var typeView: AlertView {
        let step = AlertView.Step(icon: "i", text: "t")
        let buttons = [AlertAction.Effect.none, .callHelpLine, .remind(afterSeconds: 60), .resolveAlert].map {
            AlertAction.Button(id: "b", label: "l", role: .default, effect: $0)
        }
        return AlertView(
            id: "x", type: "cyberAgent", locale: "en", title: "t", header: .init(icon: "i", title: "t", subtitle: "s"),
            details: [.init(icon: "i", value: "v", fields: [.init(name: "n", label: "l", value: "v")])],
            risks: .init(title: "t", paragraphs: ["p"]),
            nextSteps: .init(title: "t", items: [step], groups: [.init(title: "t", items: [step])]),
            sources: .init(title: "t", items: [.init(title: "t", url: "https://example.com/")]),
            help: .init(title: "t", text: "t", action: "a", phone: HelpLine("+1 800 555 0100")),
            actions: [AlertAction(id: "a", label: "l", placement: .help,
                                  popup: .init(title: "t", message: "m", buttons: buttons, phone: HelpLine("+1 800 555 0100")),
                                  link: "https://example.com/a")],
            severity: 0.5, urgent: true, urgentLabel: "u", date: "2020-01-01")
    }
}

/// Builds a `ContextType` from `ViewWalk`'s calls: each visit leaves its type in `value`.
struct ContextTypeBuilder: ViewVisitor {
    static var walksTemplateContext: Bool { true }
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
