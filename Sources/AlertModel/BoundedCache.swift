import Foundation

/// A dictionary shared by the threads of a batch, for values worked out once and reused (markup, country names):
/// bounded, it starts again
/// when full, so that a feed of ever-new keys costs memory in proportion to the limit, not to the feed.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let limit: Int

    package init(limit: Int = 512) { self.limit = limit }

    /// The value for `key`, made by `make` (outside the lock) the first time.
    package func value(for key: Key, make: () -> Value) -> Value {
        if let value = lock.withLock({ values[key] }) { return value }
        let value = make()
        lock.withLock {
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }
}
