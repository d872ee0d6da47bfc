import AlertPresentation
import AlertRendering
import Foundation
import FuzzSupport

// Bytes → a user template (`fuzz.txt.mustache`, its first line may set the escaping), loaded the way
// `--templates DIR` loads one, and rendered with views of every sample. Properties: a template that cannot be
// loaded or rendered is a `TemplateError`, never a crash; rendering the same view again gives the same document,
// including from the third time on, when the document is put together from the template's shape
// (`TemplateShapes`) instead of rendered.

let folder = Fuzz.scratch.appendingPathComponent("templates")
let file = folder.appendingPathComponent("fuzz.txt.mustache")
let views = Array(Fuzz.sampleViews.prefix(12))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let start = UnsafeRawPointer(data)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: file.path, contents: Data(UnsafeRawBufferPointer(start: start, count: count))) else {
        Fuzz.fail("cannot write \(file.path)")
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
                do { document = try emitter.render(view, options: .default) } catch {
                    guard error is TemplateError else { Fuzz.fail("a render error that is no TemplateError: \(error)") }
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
