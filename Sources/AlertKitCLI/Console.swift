import AlertBatch
import Foundation

/// Standard output, written at once and checked: a full disk or a closed pipe is an error that exits 73, never
/// output lost with exit 0.
enum Console {
    /// Writes `text` and a newline.
    static func line(_ text: String) throws {
        try write(Array((text + "\n").utf8))
    }

    /// Writes bytes.
    static func write(_ bytes: [UInt8]) throws {
        do { try DescriptorWriter.writeAll(bytes, to: STDOUT_FILENO) } catch {
            throw Diagnostics.fail("standard output: cannot be written (\(error))", code: ExitCodes.cannotCreate)
        }
    }
}
