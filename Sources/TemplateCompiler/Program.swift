/// One instruction of a compiled template. Names are resolved when it is compiled: an access says which frame of the
/// context stack, and which member indices inside it, hold the value.
indirect enum Op: Sendable {
    /// Text copied as it is.
    case text([UInt8])
    /// A tag: the value's text, escaped when `escaped` (always, in a format whose every tag escapes).
    case write(Access, escaped: Bool)
    /// A section over a list (each item pushed), a truth value (nothing pushed), a value of another type (pushed), or
    /// a value whose type is known only when rendering (`dynamic`: pushed whatever it is).
    case section(Access, SectionKind, body: [Op])
    /// An inverted section: its body, in the same context, when the value is missing, false or an empty list.
    case inverted(Access, body: [Op])
    /// A partial included with white space before it: each of its lines starts with `indentation`.
    case indented([UInt8], body: [Op])
    /// A run of instructions that reads only the context's shared members (`SharedParts`): its bytes are the same for
    /// every context that holds the same shared values, so they are written once and then put in place by reference.
    case shared(Int, body: [Op])
}

/// How a section treats its value.
enum SectionKind: Sendable {
    case list, boolean, push, dynamic
}

/// Where a name's value is: the first of `starts` whose frame has the first member (an optional member may be
/// missing, and then the look-up goes on outward, as Mustache's does); then `rest` inside it; then the transforms.
struct Access: Sendable {
    struct Start: Sendable {
        /// The frame's index in the stack, from its bottom.
        var frame: Int
        /// The member index of the name's first part, or nil for the frame itself (`.`).
        var first: Int?
        /// The member indices of the rest; nil when the rest is not there (the value is then missing).
        var rest: [Int]?
    }
    var starts: [Start]
    /// The list item's place (`index()`, `first()`…), when the name is one.
    var place: Transform?
    /// The transforms, innermost first, each with the member names of the object it applies to (for `enumerated`
    /// and `sorted`).
    var transforms: [(Transform, names: [String]?)]
    /// The member names the access reaches; nil when it needs every member of what it reaches (a transform of a
    /// whole object, or of a value of unknown type).
    var names: [String]?
}

/// A template compiled against the type of its context: parsed once, every name resolved to where its value is,
/// the escaping fixed. Rendering runs the instructions over a `ContextValue` and writes bytes.
public struct CompiledTemplate: Sendable {
    let ops: [Op]
    /// The bytes of text in the template, a first guess at a document's size.
    public let textBytes: Int
    let escape: @Sendable (String, inout [UInt8]) -> Void
    /// The names of every member the template can reach, so that a context need hold no other; nil when it needs
    /// them all (a transform of a whole object).
    public let usedNames: Set<String>?
    /// The names a context needs when the shared parts are given (`render(_:sharedParts:guard:)`): those that the
    /// instructions outside the shared parts reach; nil when they need them all.
    public let ownNames: Set<String>?
    /// `usedNames` as numbered members of the context's type.
    public let usedMembers: MemberSelection
    /// `ownNames` as numbered members of the context's type.
    public let ownMembers: MemberSelection
    /// How many shared parts the program has (`SharedParts`): runs of the template that read only the shared
    /// members given when it was compiled.
    public let sharedPartCount: Int

    /// How deep partials may nest.
    public static var maxPartialDepth: Int { 32 }

    /// `library` compiled against `context`; escaped tags write values through `escape`, and so do triple and `&`
    /// tags when `escapesEveryTag` (AlertKit's formats: no tag writes an alert string unescaped). A name that is not
    /// in the context compiles to nothing (`NameCheck` reports it); partials nested past `maxPartialDepth` throw.
    /// `shared` names members of the context's top level whose values many contexts share: the runs of the template
    /// that read nothing else (and are rendered whatever the context holds) become shared parts, which a caller may
    /// render once per set of shared values (`render(_:sharedParts:guard:)`).
    public init(_ library: TemplateLibrary, context: ContextType, escapesEveryTag: Bool = false, shared: Set<String> = [],
                escape: @escaping @Sendable (String, inout [UInt8]) -> Void) throws(TemplateDiagnostic) {
        var compiler = ProgramCompiler(partials: library.partials, frames: [context], escapesEveryTag: escapesEveryTag)
        var parts = SharedParts(context: context, shared: shared)
        ops = parts.split(try compiler.compile(library.template.nodes, file: library.template.file))
        sharedPartCount = parts.count
        usedNames = SharedParts.names(in: ops, insideShared: true)
        ownNames = SharedParts.names(in: ops, insideShared: false)
        usedMembers = MemberSelection(usedNames, in: context)
        ownMembers = MemberSelection(ownNames, in: context)
        textBytes = library.textBytes
        self.escape = escape
    }

    /// The document for `context`, within `guard`'s limits.
    public func render(_ context: ContextValue, guard limits: RenderGuard = RenderGuard()) throws(RenderGuard.Stop) -> [UInt8] {
        try render(context, sharedParts: nil, guard: limits).joined
    }

    /// The document for `context`, its shared parts apart: with `sharedParts` (the byte counts of the parts that
    /// an earlier render of a context with the same shared values made), they are not rendered again, and `context`
    /// needs only the members `ownNames` names; without, each is rendered and returned in the document's `parts`.
    public func render(_ context: ContextValue, sharedParts: [Int]?,
                       guard limits: RenderGuard = RenderGuard()) throws(RenderGuard.Stop) -> ProgramDocument {
        var run = ProgramRun(root: context, escape: escape, limits: limits, sharedParts: sharedParts)
        run.output.bytes.reserveCapacity(max(256, textBytes * 2))
        if sharedParts == nil { run.parts = Array(repeating: [], count: sharedPartCount) }
        try run.run(ops)
        return ProgramDocument(bytes: run.output.bytes, insertions: run.insertions, parts: run.parts ?? [])
    }
}
