import AlertJSON
import AlertModel
import AlertPresentation
import Foundation

/// Checks template folders the way `alertkit templates check` reports them: every template that does not parse
/// (file, line, column and the Mustache error), and every variable or section name that is not in the view model,
/// with the closest name that is.
public struct TemplateChecker: Sendable {
    /// One problem in one file: a `TemplateError` (file, line, column and message), the rendering layer's one
    /// problem type.
    public typealias Problem = TemplateError

    /// The view model's key paths (`title`, `details.fields.label`…), read off a view with every part filled in.
    let paths: Set<String>
    /// The key paths that hold an object (`help`) or a list (`details`): a tag prints nothing for the one and the
    /// list's items for the other, never what a template means.
    let objects: Set<String>, lists: Set<String>

    /// A checker for the view model of this version of AlertKit.
    public init() {
        let view = Self.fullView()
        paths = Self.keyPaths(of: view)
        (objects, lists) = Self.containers(of: view)
    }

    /// Every problem of the templates in `folders` (and their `formats/`), in file order.
    public func check(_ folders: [URL]) -> [Problem] {
        var problems: [Problem] = []
        for folder in folders { problems += Self.linksOut(folder) }
        for folder in folders {
            for top in [folder, folder.appendingPathComponent("formats")] {
                guard let entries = try? FileManager.default.contentsOfDirectory(atPath: top.path).sorted() else { continue }
                // The folder's templates, then those of the folder formats in a `formats/` (`formats/email/`).
                let directories = [top] + entries.filter { top.lastPathComponent == "formats" && !$0.hasPrefix(".") && !$0.hasSuffix(".mustache") }
                    .map { top.appendingPathComponent($0) }.filter { $0.hasDirectoryPath || Self.isDirectory($0) }
                for directory in directories {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() else { continue }
                var texts: [(name: String, file: String, text: String)] = []
                for name in names where name.hasSuffix(".mustache") && !name.hasPrefix(".") {
                    let url = directory.appendingPathComponent(name)
                    if TemplateFolder.linkLeaving(url, root: folder) != nil { continue }  // reported by linksOut
                    guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                        problems.append(Problem(file: url.path, line: 1, column: 1, message: "cannot be read as UTF-8 text"))
                        continue
                    }
                    problems += check(text, file: url.path)
                    texts.append((String(name.dropLast(".mustache".count)), url.path, text))
                    let parts = name.dropLast(".mustache".count).split(separator: ".")
                    let firstLine = text.prefix(while: { $0 != "\n" })
                    if directory.deletingLastPathComponent().lastPathComponent != "formats", parts.count == 2,
                       TemplateEscaping(fileExtension: String(parts[1])) == nil, !firstLine.contains("alertkit: escape=") {
                        problems.append(Problem(file: url.path, line: 1, column: 1, message:
                            "AlertKit knows no escaping for .\(parts[1]) output; name one on the first line, "
                            + "{{! alertkit: escape=NAME }}, NAME one of "
                            + TemplateEscaping.allCases.map(\.rawValue).joined(separator: ", ")))
                    }
                }
                problems += PartialGraph(texts, lists: PartialGraph.listNames).problems
                }
            }
        }
        return problems
    }

    /// Every symbolic link in `folder` (at any depth) that leads out of it: templates, catalogs, icons and page files
    /// are the folder's own, and AlertKit refuses to read through such a link.
    static func linksOut(_ folder: URL) -> [Problem] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isSymbolicLinkKey]) else { return [] }
        var problems: [Problem] = []
        for case let url as URL in walk {
            guard (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true,
                  let outside = TemplateFolder.linkLeaving(url, root: folder) else { continue }
            problems.append(Problem(file: url.path, line: 1, column: 1, message:
                "is a link to \(outside), outside the templates folder \(folder.path); AlertKit does not read through it: "
                + "copy the file into the folder instead"))
        }
        return problems.sorted { $0.file < $1.file }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }

    /// The problems of one template's text.
    public func check(_ text: String, file: String) -> [Problem] {
        do {
            _ = try TemplateFormats.parse(text)
        } catch {
            return [Problem(file: file, line: error.line ?? 1, column: error.column ?? 1, message: error.message)]
        }
        var problems: [Problem] = []
        var scopes: [String] = [""]  // the key path each open section iterates, innermost last
        var repeating: [String?] = [nil]  // for each scope, the list it repeats its body over, if it does
        for tag in TemplateStructure(text).tags {
            let body = ((tag.sigil.map(String.init) ?? "") + tag.name).trimmingCharacters(in: .whitespaces)
            guard let sigil = body.first else { continue }
            switch sigil {
            case "!", ">", "<", "=", "%", "$": continue  // comments, partials, delimiters, pragmas, blocks
            case "/":
                if scopes.count > 1 {
                    scopes.removeLast()
                    repeating.removeLast()
                }
                continue
            default: break
            }
            let opensSection = sigil == "#" || sigil == "^"
            let name = Self.name(in: body.drop(while: { "#^&{".contains($0) }).trimmingCharacters(in: CharacterSet(charactersIn: " }")))
            if let unknown = Self.unknownTransform(in: name) {
                let closest = Self.transforms.min { Self.distance($0, unknown) < Self.distance($1, unknown) }
                let hint = closest.map { Self.distance($0, unknown) <= max(2, unknown.count / 3) ? "; did you mean \($0)?" : "" } ?? ""
                problems.append(Problem(file: file, line: tag.line, column: tag.column, message:
                    "\(unknown)(…) is not a transform\(hint) (transforms: \(Self.transforms.sorted().joined(separator: ", ")))"))
                if opensSection {
                    scopes.append(scopes.last ?? "")
                    repeating.append(nil)
                }
                continue
            }
            if let resolved = resolve(name, in: scopes) {
                if opensSection {
                    let repeats = sigil == "#" && !name.hasSuffix(")") && lists.contains(resolved)
                    if repeats, repeating.contains(resolved) {
                        problems.append(Problem(file: file, line: tag.line, column: tag.column, message:
                            "warning: {{#\(name)}} is a section over \(name) inside a section over \(name): the list is "
                            + "repeated once for each of its own items, so the output grows with the square of its length "
                            + "(a cube, nested again) and a long alert goes past the document size limit"))
                    }
                    scopes.append(resolved)
                    repeating.append(repeats ? resolved : nil)
                } else if !name.hasSuffix(")"), objects.contains(resolved) || lists.contains(resolved) {
                    let what = objects.contains(resolved) ? "an object: print one of its values" : "a list: print its items in a section"
                    problems.append(Problem(file: file, line: tag.line, column: tag.column,
                                            message: "\(name) is \(what) ({{#\(name)}}…{{/\(name)}})"))
                }
                continue
            }
            if Self.sequenceNames.contains(name) || name == "." {
                if opensSection {
                    scopes.append(scopes.last ?? "")
                    repeating.append(nil)
                }
                continue
            }
            let known = Array(names(in: scopes))
            let closest = known.min { Self.distance($0, name) < Self.distance($1, name) }
            let hint = closest.map { Self.distance($0, name) <= max(2, name.count / 3) ? "; did you mean \($0)?" : "" } ?? ""
            problems.append(Problem(file: file, line: tag.line, column: tag.column,
                                    message: "\(name) is not in the view model\(hint)"))
            if opensSection {
                scopes.append(name)
                repeating.append(nil)
            }
        }
        return problems
    }

    /// The transforms swift-mustache knows (`uppercased(title)`, `first(nextSteps.items)`…): a name it does not know
    /// renders nothing, silently.
    static let transforms: Set<String> = ["empty", "capitalized", "lowercased", "uppercased", "reversed", "first", "last",
                                          "count", "sorted", "enumerated", "equalzero", "plusone", "minusone", "even", "odd", "index"]

    /// The first transform of `name` (`a(b(c))`: `a`, then `b`) that is not one of `transforms`.
    static func unknownTransform(in name: String) -> String? {
        var rest = Substring(name)
        while let open = rest.firstIndex(of: "(") {
            let transform = String(rest[..<open])
            if !transforms.contains(transform) { return transform }
            rest = rest[rest.index(after: open)...]
        }
        return nil
    }

    /// Names Mustache gives inside a list: `first()`, `last()`, `index()`, `even()`, `odd()`.
    static let sequenceNames: Set<String> = ["first()", "last()", "index()", "even()", "odd()", "first", "last", "index", "even", "odd"]

    /// The key path `name` stands for in the innermost scope that has it, as Mustache looks names up.
    private func resolve(_ name: String, in scopes: [String]) -> String? {
        let inner = name.hasSuffix(")") ? Self.argument(of: name) : name
        for scope in scopes.reversed() {
            let path = scope.isEmpty ? inner : scope + "." + inner
            if paths.contains(path) { return path }
        }
        return nil
    }

    private func names(in scopes: [String]) -> Set<String> {
        var names: Set<String> = []
        for scope in scopes {
            for path in paths where scope.isEmpty || path.hasPrefix(scope + ".") {
                names.insert(scope.isEmpty ? path : String(path.dropFirst(scope.count + 1)))
            }
        }
        return names
    }

    /// `first(nextSteps.items)` → `nextSteps.items`; a name without a transform as it is.
    private static func argument(of name: String) -> String {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return name }
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        return inner.isEmpty ? name : String(inner)
    }

    private static func name(in body: String) -> String {
        String(body.prefix(while: { !$0.isWhitespace }))
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// The context a template sees for `view` (`TemplateContext`, with `alert` and `product`, every product text
    /// set), as plain dictionaries and arrays.
    static func context(of view: AlertView) -> [String: Any] {
        let product = ProductSettings(name: "n", appLink: "https://example.com/", smsOptOut: "o",
                                      sender: .init(name: "n", address: "a@example.com"))
        return TemplateContext.values(of: view, escaping: .text, product: product).plain
    }

    /// The key paths of a context: objects add their keys, lists stand for their elements.
    static func keyPaths(of view: AlertView) -> Set<String> {
        var paths: Set<String> = []
        func walk(_ value: Any, _ prefix: String) {
            if let object = value as? [String: Any] {
                for (key, member) in object {
                    let path = prefix.isEmpty ? key : prefix + "." + key
                    paths.insert(path)
                    walk(member, path)
                }
            } else if let elements = value as? [Any] {
                for element in elements { walk(element, prefix) }
            }
        }
        walk(context(of: view), "")
        return paths
    }

    /// The key paths that hold an object, and those that hold a list.
    static func containers(of view: AlertView) -> (objects: Set<String>, lists: Set<String>) {
        var objects: Set<String> = [], lists: Set<String> = []
        func walk(_ value: Any, _ prefix: String) {
            if let object = value as? [String: Any] {
                if !prefix.isEmpty { objects.insert(prefix) }
                for (key, member) in object { walk(member, prefix.isEmpty ? key : prefix + "." + key) }
            } else if let elements = value as? [Any] {
                lists.insert(prefix)
                for case let object as [String: Any] in elements {
                    for (key, member) in object { walk(member, prefix + "." + key) }
                }
            }
        }
        walk(context(of: view), "")
        return (objects, lists)
    }

    /// A view with every optional part present, so that every key appears.
    static func fullView() -> AlertView {
        let email = #"{"id":"x","type":1,"events":[{"date":"2020-01-01","data":{"match":"IDEMAILADDR","email":"a@b.c","site":"s","CreationDate":"2020-01-01 00:00:00"}}]}"#
        guard let decoded = try? AlertDecoder().decode(Array(email.utf8)) else {
            preconditionFailure("the checker's own sample alert no longer decodes")
        }
        let options = PresentationOptions(helpLine: HelpLine("+1 800 555 0100"))
        return PresenterRegistry.standard.present(decoded.alert, in: PresentationContext(options: options))
    }
}
