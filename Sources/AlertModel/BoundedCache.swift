import Foundation

/// A dictionary shared by the threads of a batch, for values worked out once and reused (markup, country names):
/// bounded, so that a feed of ever-new keys costs memory in proportion to the limit, not to the feed.
///
/// When full, the entry used least makes room for each new one: every look-up counts a hit, and the hits are halved
/// every `limit` evictions, so that a key frequent long ago gives way. A feed's few hundred frequent kinds of advice
/// stay while its long tail of rare ones takes turns in the rest (evicting at random, or clearing all, made the
/// frequent ones render again and again).
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Each key's slot in `entries` and `hits`.
    private var slots: [Key: Int] = [:]
    private var entries: [(key: Key, value: Value)] = []
    /// Apart from the entries, so that finding the least used one reads a row of integers.
    private var hits: [Int] = []
    private var evictions = 0
    private let limit: Int

    package init(limit: Int) { self.limit = max(1, limit) }

    /// How many entries it holds.
    package var count: Int { lock.withLock { entries.count } }

    /// How many of its values satisfy `predicate`.
    package func count(where predicate: (Value) -> Bool) -> Int {
        lock.withLock { entries.count { predicate($0.value) } }
    }

    /// The value for `key`, if there is one (counting the hit).
    package func value(for key: Key) -> Value? {
        lock.withLock {
            guard let slot = slots[key] else { return nil }
            hits[slot] += 1
            return entries[slot].value
        }
    }

    /// Puts `value` for `key`, in place of the one there.
    package func set(_ value: Value, for key: Key) {
        lock.withLock { insert(value, for: key) }
    }

    /// The value for `key`, made by `make` (outside the lock) the first time.
    package func value(for key: Key, make: () -> Value) -> Value {
        if let value = value(for: key) { return value }
        let value = make()
        set(value, for: key)
        return value
    }

    /// Called with the lock held.
    private func insert(_ value: Value, for key: Key) {
        if let slot = slots[key] {
            entries[slot].value = value
            return
        }
        guard entries.count >= limit else {
            slots[key] = entries.count
            entries.append((key, value))
            hits.append(1)
            return
        }
        var least = 0
        for slot in hits.indices where hits[slot] < hits[least] { least = slot }
        slots[entries[least].key] = nil
        slots[key] = least
        entries[least] = (key, value)
        hits[least] = 1
        evictions += 1
        if evictions % limit == 0 {
            for slot in hits.indices { hits[slot] /= 2 }
        }
    }
}
