import AlertPresentation

/// What walks the view model: the JSON writer (`JSONViewWriter`), the template context (`TemplateContext`) and the
/// type of a template's context (`ContextTypeBuilder`) each receive the same calls in the same order from
/// `ViewWalk`, so that none of them spells the view model's shape out on its own.
protocol ViewVisitor {
    /// An object; its members are visited in `members`, each through `key(_:_:)`.
    mutating func object(_ members: (inout Self) -> Void)
    /// A member of the object being visited; its value is visited in `value`.
    mutating func key(_ name: String, _ value: (inout Self) -> Void)
    /// A list of `items`, each visited by `element`.
    mutating func list<Item>(_ items: [Item], _ element: (inout Self, Item) -> Void)
    /// A string from the view (text, a name, an icon, a raw value).
    mutating func string(_ value: String)
    /// A string that needs no escaping in any output, by construction (`alert.key`): a template context takes it
    /// as it is. The default visits it as a string.
    mutating func verbatim(_ value: String)
    /// A whole number (a reminder's delay).
    mutating func integer(_ value: Int)
    /// The severity, a number from 0 to 1.
    mutating func number(_ value: Double)
    /// A truth value (`urgent`).
    mutating func boolean(_ value: Bool)
    /// Whether the next optional member (the help line's phone, a reminder's delay) is there: called before it
    /// either way, so that a visitor that keeps the view's shape (`ContextTypeBuilder`) tells the two apart.
    mutating func optional(_ present: Bool)
    /// A section that alerts with the same advice share (`JSONSection`): a visitor may write it from a cache instead
    /// of visiting it in `body`.
    mutating func section(_ part: JSONSection, _ body: (inout Self) -> Void)
    /// Whether this visitor builds a template's context, which has members the view's JSON does not: `alert`,
    /// `product`, and each action's `inHelp`. The default is false.
    static var walksTemplateContext: Bool { get }
}

extension ViewVisitor {
    mutating func verbatim(_ value: String) { string(value) }
    mutating func optional(_ present: Bool) {}
    mutating func section(_ part: JSONSection, _ body: (inout Self) -> Void) { body(&self) }
    static var walksTemplateContext: Bool { false }
}

/// The one ordered walk of `AlertView`: every member, in the order of its JSON (keys sorted, as `JSONEncoder` with
/// `.sortedKeys` writes them). Adding a member to the view model is one line here (and the schema and golden files);
/// `ViewWalkTests` holds the walk to the `Codable` conformance and to `view.schema.json`.
enum ViewWalk {
    /// Walks the whole view.
    @inline(__always)
    static func walk<Visitor: ViewVisitor>(_ view: AlertView, into visitor: inout Visitor) {
        visitor.object { members(of: view, into: &$0) }
    }

    /// Walks a template's context: the view's members, then `alert` (the alert's own fields, reachable from inside any
    /// section: `{{alert.id}}` in `{{#actions}}`; `alert.key`, the id percent-encoded, for button data; `alert.dir`,
    /// `ltr` or `rtl` for the locale's script) and `product` (`RenderOptions.product`; an empty text is left out, so
    /// that `{{#product.appLink}}` is false without one; `unsubscribe` with `{alertKey}` put in).
    @inline(__always)
    static func walkTemplateContext<Visitor: ViewVisitor>(_ view: AlertView, product: ProductSettings, into visitor: inout Visitor) {
        visitor.object {
            members(of: view, into: &$0)
            $0.key("alert") {
                $0.object {
                    $0.key("date") { $0.string(view.date) }
                    $0.key("dir") { $0.verbatim(TemplateContextValue.direction(of: view.locale)) }
                    $0.key("id") { $0.string(view.id) }
                    $0.key("key") { $0.verbatim(TemplateContextValue.key(view.id)) }
                    $0.key("locale") { $0.string(view.locale) }
                    $0.key("title") { $0.string(view.title) }
                    $0.key("type") { $0.string(view.type) }
                    $0.key("urgent") { $0.boolean(view.urgent) }
                }
            }
            $0.key("product") {
                $0.object {
                    $0.key("botActions") { $0.boolean(product.botActions) }
                    for (name, text) in [("appLink", product.appLink), ("name", product.name), ("smsOptOut", product.smsOptOut)] {
                        $0.optional(!text.isEmpty)
                        if !text.isEmpty { $0.key(name) { $0.string(text) } }
                    }
                    $0.key("sender") {
                        $0.object {
                            $0.key("address") { $0.string(product.sender.address) }
                            $0.key("name") { $0.string(product.sender.name) }
                        }
                    }
                    let unsubscribe = product.unsubscribeAddress(alertID: view.id)
                    $0.optional(unsubscribe != nil)
                    if let unsubscribe { $0.key("unsubscribe") { $0.string(unsubscribe) } }
                }
            }
        }
    }

