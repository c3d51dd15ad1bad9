/// The answers met lately for a memo's keys, in 64 slots in front of its dictionary: a
/// key's slot is picked from its bits by a multiplication (``CellStyle/slot``,
/// ``Glyph/slot``), so a key met again costs a comparison where the dictionary hashed it
/// with SipHash, about 200 instructions (#15). A slot holds the last key put in it; the
/// slots are made on first use, since a memo is often made only to stand in for another.
struct RecentSlots<Key: Equatable, Value> {
    /// How many slots there are; a slot is `0..<count`.
    static var count: Int { 64 }

    private var entries: [(key: Key, value: Value)?] = []

    /// The value kept for `key` in `slot`, if that slot holds `key`.
    func value(for key: Key, in slot: Int) -> Value? {
        guard slot < entries.count, let entry = entries[slot], entry.key == key else { return nil }
        return entry.value
    }

    /// Keeps `value` for `key` in `slot`, in place of what the slot held.
    mutating func remember(_ value: Value, for key: Key, in slot: Int) {
        if entries.isEmpty { entries = Array(repeating: nil, count: Self.count) }
        entries[slot] = (key, value)
    }
}

extension RecentSlots: Sendable where Key: Sendable, Value: Sendable {}
