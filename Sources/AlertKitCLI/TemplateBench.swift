import AlertJSON
import AlertRendering
import ArgumentParser
import Foundation
import TemplateCompiler

/// `templates render FILE --context CONTEXT.json`: one template file and the partials beside it, rendered by the
/// `TemplateCompiler` against any JSON value, with the Mustache specification's semantics.
enum TemplateBench {
    /// The bytes of `path` (standard input for `-`); a file that cannot be read exits 66.
    static func bytes(of path: String) throws -> [UInt8] {
        if path == "-" { return try InputFile(argument: path).read(maxBytes: .max) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostics.fail("\(path): no such file", code: ExitCodes.noInput)
        }
        guard !isDirectory.boolValue else { throw Diagnostics.fail("\(path): is a folder, not a file", code: ExitCodes.noInput) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostics.fail("\(path): cannot be read", code: ExitCodes.noInput)
        }
        return Array(data)
    }

    /// The text of the template file `path`: exit 66 when it cannot be read, 78 when it is not UTF-8.
    static func text(of path: String) throws -> String {
        guard let text = String(validating: try bytes(of: path), as: UTF8.self) else {
            throw Diagnostics.fail("\(path): is not UTF-8 text", code: ExitCodes.configuration)
        }
        return text
    }

    /// The document of the template `path` for the JSON context `contextPath`. A template (or a partial it
    /// includes) that does not parse, or a header that names no escaping, exits 78; a context that is not JSON, 1.
    static func render(_ path: String, context contextPath: String) throws -> [UInt8] {
        let text = try text(of: path)
        let library = try library(path, text: text)
        let escaping: any ByteEscaping.Type
        do throws(TemplateError) {
            escaping = try TemplateFormats.escaping(ofTemplate: text, file: URL(fileURLWithPath: path))?.byteEscaping
                ?? HTMLEscaping.self  // a plain NAME.mustache: the specification's own
        } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
        let context: JSONValue
        do { context = try JSONParser().parse(try bytes(of: contextPath)) } catch let error as JSONSyntaxError {
            throw Diagnostics.fail("\(contextPath == "-" ? "<stdin>" : contextPath): \(error)", code: ExitCodes.invalidAlert)
        }
        do { return try render(library, context, escaping) } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
    }

    private static func render<E: ByteEscaping>(_ library: TemplateLibrary, _ context: JSONValue,
                                                _ escaping: E.Type) throws(TemplateDiagnostic) -> [UInt8] {
        try JSONRenderer(library, escaping: escaping).render(context)
    }

    /// The template parsed, with every `NAME.mustache` file of its folder as a partial. A partial that does not parse
    /// stops the render only when the template includes it (through other partials too), as a format's do.
    private static func library(_ path: String, text: String) throws -> TemplateLibrary {
        let template: TemplateTree
        do { template = try TemplateTree(parsing: text, file: path) } catch {
            throw Diagnostics.fail(error.description, code: ExitCodes.configuration)
        }
        let folder = (path as NSString).deletingLastPathComponent
        var partials: [String: TemplateTree] = [:]
        var failures: [String: String] = [:]
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        for file in files.sorted() where file.hasSuffix(".mustache") && !file.hasPrefix(".") {
            let name = String(file.dropLast(".mustache".count))
            guard !name.contains(".") else { continue }  // a format's file, NAME.EXT.mustache
            let partial = folder.isEmpty ? file : folder + "/" + file
            guard let data = FileManager.default.contents(atPath: partial), let text = String(validating: data, as: UTF8.self) else {
                failures[name] = "\(partial): cannot be read as UTF-8 text"
                continue
            }
            do { partials[name] = try TemplateTree(parsing: text, file: partial) } catch { failures[name] = error.description }
        }
        var seen: Set<String> = []
        var waiting = includes(template.nodes)
        while let name = waiting.popLast() {
            guard seen.insert(name).inserted else { continue }
            if let failure = failures[name] { throw Diagnostics.fail(failure, code: ExitCodes.configuration) }
            waiting += partials[name].map { includes($0.nodes) } ?? []
        }
        return TemplateLibrary(template: template, partials: partials)
    }

    /// The partials `nodes` include, sections' bodies too.
    private static func includes(_ nodes: [Node]) -> [String] {
        nodes.flatMap { node -> [String] in
            switch node {
            case .partial(let name, _, _): [name]
            case .section(_, _, let body, _): includes(body)
            case .text, .variable: []
            }
        }
    }
}