    /// The members of the view's top-level object, in order.
    @inline(__always)
    private static func members<Visitor: ViewVisitor>(of view: AlertView, into visitor: inout Visitor) {
        visitor.key("actions") { $0.section(.actions) { walk(.actions, of: view, into: &$0) } }
        visitor.key("date") { $0.string(view.date) }
        visitor.key("details") { $0.list(view.details) { detail(&$0, $1) } }
        visitor.key("header") {
            $0.object {
                $0.key("icon") { $0.string(view.header.icon) }
                $0.key("subtitle") { $0.string(view.header.subtitle) }
                $0.key("title") { $0.string(view.header.title) }
            }
        }
        visitor.key("help") { $0.section(.help) { walk(.help, of: view, into: &$0) } }
        visitor.key("id") { $0.string(view.id) }
        visitor.key("locale") { $0.string(view.locale) }
        visitor.key("nextSteps") { $0.section(.nextSteps) { walk(.nextSteps, of: view, into: &$0) } }
        visitor.key("risks") { $0.section(.risks) { walk(.risks, of: view, into: &$0) } }
        visitor.key("severity") { $0.number(view.severity) }
        visitor.key("sources") { $0.section(.sources) { walk(.sources, of: view, into: &$0) } }
        visitor.key("title") { $0.string(view.title) }
        visitor.key("type") { $0.string(view.type) }
        visitor.key("urgent") { $0.boolean(view.urgent) }
        visitor.key("urgentLabel") { $0.string(view.urgentLabel) }
    }

    /// Walks one of the sections that alerts share, as it stands at the top level of the view.
    @inline(__always)
    static func walk<Visitor: ViewVisitor>(_ part: JSONSection, of view: AlertView, into visitor: inout Visitor) {
        switch part {
        case .actions: visitor.list(view.actions) { action(&$0, $1, helpAction: view.help.action) }
        case .help: help(&visitor, view.help)
        case .nextSteps: steps(&visitor, view.nextSteps)
        case .risks:
            visitor.object {
                $0.key("paragraphs") { $0.list(view.risks.paragraphs) { $0.string($1) } }
                $0.key("title") { $0.string(view.risks.title) }
            }
        case .sources:
            visitor.object {
                $0.key("items") {
                    $0.list(view.sources.items) { visitor, source in
                        visitor.object {
                            $0.key("title") { $0.string(source.title) }
                            $0.key("url") { $0.string(source.url) }
                        }
                    }
                }
                $0.key("title") { $0.string(view.sources.title) }
            }
        }
    }

