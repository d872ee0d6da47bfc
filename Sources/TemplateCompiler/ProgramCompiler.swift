/// Compiles a template's nodes into `Op`s: the context stack's types are known at every tag (a list's section pushes
/// its item type, an object's its type, a truth value nothing), so each name resolves to a frame and member indices.
struct ProgramCompiler {
    let partials: [String: TemplateTree]
    /// The types of the context stack, bottom first.
    var frames: [ContextType]
    let escapesEveryTag: Bool
    var depth = 0

    mutating func compile(_ nodes: [Node], file: String) throws(TemplateDiagnostic) -> [Op] {
        var ops: [Op] = []
        for node in nodes {
            switch node {
            case .text(let bytes):
                if case .text(let before)? = ops.last {
                    ops[ops.count - 1] = .text(before + bytes)
                } else {
                    ops.append(.text(bytes))
                }
            case .variable(let name, let escaped, _):
                guard let (access, _) = resolve(name) else { continue }
                ops.append(.write(access, escaped: escaped || escapesEveryTag))
            case .section(let name, let inverted, let body, _):
                guard let (access, type) = resolve(name) else {
                    if inverted { ops += try compile(body, file: file) }  // never there: always false
                    continue
                }
                if inverted {
                    ops.append(.inverted(access, body: try compile(body, file: file)))
                    continue
                }
                let kind: SectionKind, pushed: ContextType?
                switch type {
                case .boolean: (kind, pushed) = (.boolean, nil)
                case .list(let item): (kind, pushed) = (.list, item)
                case .any: (kind, pushed) = (.dynamic, .any)
                default: (kind, pushed) = (.push, type)
                }
                if let pushed { frames.append(pushed) }
                let compiled = try compile(body, file: file)
                if pushed != nil { frames.removeLast() }
                ops.append(.section(access, kind, body: compiled))
            case .partial(let name, let indentation, let position):
                guard let tree = partials[name] else { continue }
                guard depth < CompiledTemplate.maxPartialDepth else {
                    throw TemplateDiagnostic(file: file, at: position, message: "{{> \(name)}} would nest partials "
                        + "\(depth + 1) deep, past the limit of \(CompiledTemplate.maxPartialDepth)")
                }
                depth += 1
                let body = try compile(tree.nodes, file: tree.file)
                depth -= 1
                ops.append(.indented(indentation, body: body))
            }
        }
        return ops
    }

    /// Where `name`'s value is and its type; nil when it is never there. The access holds the member names it
    /// reaches (nil for all of them, once a transform takes a whole object or a value of unknown type).
    func resolve(_ name: Name) -> (Access, ContextType)? {
        var transforms = name.transforms[...]
        var access = Access(starts: [], place: nil, transforms: [], names: name.path)
        var type: ContextType
        if name.isSequencePlace {
            let innermost = transforms.removeLast()
            guard [.first, .last, .index, .even, .odd].contains(innermost) else { return nil }
            access.place = innermost
            type = innermost == .index ? .integer : .boolean
        } else if name.anchored {
            guard let (rest, found) = Self.path(name.path[...], in: frames[frames.count - 1]) else { return nil }
            access.starts = [Access.Start(frame: frames.count - 1, first: nil, rest: rest)]
            type = found
        } else {
            var found: ContextType?
            for index in frames.indices.reversed() {
                guard case .object(let object) = frames[index],
                      let first = object.members.firstIndex(where: { $0.name == name.path[0] }) else { continue }
                let member = object.members[first]
                let rest = Self.path(name.path.dropFirst(), in: member.type)
                access.starts.append(Access.Start(frame: index, first: first, rest: rest?.indices))
                if let rest { found = found.map { $0 == rest.type ? $0 : .any } ?? rest.type }
                if !member.isOptional { break }  // always there: the look-up ends here
            }
            guard let found else { return nil }
            type = found
        }
        while let transform = transforms.popLast() {
            switch type {
            case .object, .any: access.names = nil
            default: break
            }
            guard let result = NameCheck.apply(transform, to: type) else { return nil }
            var names: [String]?
            if case .object(let object) = type { names = object.members.map(\.name) }
            access.transforms.append((transform, names))
            type = result
        }
        return (access, type)
    }

    /// The member indices of `path` inside a value of `type`, and the type they lead to.
    static func path(_ path: ArraySlice<String>, in type: ContextType) -> (indices: [Int], type: ContextType)? {
        var type = type
        var indices: [Int] = []
        for component in path {
            guard case .object(let object) = type,
                  let index = object.members.firstIndex(where: { $0.name == component }) else { return nil }
            indices.append(index)
            type = object.members[index].type
        }
        return (indices, type)
    }
}
