import Foundation

/// A dictionary shared by the threads of a batch, for values worked out once and reused (markup, country names):
/// bounded, so that a feed of ever-new keys costs memory in proportion to the limit, not to the feed. When full, one
/// entry makes room for each new one (a feed's few hundred kinds of advice stay; clearing all would render them all
/// again).
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let limit: Int

    package init(limit: Int) { self.limit = limit }

    /// Puts `value` for `key`, in place of the one there.
    package func set(_ value: Value, for key: Key) {
        lock.withLock {
            if values[key] == nil, values.count >= limit { values.remove(at: values.startIndex) }
            values[key] = value
        }
    }

    /// The value for `key`, made by `make` (outside the lock) the first time.
    package func value(for key: Key, make: () -> Value) -> Value {
        if let value = lock.withLock({ values[key] }) { return value }
        let value = make()
        lock.withLock {
            if values.count >= limit { values.remove(at: values.startIndex) }
            values[key] = value
        }
        return value
    }
}