    @inline(__always)
    private static func detail<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ detail: AlertView.Detail) {
        visitor.object {
            $0.key("fields") {
                $0.list(detail.fields) { visitor, field in
                    visitor.object {
                        $0.key("kind") { $0.string(field.kind.rawValue) }
                        $0.key("label") { $0.string(field.label) }
                        $0.key("name") { $0.string(field.name) }
                        $0.key("value") { $0.string(field.value) }
                    }
                }
            }
            $0.key("icon") { $0.string(detail.icon) }
            $0.key("value") { $0.string(detail.value) }
        }
    }

    @inline(__always)
    private static func help<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ help: AlertView.Help) {
        visitor.object {
            $0.key("action") { $0.string(help.action) }
            $0.optional(help.phone != nil)
            if let phone = help.phone {
                $0.key("phone") { Self.phone(&$0, phone) }
            }
            $0.key("text") { $0.string(help.text) }
            $0.key("title") { $0.string(help.title) }
        }
    }

    @inline(__always)
    private static func steps<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ section: AlertView.StepSection) {
        visitor.object {
            $0.key("groups") {
                $0.list(section.groups) { visitor, group in
                    visitor.object {
                        $0.key("items") { $0.list(group.items) { step(&$0, $1) } }
                        $0.key("title") { $0.string(group.title) }
                    }
                }
            }
            $0.key("items") { $0.list(section.items) { step(&$0, $1) } }
            $0.key("title") { $0.string(section.title) }
        }
    }

    @inline(__always)
    private static func step<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ step: AlertView.Step) {
        visitor.object {
            $0.key("icon") { $0.string(step.icon) }
            $0.key("text") { $0.string(step.text) }
        }
    }

    /// An action's or button's id as the catalog has it (`[a-z0-9][a-z0-9-]*`, checked when it loads) comes out as it
    /// is under every escaping: a Teams button's data says `mark-resolved`, never `mark\-resolved`. An id of any
    /// other shape (a view built in Swift may hold anything) is escaped like any text.
    @inline(__always)
    private static func identifier<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ id: String) {
        // A leading `-` could start a list item where a template puts the id at a line's start.
        if ContentCatalog.isIdentifier(id), id.utf8.first != UInt8(ascii: "-") { visitor.verbatim(id) } else { visitor.string(id) }
    }

    @inline(__always)
    private static func action<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ action: AlertAction, helpAction: String) {
        visitor.object {
            $0.key("id") { identifier(&$0, action.id) }
            // A template's context only: whether the action is the "Need help?" section's (`help.action`, as the
            // page picks it), so that a document with no buttons (an email) can show that one action and no footer
            // button in its place.
            if Visitor.walksTemplateContext { $0.key("inHelp") { $0.boolean(action.id == helpAction) } }
            $0.key("label") { $0.string(action.label) }
            $0.optional(action.link != nil)
            if let link = action.link { $0.key("link") { $0.string(link) } }
            $0.key("placement") { $0.string(action.placement.rawValue) }
            $0.key("popup") {
                $0.object {
                    $0.key("buttons") {
                        $0.list(action.popup.buttons) { visitor, button in
                            visitor.object {
                                $0.key("effect") { effect(&$0, button.effect) }
                                $0.key("id") { identifier(&$0, button.id) }
                                $0.key("label") { $0.string(button.label) }
                                $0.key("role") { $0.string(button.role.rawValue) }
                            }
                        }
                    }
                    $0.key("message") { $0.string(action.popup.message) }
                    $0.optional(action.popup.phone != nil)
                    if let phone = action.popup.phone {
                        $0.key("phone") { Self.phone(&$0, phone) }
                    }
                    $0.key("title") { $0.string(action.popup.title) }
                }
            }
        }
    }

    @inline(__always)
    private static func phone<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ phone: HelpLine) {
        visitor.object {
            $0.key("display") { $0.string(phone.display) }
            $0.key("uri") { $0.string(phone.uri) }
        }
    }

    @inline(__always)
    private static func effect<Visitor: ViewVisitor>(_ visitor: inout Visitor, _ effect: AlertAction.Effect) {
        visitor.object {
            if case .remind = effect { $0.optional(true) } else { $0.optional(false) }  // afterSeconds
            switch effect {
            case .none: $0.key("kind") { $0.string("none") }
            case .callHelpLine: $0.key("kind") { $0.string("callHelpLine") }
            case .remind(let seconds):
                $0.key("afterSeconds") { $0.integer(seconds) }
                $0.key("kind") { $0.string("remind") }
            case .resolveAlert: $0.key("kind") { $0.string("resolveAlert") }
            }
        }
    }
}
