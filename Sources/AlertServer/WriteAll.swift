import Foundation

/// Writes all of `bytes` to `descriptor`, again after a signal interrupts; false when the descriptor fails (its
/// reader is gone). Blocks while the descriptor is full: call it from a thread of its own.
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}
