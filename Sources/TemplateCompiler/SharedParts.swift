/// Finds a program's shared parts: the runs of instructions at the template's top level (outside every section, and
/// in partials included there with no indentation) that read only the context's shared members, and the items of
/// lists among them. Such a run writes the same bytes for every context that holds the same shared values, whatever
/// the rest holds: the document's state there is always the same (no indentation, no list item, the context stack
/// its root alone), so its bytes can be made once and put in place by reference.
struct SharedParts {
    /// The member indices of the shared members of the context's top level.
    private let sharedMembers: Set<Int>
    /// How many parts were found.
    private(set) var count = 0

    init(context: ContextType, shared: Set<String>) {
        guard case .object(let object) = context else {
            sharedMembers = []
            return
        }
        sharedMembers = Set(object.members.indices.filter { shared.contains(object.members[$0].name) })
    }

    /// `ops` with each run of shared instructions that writes a value (not text alone) made a `.shared` part.
    mutating func split(_ ops: [Op]) -> [Op] {
        guard !sharedMembers.isEmpty else { return ops }
        var result: [Op] = [], run: [Op] = []
        func close() {
            if run.contains(where: { if case .text = $0 { false } else { true } }) {
                result.append(.shared(count, body: run))
                count += 1
            } else {
                result += run
            }
            run = []
        }
        for op in ops {
            if isShared(op, frames: [false], place: true) {
                run.append(op)
                continue
            }
            close()
            if case .indented(let indentation, let body) = op, indentation.isEmpty {
                result.append(.indented(indentation, body: split(body)))
            } else {
                result.append(op)
            }
        }
        close()
        return result
    }

    /// Whether `op` reads only shared values: `frames` says, for each frame of the context stack above its root,
    /// whether a shared value pushed it; `place`, whether the list item's place is a shared list's (or none).
    private func isShared(_ op: Op, frames: [Bool], place: Bool) -> Bool {
        switch op {
        case .text: return true
        case .write(let access, _): return isShared(access, frames: frames, place: place)
        case .inverted(let access, let body):
            return isShared(access, frames: frames, place: place) && body.allSatisfy { isShared($0, frames: frames, place: place) }
        case .indented(_, let body): return body.allSatisfy { isShared($0, frames: frames, place: true) }
        case .shared(_, let body): return body.allSatisfy { isShared($0, frames: frames, place: place) }
        case .section(let access, let kind, let body):
            let shared = isShared(access, frames: frames, place: place)
            guard shared else { return false }
            // A list's items, an object or a value of unknown type are pushed; a truth value pushes nothing.
            let inner = kind == .boolean ? frames : frames + [true]
            return body.allSatisfy { isShared($0, frames: inner, place: kind == .boolean ? place : true) }
        }
    }

    private func isShared(_ access: Access, frames: [Bool], place: Bool) -> Bool {
        if access.place != nil { return place }
        return access.starts.allSatisfy { start in
            start.frame == 0 ? start.first.map(sharedMembers.contains) ?? false : frames[start.frame]
        }
    }

    /// The member names that `ops` reach (nil for all), inside the shared parts too or not.
    static func names(in ops: [Op], insideShared: Bool) -> Set<String>? {
        var names: Set<String>? = []
        func visit(_ ops: [Op]) {
            for op in ops {
                switch op {
                case .text: break
                case .write(let access, _): add(access)
                case .section(let access, _, let body), .inverted(let access, let body):
                    add(access)
                    visit(body)
                case .indented(_, let body): visit(body)
                case .shared(_, let body): if insideShared { visit(body) }
                }
            }
        }
        func add(_ access: Access) {
            guard let reached = access.names else { return names = nil }
            names?.formUnion(reached)
        }
        visit(ops)
        return names
    }
}

/// A document as a program writes it with its shared parts apart: its own bytes, and where each shared part goes.
public struct ProgramDocument: Sendable {
    /// The document's own bytes; the shared parts go between them at `insertions`' offsets.
    public var bytes: [UInt8]
    /// Each shared part's place: before the byte of `bytes` at `offset` (offsets ascending), and which part.
    public var insertions: [(offset: Int, part: Int)]
    /// The shared parts' bytes, by part, when this render made them; empty when they were given.
    public var parts: [[UInt8]]

    /// The whole document, `parts` put in place.
    public var joined: [UInt8] {
        guard !insertions.isEmpty else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + parts.reduce(0) { $0 + $1.count })
        var start = 0
        for (offset, part) in insertions {
            out += bytes[start..<offset]
            out += parts[part]
            start = offset
        }
        out += bytes[start...]
        return out
    }
}

/// The members of a context's type that a program reads (by the names it reaches, at any level), numbered: every
/// object type's members in a row, so that a context built for the program asks whether to build a member by its
/// number, with no look-up of its name.
public struct MemberSelection: Sendable {
    /// Whether each member is read, by number.
    public let selected: [Bool]
    /// The number of the first member of each member's object (its items' object, for a list), or -1.
    public let inner: [Int]

    /// The members of `type` named in `names` (every one for nil); the root object's are numbered from 0.
    public init(_ names: Set<String>?, in type: ContextType) {
        var selected: [Bool] = [], inner: [Int] = []
        func number(_ type: ContextType) -> Int {
            switch type {
            case .object(let object):
                let base = selected.count
                selected += object.members.map { names?.contains($0.name) ?? true }
                inner += Array(repeating: -1, count: object.members.count)
                for (index, member) in object.members.enumerated() { inner[base + index] = number(member.type) }
                return base
            case .list(let item): return number(item)
            default: return -1
            }
        }
        _ = number(type)
        self.selected = selected
        self.inner = inner
    }
}
