import AlertPresentation
import AlertRendering
import Foundation
import FuzzSupport

// Bytes → a user template (`fuzz.txt.mustache`, its first line may set the escaping) and up to three partials
// (`a`, `b`, `c`), the parts cut at lines of `----`, loaded the way `--templates DIR` loads them, and rendered with
// views of every sample. Properties: a template that cannot be loaded is a `TemplateError` (partials that include
// themselves, chains too deep), never a crash or a stack overflow; a render ends within its limits, as a document
// or a `TemplateError` or `RenderLimitError`; rendering the same view again gives the same document, including from
// the third time on, when the document is put together from the template's shape (`TemplateShapes`).

let folder = Fuzz.scratch.appendingPathComponent("templates")
let files = ["fuzz.txt.mustache", "a.mustache", "b.mustache", "c.mustache"].map { folder.appendingPathComponent($0) }
/// Small limits, so that a template that multiplies a list ends quickly.
let options = RenderOptions(maxDocumentBytes: 1 << 20, timeLimit: .seconds(2))
let views = Array(Fuzz.sampleViews.prefix(12))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let start = UnsafeRawPointer(data)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    var parts: [[UInt8]] = [[]]
    var index = 0
    let separator = Array("\n----\n".utf8)
    while index < bytes.count {
        if parts.count < files.count, bytes[index...].starts(with: separator) {
            parts.append([])
            index += separator.count
            continue
        }
        parts[parts.count - 1].append(bytes[index])
        index += 1
    }
    for (offset, file) in files.enumerated() {
        if offset < parts.count {
            guard FileManager.default.createFile(atPath: file.path, contents: Data(parts[offset])) else {
                Fuzz.fail("cannot write \(file.path)")
            }
        } else {
            try? FileManager.default.removeItem(at: file)
        }
    }
    let formats: [any AlertEmitter]
    do {
        formats = try TemplateFormats.load([folder])
    } catch {
        return 0  // refused, with the file and the place: what a user sees
    }
    for emitter in formats {
        for view in views {
            var first: String?
            for round in 0..<3 {
                let document: String
                do { document = try emitter.render(view, options: options) } catch {
                    guard error is TemplateError || error is RenderLimitError else {
                        Fuzz.fail("a render error that is neither a TemplateError nor a RenderLimitError: \(error)")
                    }
                    break
                }
                if let first, first != document {
                    Fuzz.fail("round \(round) differs from the first:\n\(first)\n---\n\(document)")
                }
                first = first ?? document
            }
        }
    }
    return 0
}

@_cdecl("FuzzTemplate_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.main(argc, argv, { fuzzTemplate($0, $1) })
}
