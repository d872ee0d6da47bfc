import AlertModel
import AlertPresentation
import AlertRendering
import Foundation
import FuzzSupport

// Bytes → every format: the built-in ones and the shipped templates, pages and fragments, in both shipped locales.
// Properties: nothing crashes; `render`, `renderUTF8` and `renderDocument` give the same bytes; the JSON formats
// (the view, the Slack and push templates) parse; a document never holds a NUL or an ESC from the input.

// A fixed date: an email's `Date:` header is the time of rendering otherwise.
let date = Date(timeIntervalSince1970: 1_790_000_000)
let fragments = [RenderOptions(fragment: false, date: date), RenderOptions(fragment: true, textWidth: 40, date: date)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let start = UnsafeRawPointer(data)
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    for pipeline in Fuzz.pipelines {
        guard let view = try? pipeline.view(bytes) else { return 0 }
        for format in pipeline.formats.formats {
            guard let emitter = try? pipeline.formats.emitter(named: format.name) else {
                Fuzz.fail("a listed format has no emitter: \(format.name)")
            }
            for options in fragments {
                let text: String, utf8: [UInt8], document: [UInt8]
                do {
                    text = try emitter.render(view, options: options)
                    utf8 = try emitter.renderUTF8(view, options: options)
                    document = try emitter.renderDocument(view, options: options).bytes
                } catch {
                    Fuzz.fail("\(format.name) cannot render a decoded alert: \(error)")
                }
                guard Array(text.utf8) == utf8, utf8 == document else {
                    Fuzz.fail("\(format.name): render, renderUTF8 and renderDocument differ")
                }
                if utf8.contains(0) || utf8.contains(0x1B) {
                    Fuzz.fail("\(format.name): a NUL or ESC reached the document")
                }
                if format.mediaType == "application/json",
                   (try? JSONSerialization.jsonObject(with: Data(utf8), options: [.fragmentsAllowed])) == nil {
                    Fuzz.fail("\(format.name): the document is not JSON:\n\(text)")
                }
            }
        }
    }
    return 0
}

@_cdecl("FuzzPipeline_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.main(argc, argv, { fuzzPipeline($0, $1) })
}
