import AlertBatch
import Foundation
import FuzzSupport

// Bytes → a feed's records, as `alertkit batch` reads them. The same bytes are read three times, from a file by its
// path (`alertkit batch FILE`), from an open descriptor (`DescriptorSource`), and from memory a few bytes at a time
// (a `ByteSource` like `alertkit serve`'s `/v1/batch` body, its chunk size taken from the input), with a small
// record limit so that oversize records are common. Properties: reading ends, without a crash; every way gives the
// same records; records are numbered in order, their lines never go back, and every record's bytes are in the input
// as written.

let maxRecordBytes = 256
let file = Fuzz.scratch.appendingPathComponent("feed.ndjson").path

struct Seen: Equatable {
    var line: Int, index: Int, bytes: [UInt8], unreadable: String?
}

func read(_ stream: RecordStream) -> [Seen] {
    var seen: [Seen] = []
    while let record = stream.next() {
        guard record.position == seen.count else { Fuzz.fail("record \(seen.count) is numbered \(record.position)") }
        seen.append(Seen(line: record.line, index: record.index, bytes: record.bytes, unreadable: record.unreadable))
    }
    return seen
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let start = UnsafeRawPointer(data)
    let input = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard FileManager.default.createFile(atPath: file, contents: Data(input)) else { Fuzz.fail("cannot write \(file)") }
    let byPath = read(RecordStream(inputs: [BatchInput(file)], maxRecordBytes: maxRecordBytes))
    let descriptor = open(file, O_RDONLY)
    guard descriptor >= 0 else { Fuzz.fail("cannot open \(file)") }
    let byDescriptor = read(RecordStream(source: DescriptorSource(descriptor: descriptor, closes: true), name: "<body>",
                                         maxRecordBytes: maxRecordBytes))
    guard byPath == byDescriptor else {
        Fuzz.fail("a file read by path and by descriptor gives different records:\n\(byPath)\n\(byDescriptor)")
    }
    let chunk = 1 + Int(input.first ?? 0) % 13
    let inChunks = read(RecordStream(source: MemorySource(input, chunk: chunk), name: "<body>", maxRecordBytes: maxRecordBytes))
    guard byPath == inChunks else {
        Fuzz.fail("a file read by path and from memory \(chunk) bytes at a time gives different records:\n\(byPath)\n\(inChunks)")
    }
    guard !byPath.isEmpty else { Fuzz.fail("an input gave no record at all (an empty one is one rejected record)") }
    var line = 0
    for record in byPath {
        guard record.line >= line else { Fuzz.fail("lines go back: \(record.line) after \(line)") }
        line = record.line
        guard record.bytes.isEmpty || input.firstRange(of: record.bytes) != nil else {
            Fuzz.fail("a record's bytes are not in the input: \(record.bytes)")
        }
    }
    return 0
}

@_cdecl("FuzzLineReader_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    Fuzz.main(argc, argv, { fuzzLineReader($0, $1) })
}
