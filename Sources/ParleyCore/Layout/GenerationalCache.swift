/// A bounded cache of the values used lately, in two generations: new values go into the
/// newer one, a value found in the older one moves to the newer, and when the newer holds
/// ``generationSize`` values it becomes the older and the former older is dropped. Memory
/// stays bounded however long it is used, and what was used within the last generation
/// stays.
///
/// The layout engine keeps its layouts in one, the terminal's measurer its wrapped lines
/// (shared with the terminal as SPI, `@_spi(Tables) import ParleyCore`). Not thread-safe:
/// its owners keep it behind a lock.
@_spi(Tables) public struct GenerationalCache<Key: Hashable, Value> {
    @usableFromInline var recent: [Key: Value] = [:]
    @usableFromInline var older: [Key: Value] = [:]
    /// How many values the newer generation holds before it becomes the older.
    public let generationSize: Int

    /// An empty cache whose generations hold `generationSize` values each (at least one).
    @inlinable public init(generationSize: Int) {
        self.generationSize = Swift.max(1, generationSize)
    }

    /// How many values are kept, in both generations.
    @inlinable public var count: Int { recent.count + older.count }

    /// The value kept for `key`, moved to the newer generation when found in the older.
    @inlinable public mutating func value(for key: Key) -> Value? {
        if let value = recent[key] { return value }
        guard let value = older[key] else { return nil }
        recent[key] = value
        return value
    }

    /// Keeps `value` for `key` in the newer generation, turning the generations first when
    /// it is full.
    @inlinable public mutating func insert(_ value: Value, for key: Key) {
        if recent.count >= generationSize {
            older = recent
            recent = [:]
        }
        recent[key] = value
    }

    /// Forgets every value.
    @inlinable public mutating func removeAll() {
        recent = [:]
        older = [:]
    }
}

extension GenerationalCache: Sendable where Key: Sendable, Value: Sendable {}
