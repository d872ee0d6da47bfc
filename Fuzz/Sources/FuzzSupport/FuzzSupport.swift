import AlertModel
import AlertPresentation
import AlertRendering
import CFuzzDriver
import Foundation

/// What the fuzz targets share: how a finding is reported, the shipped pipelines, and a scratch folder.
public enum Fuzz {
    /// Reports a broken property and stops the run: libFuzzer saves the input that did it (`crash-…`).
    public static func fail(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
        FileHandle.standardError.write(Data("fuzz finding: \(message)\n".utf8))
        fatalError(message, file: file, line: line)
    }

    /// Runs libFuzzer on `target`: a target's entry point (SwiftPM names it `MODULE_main` and makes it the process's
    /// `main`, so libFuzzer's own `main` is not used).
    public static func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                            _ target: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt {
        var argc = argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&argc, &argv, target)
    }

    /// One pipeline for each shipped locale, with every format (the built-in ones and the shipped templates); the
    /// Spanish one shows sensitive values, so every field's text reaches its documents.
    public static let pipelines: [AlertPipeline] = ContentCatalog.shippedLocales.map { locale in
        do {
            let catalog = try ContentCatalog.shipped(locale: locale)
            return AlertPipeline(context: PresentationContext(catalog: catalog,
                                                              options: .init(revealsSensitiveValues: locale != "en")),
                                 formats: try FormatRegistry.standard(templates: []))
        } catch {
            fail("the shipped catalog or templates do not load: \(error)")
        }
    }

    /// Views of the shipped samples (`SampleData/`, beside this package), in both locales: the contexts templates
    /// are rendered with.
    public static let sampleViews: [AlertView] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../SampleData").standardizedFileURL
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), !names.isEmpty else {
            fail("no samples in \(folder.path)")
        }
        return names.filter { $0.hasSuffix(".json") }.flatMap { name in
            pipelines.compactMap { pipeline in
                (try? Data(contentsOf: folder.appendingPathComponent(name))).flatMap { try? pipeline.view($0) }
            }
        }
    }()

    /// A folder of this process's own for the files a target writes: inside `ALERTKIT_FUZZ_SCRATCH` (the folder
    /// `scripts/fuzz.sh` makes and removes), else the temporary folder; removed when the process exits normally.
    public static let scratch: URL = {
        let url = URL(fileURLWithPath: scratchPath())
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fuzz.scratchPath()) }
        return url
    }()

    private static func scratchPath() -> String {
        let base = ProcessInfo.processInfo.environment["ALERTKIT_FUZZ_SCRATCH"] ?? NSTemporaryDirectory()
        return "\(base)/alertkit-fuzz-\(getpid())"
    }
}
