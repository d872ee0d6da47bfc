import AlertModel
import FuzzSupport

// Bytes → an alert or errors. Properties: decoding never crashes, hangs or exhausts memory; the one-pass reader
// (taken for plainly valid alerts) and the general one (parse, validate, build) give the same alert and warnings;
// and an alert accepted under tight limits is accepted, the same, under the default ones.

let decoder = AlertDecoder()
let tight = AlertDecoder(limits: AlertLimits(maxBytes: 4096, maxEvents: 3, maxStringBytes: 40, maxDepth: 6))

/// The general reader alone: what `decode` does when the one-pass reader declines.
func general(_ bytes: UnsafeRawBufferPointer, _ decoder: AlertDecoder) -> Result<DecodedAlert, AlertDecodingError> {
    var parser = decoder.parser
    parser.maxDepth = min(parser.maxDepth, decoder.limits.maxDepth)
    parser.maxStringBytes = min(parser.maxStringBytes, decoder.limits.maxStringBytes)
    do {
        let json = try parser.parse(bytes)
        return Result { () throws(AlertDecodingError) in try decoder.decode(json: json) }
    } catch {
        return .failure(.notJSON(error))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let start = UnsafeRawPointer(data)
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let decoded = Result { () throws(AlertDecodingError) in try decoder.decode(bytes) }
    guard count <= decoder.limits.maxBytes else { return 0 }
    switch (decoded, general(bytes, decoder)) {
    case (.success(let one), .success(let other)):
        guard one == other else { Fuzz.fail("the one-pass and general readers differ:\n\(one)\n\(other)") }
    case (.success(let one), .failure(let error)):
        Fuzz.fail("the one-pass reader accepts what the general one refuses (\(error)): \(one)")
    case (.failure(let error), .success(let other)):
        Fuzz.fail("decode refuses (\(error)) what the general reader accepts: \(other)")
    case (.failure, .failure):
        break
    }
    if case .success(let small) = Result(catching: { () throws(AlertDecodingError) in try tight.decode(bytes) }) {
        guard case .success(let full) = decoded, full == small else {
            Fuzz.fail("accepted under tight limits, not the same under the default ones: \(small) / \(decoded)")
        }
    }
    return 0
}

@_cdecl("FuzzDecoder_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.main(argc, argv, { fuzzDecoder($0, $1) })
}
