/// A hash table from whole numbers (row indices, a line's storage address) to values,
/// for lookups made many times a frame.
///
/// `Dictionary` hashes every key with a seeded SipHash, about 200 instructions a lookup
/// with the probe; a terminal frame made about a hundred of them for heights and lines it
/// already knew (callgrind, #15). Here a key is spread by one multiplication (Fibonacci
/// hashing: the product's high bits) and looked for by linear probing, which for keys
/// that are already distinct numbers costs a few dozen instructions.
///
/// Shared by Parley's modules as SPI (`@_spi(Tables) import ParleyCore`), not part of the
/// API apps use. Only what its users need: lookup, insertion or replacement, emptying, and keeping the
/// entries a test passes. It grows at three quarters full and never shrinks until
/// emptied. No key is removed alone, so a probe ends at the first empty slot.
@_spi(Tables) public struct IntKeyedTable<Value> {
    @usableFromInline var keys: [Int] = []
    @usableFromInline var values: [Value?] = []
    /// `keys.count - 1`: the slots are a power of two.
    @usableFromInline var mask = -1
    /// How far the product is shifted to leave as many bits as there are slots.
    @usableFromInline var shift = 64
    /// The number of entries.
    @usableFromInline var storedCount = 0

    /// An empty table.
    @inlinable public init() {}

    /// An empty table with room for `capacity` entries before it grows.
    @inlinable public init(minimumCapacity capacity: Int) {
        var slots = 16
        while slots * 3 < capacity * 4 { slots *= 2 }
        resize(to: slots)
    }

    /// Marks an empty slot: a key no user stores (no index, no address, is this).
    @inlinable static var vacant: Int { Int.min }

    /// The number of entries.
    @inlinable public var count: Int { storedCount }

    /// Whether the table holds nothing.
    @inlinable public var isEmpty: Bool { storedCount == 0 }

    @inlinable @inline(__always)
    func slot(_ key: Int) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    /// The value kept for `key`; setting `nil` is not supported (see the type).
    @inlinable public subscript(key: Int) -> Value? {
        get {
            guard storedCount > 0 else { return nil }
            var index = slot(key)
            while true {
                let found = keys[index]
                if found == key { return values[index] }
                if found == Self.vacant { return nil }
                index = (index + 1) & mask
            }
        }
        set {
            guard let newValue else {
                preconditionFailure("IntKeyedTable removes entries only all at once")
            }
            precondition(key != Self.vacant, "Int.min cannot be a key")
            if (storedCount + 1) * 4 > keys.count * 3 { grow() }
            var index = slot(key)
            while true {
                let found = keys[index]
                if found == key {
                    values[index] = newValue
                    return
                }
                if found == Self.vacant {
                    keys[index] = key
                    values[index] = newValue
                    storedCount += 1
                    return
                }
                index = (index + 1) & mask
            }
        }
    }

    /// Empties the table, keeping its slots for the next entries.
    @inlinable public mutating func removeAll() {
        guard storedCount > 0 else { return }
        keys.withUnsafeMutableBufferPointer { $0.update(repeating: Self.vacant) }
        values.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
        storedCount = 0
    }

    /// Removes the entries `isExcluded` accepts.
    @inlinable public mutating func removeAll(where isExcluded: (Value) -> Bool) {
        let old = (keys: keys, values: values)
        removeAll()
        for index in old.keys.indices where old.keys[index] != Self.vacant {
            if let value = old.values[index], !isExcluded(value) { self[old.keys[index]] = value }
        }
    }

    /// Doubles the slots (16 at first).
    @inlinable mutating func grow() { resize(to: Swift.max(16, keys.count * 2)) }

    /// Makes `slots` slots (a power of two) and places every entry again.
    @inlinable mutating func resize(to slots: Int) {
        let old = (keys: keys, values: values)
        keys = Array(repeating: Self.vacant, count: slots)
        values = Array(repeating: nil, count: slots)
        mask = slots - 1
        shift = 64 - slots.trailingZeroBitCount
        storedCount = 0
        for index in old.keys.indices where old.keys[index] != Self.vacant {
            if let value = old.values[index] { self[old.keys[index]] = value }
        }
    }
}

extension IntKeyedTable: Sendable where Value: Sendable {}
